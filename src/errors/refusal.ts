// How the layers below HTTP (db/, import/, discovery/) refuse something (fields/ names its FieldFault): a Refusal
// names its kind, a code, a message and the faults, and knows nothing of HTTP; http/errors.ts gives each kind its
// status. It imports nothing, so that every room may throw it.

/** One problem with one field; `field` is a path into what was checked (`rows[7].name`, `data.ports[2].mode`). */
export interface FieldFault {
  field: string;
  message: string;
  /** The code of the message's form (lib/message-forms.ts), when it has one, and the values it is worded from. */
  code?: string;
  params?: Record<string, string | number>;
}

/** What was wrong: the input breaks a rule, names nothing that exists, or clashes with the stored data. */
export type RefusalKind = 'invalid' | 'not_found' | 'conflict';

/** A refusal of the data layer, with the code and message the API answers (`undo_conflict`, `validation_failed`). */
export class Refusal extends Error {
  readonly kind: RefusalKind;
  readonly code: string;
  readonly details?: FieldFault[];
  /** The values `message` is worded from by the form of its code (lib/message-forms.ts ERROR_FORMS), when it is. */
  readonly params?: Record<string, string | number>;
  /** The variant of its code's form that words `message` (`lag_member.owns`), when the code has several. */
  readonly form?: string;

  constructor(
    kind: RefusalKind,
    code: string,
    message: string,
    details?: FieldFault[],
    params?: Record<string, string | number>,
    form?: string,
  ) {
    super(message);
    this.kind = kind;
    this.code = code;
    this.details = details;
    this.params = params;
    this.form = form;
  }
}
