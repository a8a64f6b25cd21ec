// Settings › Webhooks (admins): the subscriptions, a form to add one (its events chosen from the patterns), and the
// deliveries of the one selected with their answers, Redeliver and Send test.
import { html, useState } from '../html.ts';
import { createWebhook, deleteWebhook, listWebhookDeliveries, listWebhooks, redeliverWebhook, testWebhook, updateWebhook } from '../api.ts';
import type { Webhook, WebhookDelivery } from '../api-types.ts';
import { useApp } from '../app-context.ts';
import { useResource } from '../hooks.ts';
import { formatDateTime } from '../format.ts';
import { t, type MessageKey } from '../messages.ts';
import { confirmedDelete } from '../undo.ts';
import { useForm } from '../use-form.ts';
import { DataTable, type Column } from './data-table.ts';
import { boundFields } from './fields.ts';
import { FormNotice } from './form-notice.ts';
import { SubmitButton } from './submit-button.ts';
import { Loaded } from './loaded.ts';
import { EmptyState } from './empty-state.ts';
import '../messages-later.ts';

/** The event patterns offered, each with its words. */
const EVENT_CHOICES: [string, MessageKey][] = [
  ['activity.*', 'webhooks.event.all'],
  ['activity.port.update', 'webhooks.event.portUpdate'],
  ['activity.switch.create', 'webhooks.event.switchCreate'],
  ['activity.switch.update', 'webhooks.event.switchUpdate'],
  ['activity.switch.delete', 'webhooks.event.switchDelete'],
  ['activity.vlan.create', 'webhooks.event.vlanCreate'],
  ['activity.vlan.update', 'webhooks.event.vlanUpdate'],
  ['activity.vlan.delete', 'webhooks.event.vlanDelete'],
  ['discovery.completed', 'webhooks.event.discovery'],
];

const EMPTY = { name: '', url: '', secret: '', format: 'json', events: 'activity.*' };

/** The webhooks section. */
export function WebhooksSettings() {
  const app = useApp();
  const hooks = useResource(() => listWebhooks(), []);
  const [selected, setSelected] = useState<Webhook | null>(null);
  const form = useForm({ ...EMPTY }, async (v, { setValues }) => {
    const events = v.events.split(' ').filter(Boolean);
    const made = await createWebhook({
      name: v.name.trim(),
      url: v.url.trim(),
      secret: v.secret,
      format: v.format as Webhook['format'],
      events,
    });
    app.toast({ kind: 'success', message: t('webhooks.created', { name: made.name ?? '' }) });
    setValues({ ...EMPTY });
    hooks.reload();
  });
  const act = async (work: () => Promise<unknown>, message: string) => {
    await work();
    app.toast({ kind: 'success', message });
    hooks.reload();
  };
  const remove = async (hook: Webhook) => {
    const question = {
      title: t('webhooks.deleteTitle'),
      message: t('webhooks.deleteQuestion', { name: hook.name ?? '' }),
      confirmLabel: t('webhooks.delete'),
    };
    if (await confirmedDelete(app, question, () => deleteWebhook(hook.id!), hooks.reload)) setSelected(null);
    hooks.reload();
  };
  const columns: Column<Webhook>[] = [
    { label: t('field.name'), render: (hook) => hook.name },
    { label: t('webhooks.col.url'), render: (hook) => html`<span class="mono">${hook.url}</span>` },
    { label: t('webhooks.col.events'), render: (hook) => (hook.events ?? []).join(', ') },
    { label: t('webhooks.col.format'), render: (hook) => t(`webhooks.format.${hook.format ?? 'json'}` as MessageKey) },
    { label: t('webhooks.col.state'), render: stateOf },
    {
      label: t('common.actions'),
      className: 'actions',
      render: (hook) => html`
        <button type="button" class="btn btn-small" onClick=${() => setSelected(hook)}>${t('webhooks.deliveries')}</button>
        <button type="button" class="btn btn-small" onClick=${() => act(() => testWebhook(hook.id!), t('webhooks.tested', { name: hook.name ?? '' }))}>
          ${t('webhooks.sendTest')}</button>
        <button type="button" class="btn btn-small" onClick=${() => act(() => updateWebhook(hook.id!, { enabled: !hook.enabled }), t('webhooks.saved'))}>
          ${hook.enabled ? t('webhooks.disable') : t('webhooks.enable')}</button>
        <button type="button" class="btn btn-small btn-danger-outline" onClick=${() => remove(hook)}>${t('webhooks.delete')}</button>`,
    },
  ];
  const f = boundFields(form);
  const formats = ['json', 'slack', 'teams'].map((value) => ({ value, label: t(`webhooks.format.${value}` as MessageKey) }));
  return html`
    <section class="card" aria-labelledby="hook-new">
      <h2 id="hook-new">${t('webhooks.new')}</h2>
      <p>${t('webhooks.intro')}</p>
      <form class="form" onSubmit=${form.onSubmit} novalidate>
        ${f.text('name', t('field.name'), { required: true })}
        ${f.text('url', t('webhooks.url'), { required: true, placeholder: 'https://', hint: t('webhooks.urlHint') })}
        ${f.text('secret', t('webhooks.secret'), { required: true, type: 'password', hint: t('webhooks.secretHint') })}
        ${f.select('format', t('webhooks.format'), formats)}
        <${EventChoices} value=${form.values.events} onChange=${(events: string) => form.set('events', events)} />
        <div class="form-actions"><${SubmitButton} pending=${form.pending} label=${t('webhooks.create')} pendingLabel=${t('common.creating')} /></div>
      </form>
      <${FormNotice} message=${form.formError} />
    </section>
    <section class="card" aria-labelledby="hook-list">
      <h2 id="hook-list">${t('webhooks.title')}</h2>
      <${Loaded} resource=${hooks} render=${(rows: Webhook[]) => html`<${DataTable} caption=${t('webhooks.caption')} columns=${columns} rows=${rows} />`}
        empty=${html`<${EmptyState} message=${t('webhooks.none')} />`} />
    </section>
    ${selected && html`<${Deliveries} hook=${selected} />`}`;
}

function stateOf(hook: Webhook) {
  if (!hook.enabled) return hook.disabledReason ? t('webhooks.turnedOff', { reason: hook.disabledReason }) : t('webhooks.off');
  return hook.failingSince ? t('webhooks.failingSince', { time: formatDateTime(hook.failingSince) }) : t('webhooks.on');
}

function EventChoices(p: { value: string; onChange: (value: string) => void }) {
  const chosen = new Set(p.value.split(' ').filter(Boolean));
  const toggle = (pattern: string) => {
    if (chosen.has(pattern)) chosen.delete(pattern);
    else chosen.add(pattern);
    p.onChange([...chosen].join(' '));
  };
  return html`<fieldset class="field">
    <legend>${t('webhooks.events')}</legend>
    ${EVENT_CHOICES.map(
      ([
        pattern,
        label,
      ]) => html`<label class="check"><input type="checkbox" checked=${chosen.has(pattern)} onChange=${() => toggle(pattern)} />
        ${t(label)} <code>${pattern}</code></label>`,
    )}
  </fieldset>`;
}

function Deliveries(p: { hook: Webhook }) {
  const app = useApp();
  const deliveries = useResource(() => listWebhookDeliveries(p.hook.id!), [p.hook.id]);
  const redeliver = async (delivery: WebhookDelivery) => {
    await redeliverWebhook(p.hook.id!, delivery.id!);
    app.toast({ kind: 'success', message: t('webhooks.redelivering') });
    deliveries.reload();
  };
  const columns: Column<WebhookDelivery>[] = [
    { label: t('webhooks.col.event'), render: (delivery) => html`<code>${delivery.type}</code>` },
    { label: t('webhooks.col.occurred'), render: (delivery) => formatDateTime(delivery.occurredAt ?? null) },
    { label: t('webhooks.col.status'), render: (delivery) => t(`webhooks.status.${delivery.status ?? 'queued'}` as MessageKey) },
    { label: t('webhooks.col.attempts'), render: (delivery) => String(delivery.attempts ?? 0) },
    { label: t('webhooks.col.response'), render: responseOf },
    {
      label: t('common.actions'),
      className: 'actions',
      render: (delivery) =>
        html`<button type="button" class="btn btn-small" onClick=${() => redeliver(delivery)}>${t('webhooks.redeliver')}</button>`,
    },
  ];
  return html`<section class="card" aria-labelledby="hook-deliveries">
    <h2 id="hook-deliveries">${t('webhooks.deliveriesOf', { name: p.hook.name ?? '' })}</h2>
    <button type="button" class="btn btn-small" onClick=${() => deliveries.reload()}>${t('webhooks.refresh')}</button>
    <${Loaded} resource=${deliveries}
      render=${(rows: WebhookDelivery[]) => html`<${DataTable} caption=${t('webhooks.deliveriesCaption')} columns=${columns} rows=${rows} />`}
      empty=${html`<${EmptyState} message=${t('webhooks.noDeliveries')} />`} />
  </section>`;
}

function responseOf(delivery: WebhookDelivery) {
  const when = delivery.lastAttemptAt ? formatDateTime(delivery.lastAttemptAt) : '';
  if (delivery.lastError) return t('webhooks.responseError', { error: delivery.lastError, time: when });
  if (delivery.lastStatusCode == null) return '';
  return html`${t('webhooks.responseStatus', { status: delivery.lastStatusCode, time: when })}
    ${delivery.lastResponse ? html`<div class="mono">${delivery.lastResponse.slice(0, 200)}</div>` : ''}`;
}
