// Data management: download a backup, restore one, merge data in, import CSV per kind.
import { html } from '../html.ts';
import { BACKUP_EXPORT_URL } from '../api.ts';
import { JsonImport } from './json-import.ts';
import { CsvImport } from './csv-import.ts';

/** The data settings section (admins). */
export function DataSettings() {
  return html`
    <section class="card" aria-labelledby="data-backup">
      <h2 id="data-backup">Backup</h2>
      <p>A JSON file with every user, site, network, switch, port and activity entry. Its name says when it was made.</p>
      <a class="btn btn-primary" href=${BACKUP_EXPORT_URL} download="">Download backup</a>
    </section>
    <section class="card" aria-labelledby="data-restore">
      <h2 id="data-restore">Restore a backup</h2>
      <p>Replaces all sites, networks, switches, ports and activity with the backup's. You see what it holds before anything changes.</p>
      <${JsonImport} mode="restore" />
    </section>
    <section class="card" aria-labelledby="data-merge">
      <h2 id="data-merge">Merge data in</h2>
      <p>Adds the records of a backup, or of 0.20.x JSON files, to what is here. Sites, networks and switches with the same name are merged.</p>
      <${JsonImport} mode="merge" />
    </section>
    <section class="card" aria-labelledby="data-csv">
      <h2 id="data-csv">Import CSV</h2>
      <${CsvImport} />
    </section>`;
}
