// A field's name as the UI shows it (the changes of an activity entry, the reasons an entry cannot be undone).
import { en, t } from './messages.ts';
import type { MessageKey } from './messages.ts';

/** A field's label: its catalogue entry, else its name in words ("poeBudgetWatts" → "Poe budget watts"). */
export function fieldLabel(field: string): string {
  if (`changeField.${field}` in en) return t(`changeField.${field}` as MessageKey);
  return upperFirst(field.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase());
}

export const upperFirst = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
