// A network's utilisation: a bar of its used, DHCP, reserved and free addresses, under it the subnet's address
// space with the ranges drawn where they lie, and the figures in words (the colours are a key, not the message).
import { html } from '../html.ts';
import type { Network, Range } from '../api-types.ts';
import { canonicalIpNumber } from '../../lib/ip-math.ts';
import { formatNumber, t } from '../messages.ts';
import '../messages-later.ts';

const PARTS = ['used', 'dhcp', 'reserved', 'free'] as const;

/** A count as the API gives it (a number, or a decimal string past 2^53) in the user's locale. */
export const countText = (n: number | string) => formatNumber(BigInt(n));

/** The bar, the ranges at their positions and the legend with the figures. */
export function UtilizationBar(p: { network: Network; ranges: Range[] }) {
  const u = p.network.utilization;
  const first = canonicalIpNumber(p.network.subnet.split('/')[0]!);
  const size = BigInt(u.size);
  const share = (n: number | string) => `${(Number(n) / Number(u.usable)) * 100}%`;
  // Where an address lies in the subnet, in hundredths of a per cent of its size.
  const at = (ip: string) => ((canonicalIpNumber(ip) - first) * 10000n) / size;
  const label = (k: (typeof PARTS)[number]) => t(`util.${k}`);
  const figures = t('util.summary', { percent: formatNumber(u.percent), usable: countText(u.usable) });
  return html`<figure class="util">
    <div class="util-bar" aria-hidden="true">
      ${PARTS.map((k) => html`<span class=${`util-${k}`} style=${{ width: share(u[k]) }}></span>`)}
    </div>
    <div class="util-map" aria-hidden="true">
      ${p.ranges.map((r) => {
        const start = Number(at(r.start)) / 100;
        return html`<span class=${`util-range util-${r.kind}`} style=${{ left: `${start}%`, width: `max(3px, ${Number(at(r.end)) / 100 - start}%)` }}></span>`;
      })}
    </div>
    <figcaption class="util-legend">
      <strong>${figures}</strong>
      ${PARTS.map((k) => html`<span><i class=${`util-key util-${k}`}></i>${label(k)} ${countText(u[k])}</span>`)}
    </figcaption>
  </figure>`;
}
