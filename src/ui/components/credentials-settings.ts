// Credential sets (admins): SNMP credentials kept once under a name, for polling schedules and discoveries. The list
// never shows a secret (the server answers none); an edit renames a set, or replaces its credentials when they are
// given again, and sets the hosts it may be sent to (one per line); a delete refused because schedules use the set shows the server's message naming them.
import { html, useState } from '../html.ts';
import { createCredentialSet, deleteCredentialSet, listCredentialSets, updateCredentialSet } from '../api.ts';
import type { CredentialInput, CredentialSet } from '../api.ts';
import { useApp } from '../app-context.ts';
import { useResource } from '../hooks.ts';
import { t } from '../messages.ts';
import { SNMP_AUTH_PROTOCOLS, SNMP_PRIV_PROTOCOLS } from '../../discovery/observed.ts';
import { confirmedDelete } from '../undo.ts';
import { useForm } from '../use-form.ts';
import { DataTable } from './data-table.ts';
import type { Column } from './data-table.ts';
import { EmptyState } from './empty-state.ts';
import { boundFields } from './fields.ts';
import { FormNotice } from './form-notice.ts';
import { Loaded } from './loaded.ts';
import { SubmitButton } from './submit-button.ts';

const EMPTY = {
  name: '',
  version: '2c',
  community: '',
  user: '',
  authProtocol: 'sha',
  authKey: '',
  privProtocol: 'aes',
  privKey: '',
  context: '',
  allowedHosts: '',
};
type Values = typeof EMPTY;

/** The credential sets section of the settings. */
export function CredentialsSettings() {
  const app = useApp();
  const sets = useResource((signal) => listCredentialSets(signal), []);
  const [editing, setEditing] = useState<CredentialSet | null>(null);
  const form = useForm(EMPTY, async (v, { setValues }) => {
    const body = bodyOf(v, editing);
    const saved = editing ? await updateCredentialSet(editing.id, body) : await createCredentialSet(body);
    app.toast({ kind: 'success', message: t('credentials.saved', { name: saved.name }) });
    setEditing(null);
    setValues(EMPTY);
    sets.reload();
  });
  const edit = (set: CredentialSet) => {
    setEditing(set);
    const allowedHosts = set.allowedHosts.join('\n');
    form.setValues({ ...EMPTY, name: set.name, version: set.version, user: set.user ?? '', context: set.context ?? '', allowedHosts });
  };
  const remove = async (set: CredentialSet) => {
    const question = {
      title: t('common.delete'),
      message: t('credentials.deleteQuestion', { name: set.name }),
      confirmLabel: t('common.delete'),
    };
    if (await confirmedDelete(app, question, () => deleteCredentialSet(set.id), sets.reload))
      app.toast({ kind: 'success', message: t('credentials.deleted', { name: set.name }) });
    sets.reload();
  };
  const columns: Column<CredentialSet>[] = [
    { label: t('field.name'), render: (set) => set.name },
    { label: t('credentials.version'), render: (set) => (set.version === '3' ? 'SNMPv3' : 'SNMPv2c') },
    { label: t('credentials.user'), render: (set) => set.user ?? '—' },
    { label: t('credentials.allowedHosts'), render: (set) => set.allowedHosts.join(', ') || '—' },
    {
      label: t('common.actions'),
      className: 'actions',
      render: (set) => html`<button type="button" class="btn btn-small" onClick=${() => edit(set)}
          aria-label=${`${t('common.edit')} ${set.name}`}>${t('common.edit')}</button>
        <button type="button" class="btn btn-small btn-danger-outline" onClick=${() => remove(set)}
          aria-label=${`${t('common.delete')} ${set.name}`}>${t('common.delete')}</button>`,
    },
  ];
  const table = (rows: CredentialSet[]) => html`<${DataTable} caption=${t('credentials.title')} columns=${columns} rows=${rows} />`;
  const cancel = () => {
    setEditing(null);
    form.setValues(EMPTY);
  };
  const f = boundFields(form);
  const v3 = form.values.version === '3';
  const secretHint = editing ? t('credentials.keepHint') : undefined;
  return html`
    <section class="card" aria-labelledby="cred-form">
      <h2 id="cred-form">${editing ? `${t('common.edit')}: ${editing.name}` : t('credentials.title')}</h2>
      <p class="muted">${t('credentials.intro')}</p>
      <form class="form" onSubmit=${form.onSubmit} novalidate>
        ${f.text('name', t('field.name'), { required: true })}
        ${f.select('version', t('credentials.version'), [
          { value: '2c', label: 'SNMPv2c' },
          { value: '3', label: 'SNMPv3' },
        ])}
        ${!v3 && f.text('community', t('credentials.community'), { type: 'password', autocomplete: 'new-password', hint: secretHint })}
        ${v3 && f.text('user', t('credentials.user'))}
        ${
          v3 &&
          f.select(
            'authProtocol',
            t('credentials.authProtocol'),
            SNMP_AUTH_PROTOCOLS.map((p) => ({ value: p, label: p.toUpperCase() })),
          )
        }
        ${v3 && f.text('authKey', t('credentials.authKey'), { type: 'password', autocomplete: 'new-password', hint: secretHint })}
        ${
          v3 &&
          f.select(
            'privProtocol',
            t('credentials.privProtocol'),
            SNMP_PRIV_PROTOCOLS.map((p) => ({ value: p, label: p.toUpperCase() })),
          )
        }
        ${v3 && f.text('privKey', t('credentials.privKey'), { type: 'password', autocomplete: 'new-password', hint: secretHint })}
        ${v3 && f.text('context', t('credentials.context'))}
        ${f.area('allowedHosts', t('credentials.allowedHosts'), { required: true, hint: t('credentials.allowedHostsHint') })}
        <div class="form-actions">
          <${SubmitButton} pending=${form.pending} label=${editing ? t('common.save') : t('credentials.add')} pendingLabel=${t('common.saving')} />
          ${editing && html`<button type="button" class="btn" onClick=${cancel}>${t('common.cancel')}</button>`}
        </div>
      </form>
      <${FormNotice} message=${form.formError} />
    </section>
    <section class="card" aria-labelledby="cred-list">
      <h2 id="cred-list">${t('credentials.title')}</h2>
      <${Loaded} resource=${sets} render=${table}
        empty=${html`<${EmptyState} message=${t('common.none')} />`} />
    </section>`;
}

// The body of a create, or of an edit: its name, and the credentials when any secret was typed (else they are kept).
function bodyOf(v: Values, editing: CredentialSet | null): CredentialInput {
  const typed = v.version === '3' ? v.authKey !== '' || v.privKey !== '' : v.community !== '';
  const snmp: Record<string, string> =
    v.version === '3'
      ? {
          version: '3',
          user: v.user,
          authProtocol: v.authProtocol,
          authKey: v.authKey,
          privProtocol: v.privProtocol,
          privKey: v.privKey,
          ...(v.context ? { context: v.context } : {}),
        }
      : { version: '2c', community: v.community };
  const allowedHosts = v.allowedHosts.split(/[\s,]+/).filter((entry) => entry !== '');
  return { name: v.name.trim(), ...(typed || !editing ? { snmp } : {}), allowedHosts };
}
