// Why an activity entry cannot be undone, in the user's language. The server writes the reasons of the migrated
// 0.20.x history (src/legacy/history.ts, history-undo.ts) in English from a few forms, which the English catalogue
// holds (undoLost.*): the UI reads a reason back against them and says it again, a kind and field names as the UI
// names them. A reason of another form keeps the server's words.
import { fieldLabel } from './field-label.ts';
import { readForm } from './entry-summary.ts';
import { englishMessage, t } from './messages.ts';
import type { MessageKey } from './messages.ts';

const FORMS = ['changedSince', 'vlanGone', 'vlanElsewhere', 'gone'] as const;

/** `reason` in the active language when it is of a form the catalogue holds, else as the server wrote it. */
export function undoLostWords(reason: string): string {
  for (const form of FORMS) {
    const parts = readForm(englishMessage(`undoLost.${form}`) as string, reason);
    if (!parts) continue;
    if (parts.kind && englishMessage(`kind.${parts.kind}`) !== undefined) parts.kind = t(`kind.${parts.kind}` as MessageKey);
    if (parts.fields) parts.fields = parts.fields.split(', ').map(fieldLabel).join(', ');
    return t(`undoLost.${form}` as MessageKey, parts);
  }
  return reason;
}
