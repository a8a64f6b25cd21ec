// The front panel a layout template makes, drawn by the switch page's own panel (port-panel.ts) from the ports
// that src/lib/port-layout.ts lays out: the template editor's live preview and the switch form's.
import { html, useMemo } from '../html.ts';
import type { Port, Vlan } from '../api-types.ts';
import { t } from '../messages.ts';
import { useSelection } from '../use-selection.ts';
import { layOutPorts } from '../../lib/port-layout.ts';
import type { TemplateUnits } from '../../lib/port-layout.ts';
import { PortPanel } from './port-panel.ts';
import type { LinkInfo } from './port-panel.ts';

const NO_VLANS = new Map<string, Vlan>();
const NO_LINKS = new Map<string, LinkInfo>();

/** The ports a switch of `stackSize` members made from `units` gets, as the panel draws ports. */
export function previewPorts(units: TemplateUnits, stackSize: number): Port[] {
  return layOutPorts(units, stackSize).map((laid) => ({
    id: `preview-${laid.position}`,
    switchId: 'preview',
    name: laid.name,
    position: laid.position,
    unit: laid.unit,
    type: laid.type,
    description: null,
    enabled: true,
    linkStatus: null,
    mode: 'access',
    untaggedVlanId: null,
    taggedVlanIds: [],
    speed: laid.speed,
    poe: laid.poe,
    macAddress: null,
    linkedPortId: null,
    connectedDevice: null,
    connectedPort: null,
    lagId: null,
    version: 1,
    createdAt: '',
    updatedAt: '',
  }));
}

/** The panel of `units` for `stackSize` members, with how many ports it has; `label` names it for assistive technology. */
export function TemplatePreview(p: { units: TemplateUnits; stackSize: number; label: string }) {
  const ports = useMemo(() => previewPorts(p.units, p.stackSize), [p.units, p.stackSize]);
  const selection = useSelection(ports.map((x) => x.id));
  return html`<div class="template-preview">
    <p class="muted preview-count" aria-live="polite">${t('template.previewCount', { count: ports.length })}</p>
    <${PortPanel} ports=${ports} vlans=${NO_VLANS} links=${NO_LINKS} selection=${selection} label=${p.label}
      stacked=${p.stackSize > 1} layout=${{ units: p.units, stackSize: p.stackSize }} />
  </div>`;
}
