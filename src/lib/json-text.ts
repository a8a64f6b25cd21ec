/**
 * A value as JSON text for a message, cut to `max` characters (with …). JSON.parse reads a body nested 100,000
 * deep, where JSON.stringify overflows the stack: such a value is named by its kind instead.
 */
export function jsonForMessage(value: unknown, max = Number.POSITIVE_INFINITY): string {
  let text: string | undefined;
  try {
    text = JSON.stringify(value);
  } catch {
    return Array.isArray(value) ? 'a list nested too deep to show' : 'an object nested too deep to show';
  }
  if (text === undefined) return String(value);
  // A character is one or two UTF-16 units: 2 × max + 2 units hold more than max characters if the text has them.
  const points = [...text.slice(0, 2 * max + 2)];
  return points.length > max ? `${points.slice(0, max - 1).join('')}…` : text;
}
