// Data management: download a backup, restore one, merge data in, import ezSWM / 0.20.x data or a NetBox bundle, export and import CSV
// per kind.
import { html } from '../html.ts';
import { BACKUP_EXPORT_URL } from '../api.ts';
import { t } from '../messages.ts';
import { JsonImport } from './json-import.ts';
import { CsvImport, KINDS } from './csv-import.ts';
import { CsvLink } from './csv-link.ts';
import { LegacyImport } from './legacy-import.ts';
import { NetboxImport } from './netbox-import.ts';
import '../messages-later.ts';

/** The data settings section (admins). */
export function DataSettings() {
  return html`
    <section class="card" aria-labelledby="data-backup">
      <h2 id="data-backup">${t('data.backup')}</h2>
      <p>${t('data.backupText')}</p>
      <a class="btn btn-primary" href=${BACKUP_EXPORT_URL} download="">${t('data.download')}</a>
    </section>
    <section class="card" aria-labelledby="data-restore">
      <h2 id="data-restore">${t('data.restore')}</h2>
      <p>${t('data.restoreText')}</p>
      <${JsonImport} mode="restore" />
    </section>
    <section class="card" aria-labelledby="data-merge">
      <h2 id="data-merge">${t('data.merge')}</h2>
      <p>${t('data.mergeText')}</p>
      <${JsonImport} mode="merge" />
    </section>
    <section class="card" aria-labelledby="data-legacy">
      <h2 id="data-legacy">${t('data.legacy')}</h2>
      <p>${t('data.legacyText')}</p>
      <${LegacyImport} />
    </section>
    <section class="card" aria-labelledby="data-netbox">
      <h2 id="data-netbox">${t('data.netbox')}</h2>
      <p>${t('data.netboxText')}</p>
      <${NetboxImport} />
    </section>
    <section class="card" aria-labelledby="data-csv-export">
      <h2 id="data-csv-export">${t('csvExport.title')}</h2>
      <p>${t('csvExport.text')}</p>
      <div class="csv-exports">
        ${KINDS.map((k) => html`<${CsvLink} key=${k} path=${`/api/${k}`} name=${k} label=${t('csvExport.kind', { kind: t(`csv.kind.${k}`) })} />`)}
      </div>
    </section>
    <section class="card" aria-labelledby="data-csv">
      <h2 id="data-csv">${t('data.csv')}</h2>
      <${CsvImport} />
    </section>`;
}
