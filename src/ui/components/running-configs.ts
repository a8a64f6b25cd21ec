// The running configurations of a switch (issue 38), under its Config tab: the stored versions (newest first), one
// version's text, the diff of any two, and for editors an upload (a file or pasted text) and a fetch over SSH with
// credentials used for that fetch only. Loaded with the tab (lazy-page.ts), its words in messages-later.ts.
import { html, useMemo, useState } from '../html.ts';
import {
  applyDiscovery,
  configDiff,
  configText,
  discoverFromConfig,
  fetchConfig,
  listConfigVersions,
  siteVlans,
  uploadConfig,
  type ConfigVersion,
} from '../api.ts';
import type { Discovery, DiscoveryApplied } from '../api-types.ts';
import { useApp } from '../app-context.ts';
import { formatDateTime } from '../format.ts';
import { useResource } from '../hooks.ts';
import { t } from '../messages.ts';
import { failureText } from '../undo.ts';
import { useForm } from '../use-form.ts';
import { boundFields } from './fields.ts';
import { vlanNamesOf } from './discover-proposal.ts';
import { DiscoverReview } from './discover-review.ts';
import { Modal } from './modal.ts';
import { ErrorState } from './error-state.ts';
import { FormNotice } from './form-notice.ts';
import { Loading } from './loading.ts';
import { SubmitButton } from './submit-button.ts';
import '../messages-later.ts';

/** The dialects a running configuration is read in, by their product names (the same in every language). */
const DIALECTS: { value: string; label: string }[] = [
  { value: 'cisco-ios', label: 'Cisco IOS / IOS-XE' },
  { value: 'nxos', label: 'Cisco NX-OS' },
  { value: 'arista-eos', label: 'Arista EOS' },
  { value: 'junos', label: 'Junos' },
  { value: 'aruba-cx', label: 'Aruba CX' },
];

/** What the text area below the versions shows: one version's text, or the diff of two. */
type Shown = { kind: 'text'; id: string } | { kind: 'diff'; id: string; against: string };

/** The running configurations of switch `switchId`. */
export function RunningConfigs(p: {
  switchId: string;
  switchName: string;
  siteId: string;
  dialect?: string;
  managementIp?: string | null;
  onDocumented: (outcome: AppliedOutcome) => void;
}) {
  const app = useApp();
  const [refresh, setRefresh] = useState(0);
  const list = useResource((signal) => listConfigVersions(p.switchId, signal), [p.switchId, refresh]);
  const [shown, setShown] = useState<Shown | undefined>(undefined);
  const [adding, setAdding] = useState<'upload' | 'fetch' | undefined>(undefined);
  const items = list.data?.items ?? [];
  const [discovery, setDiscovery] = useState<(Discovery & { configId: string }) | undefined>(undefined);
  const document = async (configId: string) => {
    try {
      setDiscovery({ ...(await discoverFromConfig(configId)), configId });
    } catch (err) {
      app.toast({ kind: 'error', message: failureText(err) });
    }
  };

  const stored = (answer: { number: number; created: boolean; id: string }) => {
    app.toast({
      kind: 'success',
      message: answer.created ? t('running.stored', { number: answer.number }) : t('running.seenAgain', { number: answer.number }),
    });
    setAdding(undefined);
    setShown({ kind: 'text', id: answer.id });
    setRefresh((n) => n + 1);
  };

  return html`<section class="card running-configs" aria-labelledby="running-head">
    <div class="card-head">
      <h2 id="running-head">${t('running.title')}</h2>
      ${
        app.canEdit &&
        html`<div class="list-tools">
          <button type="button" class="btn btn-small" aria-pressed=${adding === 'upload'}
            onClick=${() => setAdding(adding === 'upload' ? undefined : 'upload')}>${t('running.upload')}</button>
          <button type="button" class="btn btn-small" aria-pressed=${adding === 'fetch'}
            onClick=${() => setAdding(adding === 'fetch' ? undefined : 'fetch')}>${t('running.fetch')}</button>
        </div>`
      }
    </div>
    <p class="muted">${t('running.intro')}</p>
    ${adding === 'upload' && html`<${UploadForm} switchId=${p.switchId} dialect=${p.dialect} onStored=${stored} />`}
    ${adding === 'fetch' && html`<${FetchForm} switchId=${p.switchId} dialect=${p.dialect} host=${p.managementIp ?? ''} onStored=${stored} />`}
    ${
      list.error
        ? html`<${ErrorState} error=${list.error} onRetry=${list.reload} />`
        : !list.data
          ? html`<${Loading} />`
          : items.length === 0
            ? html`<p class="muted">${t('running.none')}</p>`
            : html`<${VersionTable} items=${items} switchName=${p.switchName} shown=${shown} onShow=${setShown} />`
    }
    ${shown && html`<${ShownText} shown=${shown} items=${items} onShow=${setShown} canEdit=${app.canEdit} onDocument=${document} />`}
    ${
      discovery &&
      html`<${ConfigDiscovery} discovery=${discovery} siteId=${p.siteId} switchName=${p.switchName} onAgain=${() => document(discovery.configId)}
        onClose=${() => setDiscovery(undefined)} onApplied=${(outcome: AppliedOutcome) => {
          setDiscovery(undefined);
          p.onDocumented(outcome);
        }} />`
    }
  </section>`;
}

function VersionTable(p: { items: ConfigVersion[]; switchName: string; shown?: Shown; onShow: (shown: Shown) => void }) {
  return html`<div class="table-wrap"><table class="data">
    <caption class="visually-hidden">${t('running.caption', { switch: p.switchName })}</caption>
    <thead><tr>
      <th scope="col">${t('running.col.number')}</th><th scope="col">${t('running.col.received')}</th>
      <th scope="col">${t('running.col.lastSeen')}</th><th scope="col">${t('running.col.source')}</th>
      <th scope="col">${t('running.col.changed')}</th>
      <th scope="col"><span class="visually-hidden">${t('common.actions')}</span></th>
    </tr></thead>
    <tbody>${p.items.map(
      (v) => html`<tr key=${v.id} class=${p.shown?.id === v.id ? 'selected' : undefined}>
        <td>${v.number}</td>
        <td>${formatDateTime(v.fetchedAt)}</td>
        <td>${formatDateTime(v.lastSeenAt)}${v.seenCount > 1 ? ` (${t('running.seenTimes', { count: v.seenCount })})` : ''}</td>
        <td>${t(`running.source.${v.source}`)}${v.dialect ? ` · ${DIALECTS.find((d) => d.value === v.dialect)?.label ?? v.dialect}` : ''}</td>
        <td>${v.changedLines === null ? t('running.first') : v.changedLines}</td>
        <td class="actions">
          <button type="button" class="btn btn-small" aria-label=${t('running.viewOne', { number: v.number })}
            onClick=${() => p.onShow({ kind: 'text', id: v.id })}>${t('running.view')}</button>
          ${
            v.previousId &&
            p.items.some((other) => other.id === v.previousId) &&
            html`<button type="button" class="btn btn-small" aria-label=${t('running.diffOne', { number: v.number })}
              onClick=${() => p.onShow({ kind: 'diff', id: v.id, against: v.previousId! })}>${t('running.diff')}</button>`
          }
        </td>
      </tr>`,
    )}</tbody>
  </table></div>`;
}

/** One version's text, or the diff of two with a choice of both sides. */
function ShownText(p: {
  shown: Shown;
  items: ConfigVersion[];
  onShow: (shown: Shown) => void;
  canEdit: boolean;
  onDocument: (configId: string) => void;
}) {
  const { shown } = p;
  const text = useResource(
    (signal) => (shown.kind === 'text' ? configText(shown.id, signal) : configDiff(shown.id, shown.against, signal)),
    [shown.kind, shown.id, shown.kind === 'diff' ? shown.against : ''],
  );
  const numberOf = (id: string) => p.items.find((v) => v.id === id)?.number ?? '?';
  const options = p.items.map((v) => html`<option value=${v.id}>${t('running.versionN', { number: v.number })}</option>`);
  const pick = (side: 'id' | 'against') => (e: Event) => {
    const value = (e.currentTarget as HTMLSelectElement).value;
    if (shown.kind === 'diff') p.onShow({ ...shown, [side]: value });
  };
  return html`<div class="running-shown">
    ${
      shown.kind === 'text'
        ? html`<div class="card-head"><h3>${t('running.versionN', { number: numberOf(shown.id) })}</h3>
          ${
            p.canEdit &&
            html`<button type="button" class="btn btn-small" onClick=${() => p.onDocument(shown.id)}>${t('running.document')}</button>`
          }</div>`
        : html`<div class="list-tools">
          <div class="filter-select"><label for="diff-against">${t('running.diffFrom')}</label>
            <select id="diff-against" value=${shown.against} onChange=${pick('against')}>${options}</select></div>
          <div class="filter-select"><label for="diff-to">${t('running.diffTo')}</label>
            <select id="diff-to" value=${shown.id} onChange=${pick('id')}>${options}</select></div>
        </div>`
    }
    ${
      text.error
        ? html`<div class="notice error" role="alert"><p>${text.error.message}</p></div>`
        : text.data === undefined || text.loading
          ? html`<${Loading} />`
          : shown.kind === 'diff'
            ? html`<${DiffText} text=${text.data} />`
            : html`<pre class="config" tabindex="0" aria-label=${t('running.textLabel', { number: numberOf(shown.id) })}>${text.data}</pre>`
    }
  </div>`;
}

/** What an apply answers, for the switch page's message with Undo. */
type AppliedOutcome = { applied: DiscoveryApplied; count: number };

/** The review of a discovery read from a configuration, and its apply: as the Discover dialog's, without the SNMP form. */
function ConfigDiscovery(p: {
  discovery: Discovery;
  siteId: string;
  switchName: string;
  onAgain: () => void;
  onClose: () => void;
  onApplied: (outcome: AppliedOutcome) => void;
}) {
  const vlans = useResource((signal) => siteVlans(p.siteId, signal), [p.siteId]);
  const names = useMemo(() => vlanNamesOf(vlans.data ?? [], p.discovery.proposal), [vlans.data, p.discovery]);
  const apply = async (keys: string[]) => p.onApplied({ applied: await applyDiscovery(p.discovery.id, keys), count: keys.length });
  return html`<${Modal} title=${t('running.documentTitle', { name: p.switchName })} wide onClose=${p.onClose}>
    <${DiscoverReview} discovery=${p.discovery} names=${names} onApply=${apply} onAgain=${p.onAgain} onCancel=${p.onClose} />
  </${Modal}>`;
}

/** A unified diff with its removed and added lines marked (by colour and by their - and +). */
function DiffText(p: { text: string }) {
  if (p.text === '') return html`<p class="muted">${t('running.same')}</p>`;
  const lines = p.text.replace(/\n$/, '').split('\n');
  return html`<pre class="config diff" tabindex="0" aria-label=${t('running.diffLabel')}>${lines.map((line, i) => {
    const kind = i < 2 ? 'head' : line.startsWith('@@') ? 'hunk' : line.startsWith('+') ? 'add' : line.startsWith('-') ? 'del' : '';
    return html`<span class=${kind ? `diff-${kind}` : undefined}>${`${line}\n`}</span>`;
  })}</pre>`;
}

function UploadForm(p: {
  switchId: string;
  dialect?: string;
  onStored: (answer: { number: number; created: boolean; id: string }) => void;
}) {
  const form = useForm(
    { text: '', dialect: p.dialect ?? '' },
    async (v) => p.onStored(await uploadConfig(p.switchId, v.text, v.dialect || undefined)),
    ['body'],
  );
  const f = boundFields(form);
  const readFile = async (e: Event) => {
    const file = (e.currentTarget as HTMLInputElement).files?.[0];
    if (file) form.set('text', await file.text());
  };
  return html`<form class="form" onSubmit=${form.onSubmit} novalidate aria-label=${t('running.upload')}>
    <div class="field"><label for="running-file">${t('running.file')}</label>
      <input id="running-file" type="file" accept=".txt,.cfg,.conf,text/plain" onChange=${readFile} /></div>
    ${f.area('text', t('running.paste'))}
    ${f.select('dialect', t('running.dialect'), [{ value: '', label: t('running.dialectUnknown') }, ...DIALECTS])}
    <div class="form-actions"><${SubmitButton} pending=${form.pending} label=${t('running.store')} pendingLabel=${t('common.saving')} /></div>
    <${FormNotice} message=${form.formError ?? form.errors.body} />
  </form>`;
}

function FetchForm(p: {
  switchId: string;
  dialect?: string;
  host: string;
  onStored: (answer: { number: number; created: boolean; id: string }) => void;
}) {
  const form = useForm({ host: p.host, port: '22', dialect: p.dialect ?? 'cisco-ios', username: '', password: '' }, async (v) =>
    p.onStored(
      await fetchConfig(p.switchId, {
        host: v.host.trim() || undefined,
        port: Number(v.port) || undefined,
        dialect: v.dialect,
        credentials: { username: v.username, password: v.password },
      }),
    ),
  );
  const f = boundFields(form);
  return html`<form class="form form-row" onSubmit=${form.onSubmit} novalidate aria-label=${t('running.fetch')}>
    ${f.text('host', t('running.host'))}
    ${f.text('port', t('running.port'), { type: 'number', min: 1, max: 65535, inputMode: 'numeric' })}
    ${f.select('dialect', t('running.dialect'), DIALECTS)}
    ${f.text('username', t('running.username'), { autocomplete: 'off' })}
    ${f.text('password', t('running.password'), { type: 'password', autocomplete: 'new-password' })}
    <div class="form-actions"><${SubmitButton} pending=${form.pending} label=${t('running.fetchNow')} pendingLabel=${t('running.fetching')} /></div>
    <p class="hint">${t('running.fetchHint')}</p>
    <${FormNotice} message=${form.formError} />
  </form>`;
}
