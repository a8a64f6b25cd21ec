// The fields of a discovery: the switch's address and its SNMP credentials (v2c community, or v3 user with
// authentication and privacy), the ones remembered for the switch, or "remember these"; and the request they make.
import { html, useId } from '../html.ts';
import type { DiscoveryRequest } from '../api.ts';
import { SNMP_AUTH_PROTOCOLS, SNMP_PRIV_PROTOCOLS } from '../../discovery/observed.ts';
import { t } from '../messages.ts';
import type { FormState } from '../use-form.ts';
import { boundFields } from './fields.ts';
import '../messages-later.ts';

/** Which credentials a discovery sends: none (those remembered for the switch), SNMP v2c or SNMP v3. */
export type CredentialsChoice = 'remembered' | '2c' | '3';

/** The form's values, all text as the fields hold them. */
export type DiscoverValues = {
  host: string;
  snmp: CredentialsChoice;
  community: string;
  user: string;
  authProtocol: string;
  authKey: string;
  privProtocol: string;
  privKey: string;
  context: string;
};

/** The values a discovery starts with: the address given, and SNMP v2c (the dialog picks remembered ones when there are). */
export function initialValues(host: string): DiscoverValues {
  return {
    host,
    snmp: '2c',
    community: '',
    user: '',
    authProtocol: SNMP_AUTH_PROTOCOLS[0],
    authKey: '',
    privProtocol: SNMP_PRIV_PROTOCOLS[0],
    privKey: '',
    context: '',
  };
}

/** The request of POST /api/discovery the values make, for the switch (or the site) of `scope`. */
export function requestOf(v: DiscoverValues, remember: boolean, scope: { siteId: string; switchId?: string }): DiscoveryRequest {
  const body: DiscoveryRequest = { siteId: scope.siteId, host: v.host.trim(), ...(scope.switchId ? { switchId: scope.switchId } : {}) };
  if (v.snmp === 'remembered') return body;
  const snmp =
    v.snmp === '2c'
      ? { version: '2c' as const, community: v.community }
      : {
          version: '3' as const,
          user: v.user.trim(),
          authProtocol: v.authProtocol,
          authKey: v.authKey,
          privProtocol: v.privProtocol,
          privKey: v.privKey,
          ...(v.context.trim() ? { context: v.context.trim() } : {}),
        };
  return { ...body, snmp, ...(remember ? { remember: true } : {}) };
}

const AUTH_LABELS: Record<string, string> = { sha: 'SHA-1', sha256: 'SHA-256', md5: 'MD5' };
const PRIV_LABELS: Record<string, string> = { aes: 'AES-128', aes256b: 'AES-256 (Blumenthal)', aes256r: 'AES-256 (Reeder, Cisco)' };

/**
 * The address and credentials fields of `form`; `offerRemembered` adds the choice of the switch's remembered
 * credentials. `remember` is the "remember credentials" checkbox (not sent with remembered ones).
 */
export function DiscoverFields(p: {
  form: FormState<DiscoverValues>;
  offerRemembered: boolean;
  remember: boolean;
  onRemember: (on: boolean) => void;
}) {
  const f = boundFields(p.form);
  const v = p.form.values;
  const id = useId();
  const choices = [
    ...(p.offerRemembered ? [{ value: 'remembered', label: t('discover.credentials.remembered') }] : []),
    { value: '2c', label: t('discover.credentials.v2c') },
    { value: '3', label: t('discover.credentials.v3') },
  ];
  const secret = { type: 'password', autocomplete: 'off' };
  // SNMP v3's authentication and its privacy: each a protocol and a key.
  const protocolAndKey = (
    [protocol, protocolLabel, protocols, names]: [keyof DiscoverValues, string, readonly string[], Record<string, string>],
    [key, keyLabel]: [keyof DiscoverValues, string],
  ) =>
    html`<div class="field-row">
      ${f.select(
        protocol,
        protocolLabel,
        protocols.map((x) => ({ value: x, label: names[x] ?? x })),
      )}
      ${f.text(key, keyLabel, { required: true, hint: t('discover.keyHint'), ...secret })}
    </div>`;
  return html`
    ${f.text('host', t('discover.host'), { required: true, autofocus: true, hint: t('discover.hostHint'), placeholder: t('placeholder.ip') })}
    ${f.select('snmp', t('discover.credentials'), choices)}
    ${v.snmp === '2c' && f.text('community', t('discover.community'), { required: true, ...secret })}
    ${
      v.snmp === '3' &&
      html`<div class="field-row">
        ${f.text('user', t('discover.user'), { required: true })}
        ${f.text('context', t('discover.context'))}
      </div>
      ${protocolAndKey(['authProtocol', t('discover.authProtocol'), SNMP_AUTH_PROTOCOLS, AUTH_LABELS], ['authKey', t('discover.authKey')])}
      ${protocolAndKey(['privProtocol', t('discover.privProtocol'), SNMP_PRIV_PROTOCOLS, PRIV_LABELS], ['privKey', t('discover.privKey')])}`
    }
    ${
      v.snmp !== 'remembered' &&
      html`<div class="discover-remember">
        <span class="check-label">
          <input type="checkbox" id=${id} checked=${p.remember} aria-describedby=${`${id}-hint`}
            onChange=${(e: Event) => p.onRemember((e.currentTarget as HTMLInputElement).checked)} />
          <label for=${id}>${t('discover.remember')}</label>
        </span>
        <p class="hint" id=${`${id}-hint`}>${t('discover.rememberHint')}</p>
        ${p.form.errors.remember && html`<p class="field-error" role="alert">${p.form.errors.remember}</p>`}
      </div>`
    }
    ${v.snmp === 'remembered' && html`<p class="hint">${t('discover.rememberedHint')}</p>`}`;
}
