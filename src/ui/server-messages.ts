// The API's messages in the user's language: a finding by its kind, an error and each of its faults by their code,
// each worded from its params by the catalogue's form of that code (the server's forms: src/lib/message-forms.ts);
// the server's English text in English, and when it sends no params or the catalogue has no form of the code.
import { fieldLabel } from './field-label.ts';
import { formatNumber, serverForm, t } from './messages.ts';

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
  return [...form.matchAll(/\{(\w+)\}/g)].every(([, name]) => name! in values) ? t(key as never, localNumbers(values)) : undefined;
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

/** The params that are amounts (watts, per cents, counts of addresses and ports) that the server's forms are worded from. */
const AMOUNTS = new Set(['demand', 'budget', 'percent', 'used', 'dhcp', 'reserved', 'usable', 'switchCount', 'ports']);

/** Amounts and fractions written in the user's locale ("25,5", "65.534" in German); numbers that name (a VLAN, a prefix) as they are. */
const localNumbers = (params: Params): Params =>
  Object.fromEntries(
    Object.entries(params).map(([name, v]) => [
      name,
      typeof v === 'number' && (AMOUNTS.has(name) || !Number.isInteger(v)) ? formatNumber(v) : v,
    ]),
  );

type Fault = { code?: string; params?: ServerParams; message: string };

/** A fault of an error answer (details[]) in the user's language; a fault it quotes (`as_it_would_be`) too. */
export function faultText(fault: Fault): string {
  const quoted = quotedFault(fault.params);
  const params = quoted ? { ...fault.params, fault: faultText(quoted) } : fault.params;
  return wordedOr(`serverFault.${fault.code}`, params, fault.message);
}

/** The fault that params quote as {fault}: its code in `faultCode`, its params as `fault.<name>`. */
function quotedFault(params: ServerParams | undefined): Fault | undefined {
  if (typeof params?.faultCode !== 'string' || typeof params.fault !== 'string') return undefined;
  const own = Object.entries(params).filter(([name]) => name.startsWith('fault.'));
  return { code: params.faultCode, params: Object.fromEntries(own.map(([name, value]) => [name.slice(6), value])), message: params.fault };
}

/** An error answer's own message in the user's language, by the variant of its code's form it names, else by its code. */
export const errorText = (error: { code: string; form?: string; params?: ServerParams; message: string }): string =>
  wordedOr(`serverError.${error.form ?? error.code}`, error.params, error.message);

/**
 * The reason of a fix of the 0.20.x migration in the user's language, by its code (GET /api/migration, a fix entry's
 * changes): the fault it quotes worded too, the field that keeps a refused value by its label.
 */
export function fixReasonText(fix: { code?: string; params?: ServerParams; reason: string }): string {
  const quoted = quotedFault(fix.params);
  const keeper = fix.params?.keeper;
  const params = fix.params && {
    ...fix.params,
    ...(quoted && { fault: faultText(quoted) }),
    ...(typeof keeper === 'string' && { keeper: fieldLabel(keeper) }),
  };
  return wordedOr(`serverFix.${fix.code}`, params, fix.reason);
}

/** A finding of GET /api/checks in the user's language, by its form: its kind's own, or the variant it names. */
export function findingText(finding: { kind: string; form?: string; params?: ServerParams; message: string }): string {
  const form = finding.form ?? finding.kind;
  return wordedOr(`serverFinding.${form}`, finding.params, finding.message);
}
