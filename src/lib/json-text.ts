/**
 * A value as JSON text for a message, cut to `max` characters (with …). JSON.parse reads a body nested 100,000
 * deep, where JSON.stringify overflows the stack: such a value is named by its kind instead.
 */
export function jsonForMessage(value: unknown, max = Number.POSITIVE_INFINITY): string {
  const text = jsonOrNull(value);
  if (text === null) return tooDeep(value);
  if (text === undefined) return String(value);
  return cutText(text, max);
}

/** A text for a message: itself, or past `max` characters its first max − 1 and "…" (a surrogate pair never split). */
export function cutText(text: string, max: number): string {
  if (text.length <= max) return text;
  // A character is one or two UTF-16 units: 2 × max + 2 units hold more than max characters if the text has them.
  const points = [...text.slice(0, 2 * max + 2)];
  return points.length > max ? `${points.slice(0, max - 1).join('')}…` : text;
}

/** The value itself where JSON can write it (a log line, a stored entry), else what jsonForMessage names it. */
export function writableJson(value: unknown): unknown {
  return typeof value === 'object' && value !== null && jsonOrNull(value) === null ? tooDeep(value) : value;
}

/** JSON.stringify's text, or null where it overflows the stack. */
function jsonOrNull(value: unknown): string | undefined | null {
  try {
    return JSON.stringify(value);
  } catch {
    return null;
  }
}

function tooDeep(value: unknown): string {
  return Array.isArray(value) ? 'a list nested too deep to show' : 'an object nested too deep to show';
}
