// The offer of a port's editor to give the far end of its link the port's mode and VLANs in the same save
// (PATCH /api/ports/{id}?matchFarEnd=true): shown when the picked far end carries other ones, compared by VLAN
// number (a far end at another site has its site's VLANs), on by default for a new link target.
import { html, useEffect, useState } from '../html.ts';
import { siteVlans } from '../api.ts';
import type { Port, Switch, Vlan } from '../api-types.ts';
import { t } from '../messages.ts';
import '../messages-later.ts';

/** A port's mode and VLANs as the editor would save them. */
export type Carried = { mode: string; untaggedVlanId: string | null; taggedVlanIds: string[] };

/** Whether two ends carry different modes or VLANs, each end's VLANs by number from its own site's list. */
export function carriesOther(near: Carried, nearVlans: Vlan[], far: Carried, farVlans: Vlan[]): boolean {
  const vids = (ids: string[], vlans: Vlan[]) => ids.map((id) => vlans.find((v) => v.id === id)?.vid ?? id).sort();
  const key = (end: Carried, vlans: Vlan[]) =>
    JSON.stringify([end.mode, vids(end.untaggedVlanId ? [end.untaggedVlanId] : [], vlans), vids(end.taggedVlanIds, vlans)]);
  return key(near, nearVlans) !== key(far, farVlans);
}

/** The VLANs of the far switch's site: this site's list when it is the same site, else read once per site. */
function useFarVlans(near: Switch, far: Switch | undefined, vlans: Vlan[]): Vlan[] | null {
  const [read, setRead] = useState<{ siteId: string; vlans: Vlan[] } | null>(null);
  const siteId = far?.siteId;
  useEffect(() => {
    if (!siteId || siteId === near.siteId) return;
    siteVlans(siteId).then(
      (list) => setRead({ siteId, vlans: list }),
      () => setRead({ siteId, vlans: [] }),
    );
  }, [siteId, near.siteId]);
  if (!siteId || siteId === near.siteId) return vlans;
  return read?.siteId === siteId ? read.vlans : null;
}

/**
 * The checkbox "Give <far port> the same mode and VLANs" and whether it is ticked (`match`): offered when the far end
 * `far` (a port of switch `farSwitch`) carries other ones than `near` and its LAG does not set them; ticked by default
 * when `isNew` (a link target just picked), until the admin changes it.
 */
export function useFarEndMatch(p: {
  sw: Switch;
  vlans: Vlan[];
  near: Carried;
  far: Port | undefined;
  farSwitch: Switch | undefined;
  isNew: boolean;
  id: string;
}): { match: boolean; view: unknown } {
  const [chosen, setChosen] = useState<boolean | undefined>(undefined);
  useEffect(() => setChosen(undefined), [p.far?.id]);
  const farVlans = useFarVlans(p.sw, p.farSwitch, p.vlans);
  const offered = !!p.far && !!p.farSwitch && !p.far.lagId && !!farVlans && carriesOther(p.near, p.vlans, p.far, farVlans);
  if (!offered) return { match: false, view: null };
  const match = chosen ?? p.isNew;
  const label = t('portEdit.matchFarEnd', { switch: p.farSwitch!.name, port: p.far!.name });
  const view = html`<div class="field check-field far-end-match">
    <input type="checkbox" id=${p.id} checked=${match} aria-describedby=${`${p.id}-hint`}
      onChange=${(ev: Event) => setChosen((ev.currentTarget as HTMLInputElement).checked)} />
    <label for=${p.id}>${label}</label>
    <p class="hint" id=${`${p.id}-hint`}>${t('portEdit.matchFarEndHint')}</p>
  </div>`;
  return { match, view };
}
