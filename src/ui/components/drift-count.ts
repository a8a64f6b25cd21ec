// A switch's drift count (docs/DISCOVERY.md, "Drift"): the drift findings of its latest discovery, linking to its
// site's findings, where each is adopted or acknowledged.
import { checks } from '../api.ts';
import { useResource } from '../hooks.ts';
import { html } from '../html.ts';
import { t } from '../messages.ts';

/** The number of drift findings of a switch, once it has a discovery (`discoveryId`); undefined before, or while loading. */
export function useDriftCount(switchId: string, siteId: string | undefined, discoveryId: string | undefined): number | undefined {
  const findings = useResource(async () => (siteId && discoveryId ? await checks(siteId) : undefined), [switchId, siteId, discoveryId]);
  return findings.data?.filter((f) => f.kind === 'drift' && f.entities[0]?.id === switchId).length;
}

export function DriftCount(p: { count: number; siteId: string }) {
  const text = p.count === 0 ? t('drift.none') : t('drift.count', { count: p.count });
  const href = `/sites/${p.siteId}#site-findings`;
  return html`<a class=${`drift-count${p.count > 0 ? ' has-drift' : ''}`} href=${href} title=${t('drift.switchTitle')}>${text}</a>`;
}
