// What an empty list says, with the next step.
import { html } from '../html.ts';
import type { ComponentChildren } from '../html.ts';

/** A calm message for an empty list, and optional actions. */
export function EmptyState(p: { message: string; children?: ComponentChildren }) {
  return html`<div class="empty-state"><p>${p.message}</p>${p.children && html`<div class="empty-actions">${p.children}</div>`}</div>`;
}
