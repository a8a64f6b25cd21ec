// Drift (docs/DISCOVERY.md, "Drift"): findings of GET /api/checks, one per difference between each switch's latest
// discovery and its documentation as it is now. The comparison is the proposal's (proposal.ts): the stored
// observation proposed again against today's data, so a finding goes once the documentation or the switch matches,
// and its proposal key adopts it through the discovery's apply. An acknowledgement keeps a finding out until its
// `until`, or until the difference it was made for changes.
import { documentedLags, documentedPorts } from '../db/discoveries.ts';
import { latestDiscoveries, listAcknowledgements, type AcknowledgementRow, type LatestDiscoveryRow } from '../db/drift.ts';
import type { Db } from '../db/open.ts';
import type { EntityRef, Finding } from '../db/read/checks.ts';
import { getOrMake } from '../lib/memo.ts';
import { FINDING_FORMS, fillForm, type FindingParams } from '../lib/message-forms.ts';
import { proposalInput, siteDocumentation, type SiteDocumentation } from './discover.ts';
import type { ObservedSwitch } from './observed.ts';
import { parseTarget } from './target.ts';
import { missingPortItems, propose, type PortRef, type ProposalItem } from './proposal.ts';

/** A port's operational state, and the type only a port's name suggests, are not drift: the proposal offers them alone. */
const NOT_DRIFT = new Set(['linkStatus', 'speed', 'type']);

/** The items of a proposal that are drift. */
export function driftItems(items: readonly ProposalItem[]): ProposalItem[] {
  return items.filter((item) => item.field === null || !NOT_DRIFT.has(item.field));
}

/** The key that acknowledges a drift finding: the switch and the proposal key. */
export const driftKey = (switchId: string, proposalKey: string) => `drift:${switchId}:${proposalKey}`;

/** What an acknowledgement is held to: the difference as it was acknowledged. */
export const differenceOf = (item: ProposalItem) => JSON.stringify([item.documented, item.observed]);

/**
 * A switch's drift now: its latest discovery's proposal against the documentation, drift items only, and the documented
 * ports the switch did not report (missing items, which no proposal key adopts).
 */
export interface SwitchDrift {
  discovery: LatestDiscoveryRow;
  documentation: SiteDocumentation;
  items: ProposalItem[];
}

/** The drift of each switch of the site (null: of every site) that has a discovery. */
export function currentDrift(db: Db, site: string | null): SwitchDrift[] {
  const sites = new Map<string, SiteDocumentation>();
  return latestDiscoveries(db, site).map((discovery) => {
    const observed = JSON.parse(discovery.observed) as ObservedSwitch;
    const host = parseTarget(discovery.host)?.host ?? discovery.host;
    const documentation = getOrMake(sites, discovery.site_id, () => siteDocumentation(db, discovery.site_id));
    const input = proposalInput(db, { siteId: discovery.site_id, switchId: discovery.switch_id, host }, observed, documentation);
    return { discovery, documentation, items: input ? [...driftItems(propose(input).items), ...missingPortItems(input)] : [] };
  });
}

/** The drift findings of GET /api/checks: every drift item not acknowledged now. */
export function* driftFindings(db: Db, site: string | null): Iterable<Finding> {
  const drift = currentDrift(db, site);
  if (drift.length === 0) return;
  const acknowledged = new Map(listAcknowledgements(db, site).map((row) => [row.key, row]));
  const now = new Date().toISOString();
  const vlansOfSite = new Map<SiteDocumentation, Map<string, EntityRef>>();
  for (const { discovery, documentation, items } of drift) {
    if (items.length === 0) continue;
    const entities = entitiesOf(
      db,
      discovery,
      getOrMake(vlansOfSite, documentation, () => vlanRefs(documentation)),
    );
    for (const item of items) {
      if (!holds(acknowledged.get(driftKey(discovery.switch_id, item.key)), item, now)) yield driftFinding(discovery, item, entities);
    }
  }
}

function holds(acknowledgement: AcknowledgementRow | undefined, item: ProposalItem, now: string): boolean {
  if (!acknowledgement || acknowledgement.difference !== differenceOf(item)) return false;
  return acknowledgement.until === null || acknowledgement.until > now;
}

/** The entities a switch's findings name: the switch, its ports and LAGs by lower-case name, its site's VLANs by number. */
interface Entities {
  switch: EntityRef;
  ports: Map<string, EntityRef>;
  lags: Map<string, EntityRef>;
  vlans: Map<string, EntityRef>;
}

const ref = (type: EntityRef['type'], id: string, text: string): EntityRef => ({ type, id, name: text });

const vlanRefs = (site: SiteDocumentation) =>
  new Map(site.vlans.map((v) => [String(v.vid), ref('vlan', v.id, `VLAN ${v.vid} (${v.name})`)]));

function entitiesOf(db: Db, discovery: LatestDiscoveryRow, vlans: Map<string, EntityRef>): Entities {
  const name = discovery.switch_name;
  return {
    switch: ref('switch', discovery.switch_id, name),
    ports: new Map(
      documentedPorts(db, discovery.switch_id).map((p) => [p.name.toLowerCase(), ref('port', p.id, `${name} port ${p.name}`)]),
    ),
    lags: new Map(documentedLags(db, discovery.switch_id).map((l) => [l.name.toLowerCase(), ref('lag', l.id, `${name} LAG ${l.name}`)])),
    vlans,
  };
}

/**
 * A drift finding: worded by the form of its item, with what the UI needs to adopt (the proposal key, `key`: none for a
 * missing port, which no discovery removes) or acknowledge it (`findingKey`).
 */
export function driftFinding(discovery: LatestDiscoveryRow, item: ProposalItem, entities: Entities): Finding {
  const { form, params } = wording(item);
  const all: FindingParams = {
    switch: discovery.switch_name,
    ...params,
    observedAt: discovery.observed_at,
    discoveryId: discovery.id,
    ...(item.kind === 'missing' ? {} : { key: item.key }),
    findingKey: driftKey(discovery.switch_id, item.key),
  };
  const named = { port: entities.ports, lag: entities.lags, vlan: entities.vlans, switch: undefined }[item.entity]?.get(
    item.name.toLowerCase(),
  );
  return {
    kind: 'drift',
    severity: 'warning',
    message: fillForm(FINDING_FORMS[form], all),
    ...(form === 'drift' ? {} : { form }),
    params: all,
    entities: named ? [entities.switch, named] : [entities.switch],
  };
}

type DriftForm = keyof typeof FINDING_FORMS & `drift${string}`;

/** The form of an item's finding and the params it adds to the switch and the discovery. */
function wording(item: ProposalItem): { form: DriftForm; params: FindingParams } {
  const values = { documented: valueText(item.documented), observed: valueText(item.observed) };
  if (item.entity === 'switch') return { form: 'drift', params: { field: item.field ?? '', ...values } };
  if (item.entity === 'vlan')
    return item.kind === 'create'
      ? { form: 'drift.vlan_added', params: { vid: Number(item.name) } }
      : { form: 'drift.vlan_name', params: { vid: Number(item.name), ...values } };
  if (item.entity === 'lag')
    return item.kind === 'create'
      ? { form: 'drift.lag_added', params: { lag: item.name, observed: valueText((item.observed as { members: string[] }).members) } }
      : { form: 'drift.lag_members', params: { lag: item.name, ...values } };
  if (item.kind === 'create') return { form: 'drift.port_added', params: { port: item.name } };
  if (item.kind === 'missing') return { form: 'drift.port_missing', params: { port: item.name } };
  if (item.kind === 'link')
    return { form: item.documented === null ? 'drift.link_undocumented' : 'drift.link', params: { port: item.name, ...values } };
  if (item.field === 'enabled') return { form: item.observed ? 'drift.port_enabled' : 'drift.port_disabled', params: { port: item.name } };
  return { form: 'drift.port', params: { port: item.name, field: item.field ?? '', ...values } };
}

/** A value as a finding's message shows it: none as "—", a list joined, a far end as "switch / port". */
function valueText(value: unknown): string {
  if (value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0)) return '—';
  if (Array.isArray(value)) return value.join(', ');
  if (typeof value === 'object') return `${(value as PortRef).switch} / ${(value as PortRef).port}`;
  return String(value);
}
