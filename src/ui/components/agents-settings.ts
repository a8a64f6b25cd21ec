// Settings › Agents (admins; issue 39): the agents that poll the switches of their sites from inside networks the server
// cannot reach: a form to make one (its token shown this once), and each agent's sites, when it was last seen, its
// version, its queue, what its spool dropped and its last error; Revoke stops its token at once.
import { html, useState } from '../html.ts';
import { createAgent, listAgents, listSites, revokeAgent } from '../api.ts';
import type { Agent } from '../api-types.ts';
import { useApp } from '../app-context.ts';
import { useResource } from '../hooks.ts';
import { formatDateTime } from '../format.ts';
import { t } from '../messages.ts';
import { confirmedDelete } from '../undo.ts';
import { useForm } from '../use-form.ts';
import { DataTable, type Column } from './data-table.ts';
import { boundFields } from './fields.ts';
import { FormNotice } from './form-notice.ts';
import { SubmitButton } from './submit-button.ts';
import { Loaded } from './loaded.ts';
import { EmptyState } from './empty-state.ts';
import '../messages-later.ts';

/** The agents section. */
export function AgentsSettings() {
  const app = useApp();
  const agents = useResource(() => listAgents(), []);
  const sites = useResource(async (signal) => (await listSites({ sort: 'name', limit: 500 }, signal)).items ?? [], []);
  const [token, setToken] = useState<{ name: string; token: string } | null>(null);
  const form = useForm({ name: '', siteIds: '' }, async (v, { setValues }) => {
    const made = await createAgent({ name: v.name.trim(), siteIds: v.siteIds.split(' ').filter(Boolean) });
    setToken({ name: made.name ?? '', token: made.token ?? '' });
    app.toast({ kind: 'success', message: t('agents.created', { name: made.name ?? '' }) });
    setValues({ name: '', siteIds: '' });
    agents.reload();
  });
  const siteName = (id: string) => sites.data?.find((site) => site.id === id)?.name ?? id;
  const revoke = async (agent: Agent) => {
    const question = {
      title: t('agents.revokeTitle'),
      message: t('agents.revokeQuestion', { name: agent.name ?? '' }),
      confirmLabel: t('agents.revoke'),
    };
    await confirmedDelete(app, question, () => revokeAgent(agent.id!), agents.reload);
    agents.reload();
  };
  const columns: Column<Agent>[] = [
    { label: t('field.name'), render: (agent) => agent.name },
    { label: t('agents.col.sites'), render: (agent) => (agent.siteIds ?? []).map(siteName).join(', ') },
    { label: t('agents.col.lastSeen'), render: (agent) => (agent.lastSeenAt ? formatDateTime(agent.lastSeenAt) : t('agents.never')) },
    { label: t('agents.col.version'), render: (agent) => agent.version ?? '' },
    { label: t('agents.col.queue'), render: (agent) => (agent.queueLength ?? '').toString() },
    { label: t('agents.col.dropped'), render: (agent) => String(agent.dropped ?? 0) },
    { label: t('agents.col.lastError'), render: (agent) => agent.lastError ?? '' },
    {
      label: t('common.actions'),
      className: 'actions',
      render: (agent) =>
        agent.revokedAt
          ? t('agents.revokedAt', { time: formatDateTime(agent.revokedAt) })
          : html`<button type="button" class="btn btn-small btn-danger-outline" onClick=${() => revoke(agent)}>${t('agents.revoke')}</button>`,
    },
  ];
  const f = boundFields(form);
  const chosen = new Set(form.values.siteIds.split(' ').filter(Boolean));
  const toggle = (id: string) => {
    if (chosen.has(id)) chosen.delete(id);
    else chosen.add(id);
    form.set('siteIds', [...chosen].join(' '));
  };
  return html`
    <section class="card" aria-labelledby="agent-new">
      <h2 id="agent-new">${t('agents.new')}</h2>
      <p>${t('agents.intro')}</p>
      <form class="form" onSubmit=${form.onSubmit} novalidate>
        ${f.text('name', t('field.name'), { required: true, placeholder: 'branch-pi' })}
        <fieldset class="field">
          <legend>${t('agents.sites')}</legend>
          ${(sites.data ?? []).map(
            (site) => html`<label class="check"><input type="checkbox" checked=${chosen.has(site.id!)} onChange=${() => toggle(site.id!)} />
              ${site.name}</label>`,
          )}
        </fieldset>
        <div class="form-actions"><${SubmitButton} pending=${form.pending} label=${t('agents.create')} pendingLabel=${t('common.creating')} /></div>
      </form>
      <${FormNotice} message=${form.formError} />
      ${
        token &&
        html`<div class="notice notice-success" role="status">
          <p><strong>${t('agents.tokenOnce', { name: token.name })}</strong></p>
          <p><code class="mono token-once">${token.token}</code></p>
        </div>`
      }
    </section>
    <section class="card" aria-labelledby="agent-list">
      <h2 id="agent-list">${t('agents.title')}</h2>
      <${Loaded} resource=${agents} render=${(rows: Agent[]) => html`<${DataTable} caption=${t('agents.caption')} columns=${columns} rows=${rows} />`}
        empty=${html`<${EmptyState} message=${t('agents.none')} />`} />
    </section>`;
}
