// The API's messages in the user's language: a finding by its kind, an error and each of its faults by their code,
// each worded from its params by the catalogue's form of that code (the server's forms: src/lib/message-forms.ts);
// the server's English text in English, and when it sends no params or the catalogue has no form of the code.
import { fieldLabel } from './field-label.ts';
import { formatNumber, hasServerForm, t } from './messages.ts';

/** The values a message of the API is worded from. */
export type ServerParams = Record<string, unknown>;

type Params = Record<string, string | number>;

/** `word(params)` when the catalogue has the form `key` and the params are strings and numbers, else the server's `message`. */
function wordedOr(key: string, params: ServerParams | undefined, message: string): string {
  const wordable = params !== undefined && Object.values(params).every((v) => typeof v === 'string' || typeof v === 'number');
  return wordable && hasServerForm(key) ? t(key, localNumbers(params as Params)) : message;
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
