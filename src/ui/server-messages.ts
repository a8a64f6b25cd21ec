// The API's messages in the user's language: a finding by its kind, an error and each of its faults by their code,
// each worded from its params by the catalogue's form of that code (the server's forms: src/lib/message-forms.ts);
// the server's English text in English, and when it sends no params or the catalogue has no form of the code.
import { serverForm, t } from './messages.ts';

/** The values a message of the API is worded from. */
export type ServerParams = Record<string, unknown>;

type Params = Record<string, string | number>;

/** `word(params)` when the catalogue has the form `key` and the params word each of its placeholders, else the server's `message`. */
function wordedOr(key: string, params: ServerParams | undefined, message: string): string {
  return (params && worded(key, params)) ?? message;
}

/** The catalogue's form `key` filled from `params`, when it has one and the params can word every placeholder of it. */
function worded(key: string, params: ServerParams): string | undefined {
  const form = serverForm(key);
  const values = wordedParams(params);
  if (form === undefined || values === undefined) return undefined;
  return [...form.matchAll(/\{(\w+)\}/g)].every(([, name]) => name! in values) ? t(key as never, values) : undefined;
}

/** Params as text and numbers, a list worded part by part and joined; undefined when one cannot be worded. */
function wordedParams(params: ServerParams): Params | undefined {
  const worded: Params = {};
  for (const [name, value] of Object.entries(params)) {
    const text = typeof value === 'string' || typeof value === 'number' ? value : wordedList(value);
    if (text === undefined) return undefined;
    worded[name] = text;
  }
  return worded;
}

/** A list param (lib/message-forms.ts MessageList): each part by the catalogue's form of it, joined by its separator. */
function wordedList(value: unknown): string | undefined {
  const list = value as { separator?: unknown; parts?: { form?: unknown; params?: unknown }[] } | null;
  if (typeof list?.separator !== 'string' || !Array.isArray(list.parts)) return undefined;
  const parts: string[] = [];
  for (const part of list.parts) {
    if (typeof part?.form !== 'string' || typeof part.params !== 'object' || part.params === null) return undefined;
    const key = part.form.startsWith('fault.') ? `serverFault.${part.form.slice('fault.'.length)}` : `serverFinding.${part.form}`;
    const text = worded(key, part.params as ServerParams);
    if (text === undefined) return undefined;
    parts.push(text);
  }
  return parts.join(list.separator);
}

/** A fault of an error answer (details[]) in the user's language. */
export const faultText = (fault: { code?: string; params?: ServerParams; message: string }): string =>
  wordedOr(`serverFault.${fault.code}`, fault.params, fault.message);

/** An error answer's own message in the user's language. */
export const errorText = (error: { code: string; params?: ServerParams; message: string }): string =>
  wordedOr(`serverError.${error.code}`, error.params, error.message);

/** A finding of GET /api/checks in the user's language, by its form: its kind's own, or the variant it names. */
export function findingText(finding: { kind: string; form?: string; params?: ServerParams; message: string }): string {
  const form = finding.form ?? finding.kind;
  return wordedOr(`serverFinding.${form}`, finding.params, finding.message);
}
