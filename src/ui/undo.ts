// Undo from a success message: the activity entry a change's answer named, reversed on request.
import { ApiError, activityOf, undoActivity } from './api.ts';
import type { AppServices, ConfirmRequest } from './app-context.ts';
import type { Resource } from './hooks.ts';
import { t } from './messages.ts';

/** Explains a failed undo in words; 409 undo_conflict and already_undone get their own sentences, a broken rule its message. */
function undoFailureText(err: unknown): string {
  if (err instanceof ApiError) {
    if (err.code === 'undo_conflict') {
      return t('undo.conflict', { message: err.message });
    }
    if (err.code === 'already_undone') return t('undo.alreadyUndone');
    if (err.code === 'not_undoable') return t('undo.notUndoable');
    if (err.status === 403) return t('undo.forbidden');
    return t('undo.failed', { message: err.message });
  }
  return t('undo.failed', { message: String(err) });
}

/** Copies `text` to the clipboard and says so (`what`: "Token copied."), or asks to copy it by hand. */
export async function copyText(app: AppServices, text: string, what: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    app.toast({ kind: 'success', message: what });
  } catch {
    app.toast({ kind: 'error', message: t('common.copyRefused') });
  }
}

/** Why a change failed, in words: a 412 says someone else changed it meanwhile. */
export const failureText = (err: unknown) =>
  (err as ApiError).status === 412 ? t('common.changedMeanwhile') : String((err as Error).message ?? err);

/**
 * Deletes after asking `question` once (a name alone asks "Delete <name>?"): `remove()` runs when confirmed (it
 * returns false when it gave up quietly); a failure is an error toast with Reload. Once deleted, resolves with
 * what the delete answered (for toastWithUndo), else with undefined.
 */
export async function confirmedDelete(
  app: AppServices,
  question: Omit<ConfirmRequest, 'danger'> | string,
  remove: () => Promise<object | false>,
  reload: () => void,
): Promise<object | undefined> {
  const q =
    typeof question === 'string'
      ? { title: t('common.delete'), message: t('ipam.deleteQuestion', { name: question }), confirmLabel: t('common.delete') }
      : question;
  if (!(await app.confirm({ ...q, danger: true }))) return undefined;
  try {
    const answer = await remove();
    return answer === false ? undefined : answer;
  } catch (err) {
    app.toast({
      kind: 'error',
      message: t('common.couldNotDelete', { message: failureText(err) }),
      action: { label: t('common.reload'), run: reload },
    });
    return undefined;
  }
}

/**
 * Reverses one activity entry, reports the outcome as a toast, and calls `after` on success. The toast after an
 * undo offers Redo (the undo of the new undo entry), the one after a redo offers Undo again; `redo` says which
 * this is.
 */
export async function runUndo(app: AppServices, entryId: string, after?: () => void, redo = false): Promise<boolean> {
  try {
    const entry = await undoActivity(entryId);
    app.toast({
      kind: 'success',
      message: redo ? t('redo.done') : t('undo.done'),
      timeoutMs: 12_000,
      action: entry?.id
        ? { label: redo ? t('undo.button') : t('redo.button'), run: () => void runUndo(app, entry.id, after, !redo) }
        : undefined,
    });
    after?.();
    return true;
  } catch (err) {
    app.toast({
      kind: 'error',
      message: undoFailureText(err),
      action: { label: t('common.reload'), run: () => location.reload() },
      timeoutMs: 15_000,
    });
    return false;
  }
}

/**
 * Shows a success toast for the change that answered `answer`, with an Undo button for the activity entry the
 * answer named (its Activity-Id); a change that wrote none (it changed nothing) gets the toast without Undo.
 */
export function toastWithUndo(app: AppServices, message: string, answer: unknown, after?: () => void): void {
  const entryId = activityOf(answer);
  app.toast({
    kind: 'success',
    message,
    timeoutMs: entryId ? 12_000 : 5_000,
    action: entryId ? { label: t('undo.button'), run: () => void runUndo(app, entryId, after) } : undefined,
  });
}

/** Shows a saved record's answer on its page, over the record the page holds, and offers Undo (then `after` runs). */
export function showSaved<T extends object>(
  app: AppServices,
  page: Resource<T>,
  saved: Partial<T>,
  message: string,
  after = page.reload,
): void {
  page.update((shown) => ({ ...shown, ...saved }));
  toastWithUndo(app, message, saved, after);
}
