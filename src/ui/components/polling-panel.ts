// The Polling panel of a switch page and of a site page (issue 37): the schedule (on or off, every how many minutes, the
// host of a switch, the credential set) and, for a switch, how its polls went: its status, when it was last polled and
// why it failed; "Poll now" polls it at once. A switch's own schedule overrides its site's.
import { html, useState } from '../html.ts';
import { listCredentialSets, runPoll, setSitePolling, setSwitchPolling, sitePolling, switchPolling } from '../api.ts';
import type { PolledSwitch, SwitchPolling } from '../api.ts';
import { useApp } from '../app-context.ts';
import { useResource } from '../hooks.ts';
import { t } from '../messages.ts';
import { failureText } from '../undo.ts';
import { useForm } from '../use-form.ts';
import { Age } from './discover-age.ts';
import { boundFields } from './fields.ts';
import { FormNotice } from './form-notice.ts';
import { Loading } from './loading.ts';
import { SubmitButton } from './submit-button.ts';
import '../messages-later.ts';

type Schedule = NonNullable<SwitchPolling['schedule']>;

/** The polling of a switch (`switchId`) or of a site (`siteId`). */
export function PollingPanel(p: { switchId?: string; siteId?: string }) {
  const app = useApp();
  const forSwitch = p.switchId !== undefined;
  const polling = useResource(
    async (signal) => (forSwitch ? await switchPolling(p.switchId!, signal) : { ...(await sitePolling(p.siteId!, signal)), state: null }),
    [p.switchId, p.siteId],
  );
  const sets = useResource(async (signal) => (app.canEdit ? listCredentialSets(signal) : []), [app.canEdit]);
  const data = polling.data;
  // Issue 39: a switch of an agent's site is polled by that agent alone.
  const byAgent = data && 'pollingBy' in data && data.pollingBy !== 'server' ? (data.pollingAgentName ?? data.pollingBy) : null;
  return html`<section class="card polling-panel" aria-labelledby="polling-head">
    <div class="card-head"><h2 id="polling-head">${t('polling.title')}</h2></div>
    <p class="muted">${forSwitch ? t('polling.switchIntro') : t('polling.siteIntro')}</p>
    ${
      !data || !sets.data
        ? html`<${Loading} />`
        : html`
      ${byAgent && html`<p class="poll-agent">${t('agents.pollingBy', { name: byAgent })}</p>`}
      ${data.state && html`<${PollState} state=${data.state} />`}
      ${forSwitch && data.state && app.canEdit && !byAgent && html`<${PollNow} switchId=${p.switchId!} onPolled=${polling.reload} />`}
      <${ScheduleForm} key=${JSON.stringify(data.schedule)} schedule=${data.schedule} forSwitch=${forSwitch} sets=${sets.data}
        readOnly=${!app.canEdit}
        onSave=${async (body: Schedule) => {
          await (forSwitch ? setSwitchPolling(p.switchId!, body) : setSitePolling(p.siteId!, body));
          app.toast({ kind: 'success', message: t('polling.saved') });
          polling.reload();
        }} />`
    }
  </section>`;
}

/** A switch's poll state: its status, when it was polled last and next, and why the last poll failed. */
export function PollState(p: { state: Pick<PolledSwitch, 'status' | 'lastPolledAt' | 'lastError' | 'nextAt' | 'failures'> }) {
  const s = p.state;
  return html`<p class="poll-state">
    <${PollStatus} status=${s.status} />
    ${' '}${s.lastPolledAt ? html`${t('polling.lastPolled')} <${Age} iso=${s.lastPolledAt} />` : t('polling.never')}
    ${s.status === 'failing' && html`<br /><span class="field-error">${t('polling.failures', { count: s.failures })}: ${s.lastError}</span>`}
  </p>`;
}

/** ok / failing / paused / pending as a badge (the word carries the meaning). */
export function PollStatus(p: { status: PolledSwitch['status'] }) {
  const look = { ok: 'status-active', failing: 'status-offline', paused: 'status-planned', pending: 'status-planned' }[p.status];
  return html`<span class=${`badge ${look}`}>${t(`polling.status.${p.status}`)}</span>`;
}

function PollNow(p: { switchId: string; onPolled: () => void }) {
  const app = useApp();
  const [busy, setBusy] = useState(false);
  const poll = async () => {
    setBusy(true);
    try {
      const outcome = await runPoll(p.switchId);
      app.toast({ kind: outcome.status === 'failing' ? 'error' : 'success', message: outcome.lastError ?? t('polling.status.ok') });
      p.onPolled();
    } catch (err) {
      app.toast({ kind: 'error', message: failureText(err) });
    } finally {
      setBusy(false);
    }
  };
  return html`<p><button type="button" class="btn btn-small" disabled=${busy} onClick=${poll}>
    ${t('polling.pollNow')}</button></p>`;
}

function ScheduleForm(p: {
  schedule: Schedule | null;
  forSwitch: boolean;
  sets: { id: string; name: string }[];
  readOnly: boolean;
  onSave: (body: Schedule) => Promise<void>;
}) {
  const s = p.schedule;
  const initial = {
    enabled: s ? String(s.enabled) : 'true',
    intervalMinutes: String(s?.intervalMinutes ?? 15),
    host: s?.host ?? '',
    credentialId: s?.credentialId ?? p.sets[0]?.id ?? '',
  };
  const form = useForm(initial, (v) =>
    p.onSave({
      enabled: v.enabled === 'true',
      intervalMinutes: Number(v.intervalMinutes),
      credentialId: v.credentialId,
      ...(p.forSwitch ? { host: v.host.trim() === '' ? null : v.host.trim() } : {}),
    } as Schedule),
  );
  const f = boundFields(form, p.readOnly);
  if (p.readOnly) return html`<p>${s ? t('polling.every', { count: s.intervalMinutes }) : t('polling.off')}</p>`;
  if (p.sets.length === 0) return html`<p class="hint">${t('common.none')}: ${t('credentials.title')}</p>`;
  return html`<form class="form form-row" onSubmit=${form.onSubmit} novalidate>
    ${f.select('enabled', t('polling.title'), [
      { value: 'true', label: t('polling.on') },
      { value: 'false', label: t('polling.off') },
    ])}
    ${f.text('intervalMinutes', t('polling.interval'), { type: 'number', min: 5, max: 1440, inputMode: 'numeric' })}
    ${p.forSwitch && f.text('host', t('polling.host'), { placeholder: t('polling.hostPlaceholder') })}
    ${f.select(
      'credentialId',
      t('polling.credentialSet'),
      p.sets.map((set) => ({ value: set.id, label: set.name })),
    )}
    <div class="form-actions"><${SubmitButton} pending=${form.pending} label=${t('common.save')} pendingLabel=${t('common.saving')} /></div>
  </form>
  <${FormNotice} message=${form.formError} />`;
}
