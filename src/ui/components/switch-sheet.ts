// The printable sheet of one switch, shared by the print view (/switches/<id>/print) and the public page
// (/p/<token>): heading, QR code, the front panel, the legend of VLAN colours and a read-only port table. It is
// drawn from what a public link answers (PublicSwitch), so that the public page shows nothing more than that.
// The QR encoder (uqr) is imported here only, so it lands in the lazy chunks of those two pages.
import { encode } from 'uqr';
import { html, useMemo } from '../html.ts';
import type { PublicPort, PublicSwitch, PublicVlan } from '../api.ts';
import type { Port, Vlan } from '../api-types.ts';
import { poeText } from '../format.ts';
import { t } from '../messages.ts';
import { useSelection } from '../use-selection.ts';
import { compactRanges } from '../../lib/vlan-ranges.ts';
import { PortPanel } from './port-panel.ts';
import type { LinkInfo, PanelLayout } from './port-panel.ts';
import { VlanChip } from './vlan-chip.ts';
import '../messages-later.ts';

/** A QR code of `text` drawn as one SVG path (dark modules on white, a quiet zone of 4 modules). */
export function QrCode(p: { text: string; label: string }) {
  const d = useMemo(() => {
    const qr = encode(p.text, { ecc: 'M', border: 0 });
    const parts: string[] = [];
    qr.data.forEach((row, y) => {
      row.forEach((dark, x) => {
        if (dark) parts.push(`M${x + 4} ${y + 4}h1v1h-1z`);
      });
    });
    return { path: parts.join(''), size: qr.size + 8 };
  }, [p.text]);
  return html`<svg class="qr" role="img" aria-label=${p.label} viewBox=${`0 0 ${d.size} ${d.size}`} shape-rendering="crispEdges">
    <rect width=${d.size} height=${d.size} fill="#fff" />
    <path d=${d.path} fill="#000" />
  </svg>`;
}

const vlanKey = (v: PublicVlan) => `vid:${v.vid}`;

/** The far end of a port in words: "core-1 / 24", or the device written on the port. */
export function farEndText(port: PublicPort): string {
  const f = port.farEnd;
  if (!f) return '';
  return [f.switch ?? f.device, f.port].filter(Boolean).join(' / ');
}

/**
 * The public ports as the front panel draws ports: ids made up of their place, VLANs keyed by number, and a made-up
 * linked port for each far end on a switch (so that the panel marks the port as linked and names its far end).
 */
function panelPorts(ports: PublicPort[]) {
  const vlans = new Map<string, Vlan>();
  const links = new Map<string, LinkInfo>();
  const drawn = ports.map((x, i): Port => {
    for (const v of [x.untaggedVlan, ...x.taggedVlans])
      if (v) vlans.set(vlanKey(v), { id: vlanKey(v), vid: v.vid, name: v.name, color: v.color } as Vlan);
    const far = x.farEnd?.switch ? `far-${i}` : null;
    if (far) links.set(far, { portName: x.farEnd?.port ?? '', switchId: '', switchName: x.farEnd?.switch ?? '' });
    return {
      id: `port-${i}`,
      name: x.name,
      unit: x.unit,
      position: i + 1,
      type: x.type,
      description: x.description,
      enabled: x.enabled,
      linkStatus: x.linkStatus,
      mode: x.mode,
      untaggedVlanId: x.untaggedVlan ? vlanKey(x.untaggedVlan) : null,
      taggedVlanIds: x.taggedVlans.map(vlanKey),
      speed: x.speed,
      poe: x.poe,
      linkedPortId: far,
      connectedDevice: far ? null : (x.farEnd?.device ?? null),
      connectedPort: far ? null : (x.farEnd?.port ?? null),
      lagId: null,
    } as Port;
  });
  return { drawn, vlans, links };
}

/** The sheet; `heading` is the level of its title (1 on the public page, 2 under the print view's header). */
export function SwitchSheet(p: { data: PublicSwitch; qr: { url: string; caption: string }; layout?: PanelLayout; heading: 1 | 2 }) {
  const { drawn, vlans, links } = useMemo(() => panelPorts(p.data.ports), [p.data]);
  const selection = useSelection(useMemo(() => drawn.map((x) => x.id), [drawn]));
  const sw = p.data.switch;
  const legend = [...vlans.values()].sort((a, b) => a.vid - b.vid);
  const stacked = sw.stackSize > 1 || drawn.some((x) => x.unit > 1);
  const Title = p.heading === 1 ? 'h1' : 'h2';
  // The parts' headings one level below the title (axe: heading-order).
  const Part = p.heading === 1 ? 'h2' : 'h3';
  const facts = [[sw.vendor, sw.model].filter(Boolean).join(' '), sw.location, sw.rackPosition];
  return html`<article class="print-sheet" aria-labelledby="sheet-title">
    <header class="sheet-head">
      <div>
        <${Title} id="sheet-title" class="sheet-title">${sw.name}</${Title}>
        <p class="muted">${facts.filter(Boolean).join(' · ')}</p>
        <p class="muted small">${t('count.ports', { count: drawn.length })}</p>
      </div>
      <figure class="sheet-qr">
        <${QrCode} text=${p.qr.url} label=${t('sheet.qrLabel', { url: p.qr.url })} />
        <figcaption class="small">${p.qr.caption}<br /><span class="mono qr-url">${p.qr.url}</span></figcaption>
      </figure>
    </header>
    <section class="sheet-part" aria-labelledby="sheet-panel">
      <${Part} id="sheet-panel">${t('switch.frontPanel')}</${Part}>
      <${PortPanel} ports=${drawn} vlans=${vlans} links=${links} selection=${selection} stacked=${stacked} layout=${p.layout}
        label=${t('switch.panelLabel', { name: sw.name })} />
    </section>
    <section class="sheet-part" aria-labelledby="sheet-legend">
      <${Part} id="sheet-legend">${t('switch.vlanColours')}</${Part}>
      ${
        legend.length === 0
          ? html`<p class="muted">${t('sheet.noVlans')}</p>`
          : html`<ul class="vlan-legend sheet-legend">${legend.map((v) => html`<li key=${v.id}><${VlanChip} vlan=${v} withName=${true} /></li>`)}</ul>`
      }
      <p class="legend sheet-marks"><span class="lg lg-trunk">${t('switch.legend.trunk')}</span><span class="lg lg-tagged">${t('switch.legend.tagged')}</span>
      <span class="lg lg-off">${t('switch.legend.disabled')}</span><span class="lg lg-linked">${t('ports.linked')}</span></p>
    </section>
    <section class="sheet-part" aria-labelledby="sheet-table">
      <${Part} id="sheet-table">${t('switch.portTable')}</${Part}>
      <div class="table-wrap" tabindex="0" role="region" aria-label=${t('ports.caption', { switch: sw.name })}>
        <table class="data sheet-ports">
          <thead><tr>
            <th scope="col">${t('ports.col.port')}</th>${stacked && html`<th scope="col">${t('portEdit.unit')}</th>`}
            <th scope="col">${t('field.description')}</th><th scope="col">${t('ports.col.mode')}</th>
            <th scope="col">${t('ports.col.untagged')}</th><th scope="col">${t('ports.col.tagged')}</th>
            <th scope="col">${t('ports.col.link')}</th><th scope="col">${t('ports.col.poe')}</th>
            <th scope="col">${t('ports.col.speed')}</th><th scope="col">${t('ports.col.enabled')}</th>
          </tr></thead>
          <tbody>
            ${p.data.ports.map(
              (x, i) => html`<tr key=${i} class=${x.enabled ? undefined : 'port-off'}>
              <th scope="row">${x.name}</th>${stacked && html`<td class="num">${x.unit}</td>`}
              <td class="wrap">${x.description ?? ''}</td>
              <td>${t(`mode.${x.mode}`)}</td>
              <td>${x.untaggedVlan ? html`<${VlanChip} vlan=${x.untaggedVlan} withName=${true} />` : ''}</td>
              <td class="mono">${x.mode === 'trunk' ? compactRanges(x.taggedVlans.map((v) => v.vid)) : ''}</td>
              <td>${farEndText(x)}</td>
              <td>${poeText(x.poe)}</td>
              <td>${x.speed ?? ''}</td>
              <td>${x.enabled ? t('common.yes') : html`<span class="off">${t('common.no')}</span>`}</td>
            </tr>`,
            )}
          </tbody>
        </table>
      </div>
    </section>
  </article>`;
}

/** The sheet's data of a switch the app has: what its public page would show (far ends named by `links`). */
export function sheetOf(
  s: { name: string; vendor: string | null; model: string | null; location: string | null; rackPosition: string | null; stackSize: number },
  ports: Port[],
  vlans: Map<string, Vlan>,
  links: Map<string, LinkInfo>,
): PublicSwitch {
  const pub = (id: string | null): PublicVlan | null => {
    const v = id ? vlans.get(id) : undefined;
    return v ? { vid: v.vid, name: v.name, color: v.color } : null;
  };
  return {
    switch: { name: s.name, vendor: s.vendor, model: s.model, location: s.location, rackPosition: s.rackPosition, stackSize: s.stackSize },
    ports: ports.map((x) => {
      const link = x.linkedPortId ? links.get(x.linkedPortId) : undefined;
      return {
        name: x.name,
        unit: x.unit,
        type: x.type,
        speed: x.speed,
        enabled: x.enabled,
        linkStatus: x.linkStatus,
        mode: x.mode,
        description: x.description,
        poe: x.poe,
        untaggedVlan: pub(x.untaggedVlanId),
        taggedVlans: x.taggedVlanIds.map(pub).filter((v): v is PublicVlan => v !== null),
        farEnd: link
          ? { switch: link.switchName, device: null, port: link.portName }
          : x.connectedDevice || x.connectedPort
            ? { switch: null, device: x.connectedDevice, port: x.connectedPort }
            : null,
      };
    }),
  };
}
