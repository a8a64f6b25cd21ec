// Labelled form controls: each has a visible label, shows the API's message for its field beneath it, and
// links the two for assistive technology.
import { html, useId } from '../html.ts';
import type { ComponentChildren } from '../html.ts';
import type { FormState } from '../use-form.ts';

type Common = { label: string; name: string; error?: string; hint?: string; required?: boolean; disabled?: boolean };

function Wrap(p: Common & { id: string; children: ComponentChildren }) {
  return html`<div class=${`field${p.error ? ' has-error' : ''}`}>
    <label for=${p.id}>${p.label}</label>
    ${p.children}
    ${p.hint && html`<p class="hint" id=${`${p.id}-hint`}>${p.hint}</p>`}
    ${p.error && html`<p class="field-error" id=${`${p.id}-err`} role="alert">${p.error}</p>`}
  </div>`;
}

function describedBy(id: string, p: Common): string | undefined {
  const ids = [p.hint ? `${id}-hint` : '', p.error ? `${id}-err` : ''].filter(Boolean).join(' ');
  return ids || undefined;
}

type TextProps = Common & {
  value: string;
  onInput: (v: string) => void;
  type?: string;
  placeholder?: string;
  autocomplete?: string;
  inputMode?: string;
  maxLength?: number;
  min?: number;
  max?: number;
  autofocus?: boolean;
};

/** A labelled single-line input. */
export function TextField(p: TextProps) {
  const id = useId();
  return html`<${Wrap} ...${p} id=${id}>
    <input id=${id} name=${p.name} type=${p.type ?? 'text'} value=${p.value}
      onInput=${(e: Event) => p.onInput((e.currentTarget as HTMLInputElement).value)}
      placeholder=${p.placeholder} autocomplete=${p.autocomplete ?? 'off'} inputmode=${p.inputMode}
      maxlength=${p.maxLength} min=${p.min} max=${p.max} required=${p.required} disabled=${p.disabled}
      autofocus=${p.autofocus} aria-invalid=${p.error ? 'true' : undefined} aria-describedby=${describedBy(id, p)} />
  </${Wrap}>`;
}

/** A labelled multi-line input. */
export function TextArea(p: Common & { value: string; onInput: (v: string) => void; rows?: number }) {
  const id = useId();
  return html`<${Wrap} ...${p} id=${id}>
    <textarea id=${id} name=${p.name} rows=${p.rows ?? 3} value=${p.value} disabled=${p.disabled}
      onInput=${(e: Event) => p.onInput((e.currentTarget as HTMLTextAreaElement).value)}
      aria-invalid=${p.error ? 'true' : undefined} aria-describedby=${describedBy(id, p)}></textarea>
  </${Wrap}>`;
}

type Option = { value: string; label: string };

/** A labelled select. */
export function SelectField(p: Common & { value: string; onChange: (v: string) => void; options: Option[] }) {
  const id = useId();
  return html`<${Wrap} ...${p} id=${id}>
    <select id=${id} name=${p.name} value=${p.value} required=${p.required} disabled=${p.disabled}
      onChange=${(e: Event) => p.onChange((e.currentTarget as HTMLSelectElement).value)}
      aria-invalid=${p.error ? 'true' : undefined} aria-describedby=${describedBy(id, p)}>
      ${p.options.map((o) => html`<option value=${o.value} selected=${o.value === p.value}>${o.label}</option>`)}
    </select>
  </${Wrap}>`;
}

type Extra = Partial<Omit<TextProps, 'value' | 'onInput'>>;

/**
 * The fields of `form`'s values, each bound to its value, its error and its setter, disabled when `readOnly`:
 * `f.text('name', t('field.name'), { required: true })`; `extra` adds or overrides props.
 */
export function boundFields<T extends Record<string, string>>(form: FormState<T>, readOnly?: boolean) {
  const bound = (name: keyof T & string) => ({ name, value: form.values[name], error: form.errors[name], disabled: readOnly });
  const set = (name: keyof T & string) => (x: string) => form.set(name, x as T[typeof name]);
  return {
    text: (name: keyof T & string, label: string, extra: Extra = {}) =>
      html`<${TextField} label=${label} ...${bound(name)} onInput=${set(name)} ...${extra} />`,
    area: (name: keyof T & string, label: string, extra: Partial<Common> = {}) =>
      html`<${TextArea} label=${label} ...${bound(name)} onInput=${set(name)} ...${extra} />`,
    select: (name: keyof T & string, label: string, options: Option[], extra: Partial<Common> = {}) =>
      html`<${SelectField} label=${label} ...${bound(name)} onChange=${set(name)} options=${options} ...${extra} />`,
  };
}
