// The switch configuration rendered by the server, per dialect, to copy or download.
import { html, useId, useState } from '../html.ts';
import { switchConfig } from '../api.ts';
import { useResource } from '../hooks.ts';
import { useApp } from '../app-context.ts';
import { t } from '../messages.ts';
import { saveFile } from '../save-file.ts';
import { copyText } from '../undo.ts';
import { CONFIG_DIALECTS, dialectOfVendor, type ConfigDialect } from '../../lib/config-dialect.ts';
import { Loading } from './loading.ts';
import '../messages-later.ts';

// Product names of the dialects, the same in every language.
const DIALECT_NAMES: Record<ConfigDialect, string> = { 'cisco-ios': 'Cisco IOS', 'arista-eos': 'Arista EOS', junos: 'Junos' };
const FALLBACK: ConfigDialect = 'cisco-ios';

/**
 * Dialect picker, the text, copy and download; it opens on the switch's own dialect, by its vendor or its template's
 * (Cisco IOS when neither names one, saying so when a vendor is documented).
 */
export function ConfigTab(p: { switchId: string; switchName: string; version: number; vendors: (string | null | undefined)[] }) {
  const app = useApp();
  const id = useId();
  const [chosen, setDialect] = useState<string | undefined>(undefined);
  const own = dialectOfVendor(...p.vendors);
  const dialect = chosen ?? own ?? FALLBACK;
  const vendor = p.vendors.find((name) => name?.trim());
  const cfg = useResource(() => switchConfig(p.switchId, dialect), [p.switchId, dialect, p.version]);
  const copy = () => copyText(app, cfg.data ?? '', t('config.copied'));
  const download = () => saveFile(`${p.switchName}-${dialect}.txt`, cfg.data ?? '', 'text/plain');
  return html`<section class="card" aria-label=${t('config.label')}>
    <div class="list-tools">
      <div class="filter-select">
        <label for=${id}>${t('config.dialect')}</label>
        <select id=${id} value=${dialect} onChange=${(e: Event) => setDialect((e.currentTarget as HTMLSelectElement).value)}>
          ${CONFIG_DIALECTS.map((v) => html`<option value=${v} selected=${v === dialect}>${DIALECT_NAMES[v]}</option>`)}
        </select>
      </div>
      <button type="button" class="btn" onClick=${copy} disabled=${!cfg.data}>${t('common.copy')}</button>
      <button type="button" class="btn" onClick=${download} disabled=${!cfg.data}>${t('common.download')}</button>
    </div>
    ${!own && !chosen && vendor && html`<p class="hint">${t('config.noDialectOf', { vendor, dialect: DIALECT_NAMES[FALLBACK] })}</p>`}
    ${
      cfg.error
        ? html`<div class="notice error" role="alert"><p>${cfg.error.message}</p></div>`
        : cfg.data === undefined || cfg.loading
          ? html`<${Loading} />`
          : html`<pre class="config" tabindex="0" aria-label=${t('config.textLabel', { dialect })}>${cfg.data}</pre>`
    }
  </section>`;
}
