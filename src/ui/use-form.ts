// Form state for the forms that report up: values, pending state, and the API's errors sorted into
// per-field messages, a general message, or a conflict (412) to reload.
import { useRef, useState } from './html.ts';
import { ApiError } from './api.ts';
import { t } from './messages.ts';

/** A form's state and what changes it, as useForm returns them. */
export type FormState<T> = {
  values: T;
  set: <K extends keyof T>(name: K, value: T[K]) => void;
  setValues: (v: T) => void;
  errors: Record<string, string>;
  formError: string | undefined;
  conflict: boolean;
  pending: boolean;
  onSubmit: (e: Event) => void;
};

/**
 * Holds a form's values; on submit calls `submit(values)` once (never twice at a time). When it rejects with an
 * ApiError, messages naming a field of this form go under that field, the rest above the buttons; the
 * values stay as typed.
 */
export function useForm<T extends Record<string, unknown>>(
  initial: T,
  submit: (values: T, helpers: { setValues: (v: T) => void }) => Promise<unknown>,
  extraFields: string[] = [],
): FormState<T> {
  const [values, setValues] = useState<T>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | undefined>(undefined);
  const [conflict, setConflict] = useState(false);
  const [pending, setPending] = useState(false);
  const busy = useRef(false);
  const set = <K extends keyof T>(name: K, value: T[K]) => setValues((v) => ({ ...v, [name]: value }));
  const onSubmit = (e: Event) => {
    e.preventDefault();
    if (busy.current) return;
    busy.current = true;
    setPending(true);
    setFormError(undefined);
    setErrors({});
    setConflict(false);
    submit(values, { setValues })
      .catch((err: unknown) => {
        const r = sortErrors(err, [...Object.keys(initial), ...extraFields]);
        setErrors(r.errors);
        setFormError(r.formError);
        setConflict(r.conflict);
      })
      .finally(() => {
        busy.current = false;
        setPending(false);
      });
  };
  return { values, set, setValues, errors, formError, conflict, pending, onSubmit };
}

/** Splits an error into messages for known fields and one general sentence. */
function sortErrors(err: unknown, fields: string[]): { errors: Record<string, string>; formError?: string; conflict: boolean } {
  if (!(err instanceof ApiError)) return { errors: {}, formError: String((err as Error)?.message ?? err), conflict: false };
  if (err.status === 412) {
    return { errors: {}, conflict: true, formError: t('form.conflict') };
  }
  const errors: Record<string, string> = {};
  const rest: string[] = [];
  for (const d of err.details) {
    const name =
      d.field
        ?.split('.')
        .pop()
        ?.replace(/\[\d+\]$/, '') ?? '';
    if (fields.includes(d.field)) errors[d.field] ??= d.message;
    else if (fields.includes(name)) errors[name] ??= d.message;
    else rest.push(d.field ? `${d.field}: ${d.message}` : d.message);
  }
  const named = Object.keys(errors).length > 0;
  const formError = rest.length ? `${err.message} ${rest.join('; ')}` : named ? undefined : err.message;
  return { errors, formError, conflict: false };
}
