// A modal dialog on the native <dialog> element: focus stays inside, Escape closes it.
import { html, useEffect, useId, useRef } from '../html.ts';
import type { ComponentChildren } from '../html.ts';
import { t } from '../messages.ts';

/** Opens at once when rendered; `onClose` runs on Escape, the close button or a click on the backdrop. */
export function Modal(p: { title: string; onClose: () => void; children: ComponentChildren; wide?: boolean }) {
  const ref = useRef<HTMLDialogElement>(null);
  const id = useId();
  const onClose = useRef(p.onClose);
  onClose.current = p.onClose;
  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    const opener = document.activeElement as HTMLElement | null;
    if (!d.open) d.showModal();
    const close = () => onClose.current();
    d.addEventListener('close', close);
    return () => {
      d.removeEventListener('close', close);
      if (d.open) d.close();
      opener?.focus?.();
    };
  }, []);
  const onClick = (e: MouseEvent) => {
    if (e.target === ref.current) ref.current?.close();
  };
  return html`<dialog ref=${ref} class=${`modal${p.wide ? ' wide' : ''}`} aria-labelledby=${id} onClick=${onClick}>
    <div class="modal-body">
      <header class="modal-head">
        <h2 id=${id}>${p.title}</h2>
        <button type="button" class="btn btn-ghost icon" aria-label=${t('common.close')} onClick=${() => ref.current?.close()}>×</button>
      </header>
      ${p.children}
    </div>
  </dialog>`;
}
