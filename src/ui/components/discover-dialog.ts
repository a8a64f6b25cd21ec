// "Discover": read a switch over SNMP (a documented one from its page, or a new one by address from its site's
// page), show that it is being read (it can take up to the server's discovery timeout), say in words why it could
// not be (504 device_timeout, 502 device_error), then review and apply its differences.
import { html, useEffect, useMemo, useRef, useState } from '../html.ts';
import { ApiError, applyDiscovery, discover, lastDiscovery, siteVlans } from '../api.ts';
import type { Discovery, DiscoveryApplied } from '../api-types.ts';
import type { AppServices } from '../app-context.ts';
import { useResource } from '../hooks.ts';
import { t } from '../messages.ts';
import { runUndo } from '../undo.ts';
import { useForm } from '../use-form.ts';
import { DiscoverFields, initialValues, requestOf } from './discover-form.ts';
import type { DiscoverValues } from './discover-form.ts';
import { vlanNamesOf } from './discover-proposal.ts';
import { DiscoverReview } from './discover-review.ts';
import { FormNotice } from './form-notice.ts';
import { Loading } from './loading.ts';
import { Modal } from './modal.ts';
import '../messages-later.ts';

/** What an apply did: the API's answer, how many items it applied, and the switch it created (if it did). */
export type DiscoveryOutcome = { applied: DiscoveryApplied; count: number; created?: { name: string; ports: number } };

/** The switch a discovery created by applying, with its number of ports. */
function createdSwitch(applied: DiscoveryApplied): DiscoveryOutcome['created'] {
  if (!applied.discovery.appliedKeys?.includes('switch:create')) return undefined;
  const observed = applied.discovery.proposal.find((item) => item.key === 'switch:create')?.observed as
    | { name?: string; ports?: unknown[] }
    | undefined;
  return { name: observed?.name ?? '', ports: observed?.ports?.length ?? 0 };
}

/**
 * A read that failed, in words: the switch did not answer in time (504), could not be read (502), or was not
 * read: its remembered credentials belong to another address, or DISCOVERY_ALLOW keeps the address out (403).
 */
function readFailure(err: unknown): unknown {
  if (!(err instanceof ApiError)) return err;
  if (err.status === 504) return new Error(`${t('discover.timeout', { reason: err.message })} ${t('discover.timeoutHelp')}`);
  if (err.status === 502) return new Error(t('discover.deviceError', { reason: err.message }));
  if (err.code === 'credentials_bound_to_host') return new Error(t('discover.credentialsBound'));
  if (err.code === 'host_not_allowed') return new Error(t('discover.hostNotAllowed', { reason: err.message }));
  return err;
}

/** The success message of an apply, with Undo (the apply's one activity entry); `after` runs once undone. */
export function toastApplied(app: AppServices, message: string, activityId: string, after: () => void): void {
  app.toast({
    kind: 'success',
    message,
    timeoutMs: 12_000,
    action: { label: t('undo.button'), run: () => void runUndo(app, activityId, after) },
  });
}

/** "Reading 10.0.0.2 over SNMP… 12 s", with the seconds counting. */
function Reading(p: { host: string; since: number }) {
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return html`<div class="discover-reading">
    <span class="spinner" aria-hidden="true"></span>
    <div>
      <p role="status">${t('discover.reading', { host: p.host })}
        <span class="muted" aria-hidden="true"> ${t('discover.seconds', { count: Math.floor((now - p.since) / 1000) })}</span></p>
      <p class="hint">${t('discover.readingHint')}</p>
    </div>
  </div>`;
}

/**
 * Whether the credentials remembered for the switch are known yet (the API says so with its latest discovery);
 * `onRemembered` runs once, before that, when there are some: the form then starts on them.
 */
function useRememberedCredentials(switchId: string | undefined, onRemembered: () => void): boolean {
  const [known, setKnown] = useState(!switchId);
  useEffect(() => {
    if (!switchId) return;
    const ctl = new AbortController();
    lastDiscovery(switchId, ctl.signal).then(
      (last) => {
        if (last?.credentialsRemembered) onRemembered();
        setKnown(true);
      },
      // Not known: the form starts on SNMP v2c, and the remembered ones stay a choice.
      () => !ctl.signal.aborted && setKnown(true),
    );
    return () => ctl.abort();
  }, [switchId]);
  return known;
}

/**
 * The discovery dialog of a documented switch (`sw`) or of a site (a switch not documented yet). `onApplied` gets
 * what an apply did; `onClose` runs when the dialog goes without one.
 */
export function DiscoverDialog(p: {
  siteId: string;
  sw?: { id: string; name: string; managementIp: string | null };
  siteName?: string;
  onApplied: (outcome: DiscoveryOutcome) => void;
  onClose: () => void;
}) {
  const [remember, setRemember] = useState(false);
  const [discovery, setDiscovery] = useState<Discovery | undefined>(undefined);
  const [since, setSince] = useState<number | undefined>(undefined);
  const reading = useRef<AbortController | null>(null);
  const vlans = useResource((signal) => siteVlans(p.siteId, signal), [p.siteId]);
  const form = useForm<DiscoverValues>(
    initialValues(p.sw?.managementIp ?? ''),
    async (v) => {
      const body = requestOf(v, remember, { siteId: p.siteId, switchId: p.sw?.id });
      const ctl = new AbortController();
      reading.current = ctl;
      setSince(Date.now());
      try {
        setDiscovery(await discover(body, ctl.signal));
      } catch (err) {
        if (ctl.signal.aborted) return;
        throw readFailure(err);
      } finally {
        reading.current = null;
        setSince(undefined);
      }
    },
    ['remember'],
  );
  const known = useRememberedCredentials(p.sw?.id, () => form.set('snmp', 'remembered'));
  const cancelButton = useRef<HTMLButtonElement>(null);
  // A dialog closed while the switch is read stops waiting for it (the server finishes on its own).
  useEffect(() => () => reading.current?.abort(), []);
  // The fields are disabled while the switch is read: focus waits on Cancel, which stops waiting.
  useEffect(() => {
    if (since !== undefined) cancelButton.current?.focus();
  }, [since !== undefined]);
  const names = useMemo(() => vlanNamesOf(vlans.data ?? [], discovery?.proposal ?? []), [vlans.data, discovery]);

  const apply = async (keys: string[]) => {
    const applied = await applyDiscovery(discovery!.id, keys);
    p.onApplied({ applied, count: keys.length, created: createdSwitch(applied) });
  };
  const again = () => {
    setDiscovery(undefined);
    form.onSubmit(new Event('submit'));
  };
  const cancel = () => (reading.current ? reading.current.abort() : p.onClose());
  const title = p.sw ? t('discover.title', { name: p.sw.name }) : t('discover.titleSite', { site: p.siteName ?? '…' });

  return html`<${Modal} title=${title} wide=${!!discovery} onClose=${p.onClose}>
    ${
      !known
        ? html`<${Loading} />`
        : discovery
          ? html`<${DiscoverReview} discovery=${discovery} names=${names} onApply=${apply} onAgain=${again} onCancel=${p.onClose} />`
          : html`<form class="form discover-form" onSubmit=${form.onSubmit} novalidate>
        <p class="muted">${p.sw ? t('discover.intro') : t('discover.introSite')}</p>
        <fieldset class="discover-fields" disabled=${form.pending}>
          <legend class="visually-hidden">${title}</legend>
          <${DiscoverFields} form=${form} offerRemembered=${!!p.sw} remember=${remember} onRemember=${setRemember} />
        </fieldset>
        ${since !== undefined && html`<${Reading} host=${form.values.host.trim()} since=${since} />`}
        <${FormNotice} message=${form.formError} />
        <div class="form-actions">
          <button type="submit" class="btn btn-primary" disabled=${form.pending} aria-busy=${form.pending ? 'true' : undefined}>
            ${form.pending && html`<span class="spinner small" aria-hidden="true"></span>`}
            ${form.pending ? t('discover.readingButton') : t('discover.submit')}
          </button>
          <button type="button" class="btn" ref=${cancelButton} onClick=${cancel}>${t('common.cancel')}</button>
        </div>
      </form>`
    }
  </${Modal}>`;
}
