// The subnet calculator (/tools/subnet?cidr=&split=): a CIDR, optionally a prefix length to split it into, and
// what the server computes of it: network, broadcast, mask, wildcard, first and last host, host count, the split.
import { html } from '../html.ts';
import { subnetInfo } from '../api.ts';
import type { SubnetInfo } from '../api-types.ts';
import { useResource } from '../hooks.ts';
import { t } from '../messages.ts';
import { setQuery } from '../router.ts';
import type { Route } from '../router.ts';
import { useForm } from '../use-form.ts';
import { boundFields } from './fields.ts';
import { Loaded } from './loaded.ts';
import { PageHeader } from './page-header.ts';
import { countText } from './utilization-bar.ts';
import '../messages-later.ts';

const FACTS = ['broadcast', 'mask', 'wildcard', 'firstHost', 'lastHost'] as const;

/** The calculator page: the form writes the query string, which the answer follows. */
export function SubnetPage(p: { route: Route }) {
  const cidr = p.route.query.get('cidr') ?? '';
  const split = p.route.query.get('split') ?? '';
  const info = useResource((signal) => (cidr ? subnetInfo(cidr, split, signal) : Promise.resolve(null)), [cidr, split]);
  // Asked on submit too, so that a refusal shows under the field it names.
  const form = useForm({ cidr, split }, async (v) => {
    await subnetInfo(v.cidr, v.split);
    setQuery(v);
  });
  const f = boundFields(form);
  const show = (i: SubnetInfo | null) =>
    i &&
    html`<dl class="facts">
      <dt>${t('field.subnet')}</dt><dd class="mono">${i.cidr}</dd>
      ${FACTS.map((k) => i[k] !== null && html`<dt>${t(`subnet.${k}`)}</dt><dd class="mono">${i[k]}</dd>`)}
      <dt>${t('subnet.hostCount')}</dt><dd>${countText(i.hostCount)}</dd>
    </dl>
    ${
      i.split &&
      html`<h2>${t('subnet.splitTitle', { prefix: i.split.prefix, total: countText(i.split.total) })}</h2>
      <ol class="subnet-split mono">${i.split.subnets.map(
        (x) => html`<li>${x}</li>`,
      )}${String(i.split.subnets.length) !== String(i.split.total) && html`<li>…</li>`}</ol>`
    }`;
  return html`<${PageHeader} title=${t('subnet.title')} />
    <section class="card">
      <form class="form" onSubmit=${form.onSubmit} novalidate>
        <div class="field-row">
          ${f.text('cidr', t('field.subnet'), { required: true, placeholder: t('placeholder.subnet'), autofocus: !cidr })}
          ${f.text('split', t('subnet.split'), { type: 'number', min: 0, max: 128 })}
        </div>
        <div class="form-actions"><button type="submit" class="btn btn-primary">${t('subnet.calculate')}</button></div>
      </form>
      <${Loaded} resource=${info} render=${show} />
    </section>`;
}
