// The summary of the 0.20.x migration (GET /api/migration): every value it fixed, grouped by the kind of record, each
// linking to its record; a fix of a record that was not migrated is listed under its file.
import { html } from '../html.ts';
import { getMigration } from '../api.ts';
import type { Migration, MigrationFix } from '../api-types.ts';
import { fieldLabel } from '../field-label.ts';
import { formatDateTime } from '../format.ts';
import { fixReasonText } from '../server-messages.ts';
import { useResource } from '../hooks.ts';
import { t } from '../messages.ts';
import type { MessageKey } from '../messages.ts';
import { EmptyState } from './empty-state.ts';
import { ValueCell } from './fixes-table.ts';
import { Loaded } from './loaded.ts';
import { PageHeader } from './page-header.ts';
import '../messages-later.ts';

/** The order the kinds are listed in: the inventory from the sites down, then what it was made of. */
const KIND_ORDER = ['site', 'vlan', 'network', 'switch', 'port', 'lag', 'address', 'range', 'template', 'user'];

type Group = { key: string; title: string; fixes: MigrationFix[] };

/** The fixes by kind in KIND_ORDER, then those of records not migrated by file, each group in the log's order. */
export function groupFixes(fixes: MigrationFix[]): Group[] {
  const groups = new Map<string, Group>();
  for (const fix of fixes) {
    const key = fix.kind ?? `file:${fix.file}`;
    const title = fix.kind ? t(`migration.kind.${fix.kind}` as MessageKey) : t('migration.notMigrated', { file: fix.file });
    const group = groups.get(key) ?? { key, title, fixes: [] };
    group.fixes.push(fix);
    groups.set(key, group);
  }
  const rank = (key: string) => (KIND_ORDER.includes(key) ? KIND_ORDER.indexOf(key) : KIND_ORDER.length);
  return [...groups.values()].sort((a, b) => rank(a.key) - rank(b.key));
}

/** A fix's record, linked to its page (a port's and a LAG's named with their switch); its file and id when not migrated. */
function RecordCell(p: { fix: MigrationFix }) {
  const { fix } = p;
  if (!fix.recordPath) return html`<td class="mono">${fix.legacyId}</td>`;
  const name = fix.parentName ? `${fix.parentName} / ${fix.recordName}` : fix.recordName;
  return html`<td><a href=${fix.recordPath}>${name}</a></td>`;
}

/** A fix's field by its label in the UI's language, the 0.20.x file's name under it; that name alone when the API has none. */
function FieldCell(p: { fix: MigrationFix }) {
  const { apiField, field } = p.fix;
  if (!apiField) return html`<td class="mono">${field}</td>`;
  return html`<td>${fieldLabel(apiField)}<br /><span class="mono muted">${field}</span></td>`;
}

function FixGroup(p: { group: Group }) {
  const { group } = p;
  const id = `migration-${group.key.replace(/\W+/g, '-')}`;
  const caption = t('migration.caption', { kind: group.title });
  return html`<section class="card" aria-labelledby=${id}>
    <h2 id=${id}>${t('migration.heading', { kind: group.title, count: group.fixes.length })}</h2>
    <div class="table-wrap fixes migration-fixes" tabindex="0" role="region" aria-label=${caption}>
      <table class="data">
        <caption class="visually-hidden">${caption}</caption>
        <thead><tr>
          <th scope="col">${t('fixes.record')}</th><th scope="col">${t('errors.field')}</th>
          <th scope="col">${t('fixes.from')}</th><th scope="col">${t('fixes.to')}</th><th scope="col">${t('fixes.reason')}</th>
        </tr></thead>
        <tbody>${group.fixes.map(
          (fix) => html`<tr>
          <${RecordCell} fix=${fix} /><${FieldCell} fix=${fix} />
          <${ValueCell} v=${fix.from} /><${ValueCell} v=${fix.to} /><td class="wrap reason">${fixReasonText(fix)}</td>
        </tr>`,
        )}</tbody>
      </table>
    </div>
  </section>`;
}

function Summary(p: { migration: Migration | null }) {
  const { migration } = p;
  if (!migration) return html`<${EmptyState} message=${t('migration.none')} />`;
  const groups = groupFixes(migration.fixes);
  return html`<p>${t('migration.intro', { at: formatDateTime(migration.at) })}</p>
    <p><strong>${migration.fixes.length === 0 ? t('migration.noFixes') : t('migration.count', { count: migration.fixes.length })}</strong></p>
    ${groups.map((group) => html`<${FixGroup} key=${group.key} group=${group} />`)}`;
}

/** The page at /migration. */
export function MigrationPage() {
  const migration = useResource((signal) => getMigration(signal), []);
  return html`<${PageHeader} title=${t('migration.title')} />
    <${Loaded} resource=${migration} render=${(m: Migration | null) => html`<${Summary} migration=${m} />`} />`;
}
