// The findings of GET /api/checks, each linking to the objects it names, and the card that loads them.
import { html } from '../html.ts';
import type { Finding } from '../api-types.ts';
import type { Resource } from '../hooks.ts';
import { t } from '../messages.ts';
import { findingText } from '../server-messages.ts';
import { useApp } from '../app-context.ts';
import { DriftActions } from './drift-actions.ts';
import { EntityLink } from './entity-link.ts';
import { Loaded } from './loaded.ts';

const RANK: Record<Finding['severity'], number> = { error: 0, warning: 1, info: 2 };

/** Lists findings by severity; says so when there are none. An editor adopts or acknowledges a drift finding (then `onChange`). */
export function FindingsList(p: { findings: Finding[]; onChange?: () => void }) {
  const { canEdit } = useApp();
  if (p.findings.length === 0) return html`<p class="muted">${t('findings.none')}</p>`;
  const sorted = [...p.findings].sort((a, b) => RANK[a.severity] - RANK[b.severity]);
  return html`<ul class="findings">
    ${sorted.map(
      (f) => html`<li class=${`finding sev-${f.severity}`}>
      <span class=${`badge sev-${f.severity}`}>${t(`severity.${f.severity}`)}</span>
      <div>
        <p>${findingText(f)}</p>
        ${
          f.entities.length > 0 &&
          html`<p class="finding-entities">
          ${f.entities.map((e, i) => html`${i > 0 ? ', ' : ''}<${EntityLink} type=${e.type} id=${e.id} name=${e.name} />`)}
        </p>`
        }
        ${canEdit && f.kind === 'drift' && p.onChange && html`<${DriftActions} finding=${f} onDone=${p.onChange} />`}
      </div>
    </li>`,
    )}
  </ul>`;
}

/** The card of a page's findings; `id` names its heading. */
export function FindingsCard(p: { findings: Resource<Finding[]>; id: string }) {
  return html`<section class="card" aria-labelledby=${p.id}>
    <h2 id=${p.id}>${t('findings.title')}</h2>
    <${Loaded} resource=${p.findings} render=${(list: Finding[]) => html`<${FindingsList} findings=${list} onChange=${p.findings.reload} />`} />
  </section>`;
}
