// An address's fields: without an address, the inline row that adds one (the typed address, or the next free
// one in one click); with one, the form that edits it, with the switch port its device is plugged into.
import { html, useRef } from '../html.ts';
import { ADDRESS_STATUSES, DEVICE_TYPES } from '../../fields/choices.ts';
import type { Address } from '../api-types.ts';
import { emptyToNull, textsOf } from '../lookups.ts';
import { t } from '../messages.ts';
import { useForm } from '../use-form.ts';
import type { PortInfo } from './address-table.ts';
import { boundFields } from './fields.ts';
import { FormNotice } from './form-notice.ts';
import { RecordForm } from './record-form.ts';

const initial = (a?: Address) =>
  textsOf(a, ['address', 'hostname', 'macAddress', 'deviceType', 'status', 'description', 'portId'], { status: 'active' });

/**
 * `onSubmit` gets the API body and, when adding, whether Next free was pressed (the body has no address then:
 * the server takes the lowest free one). A switch's management IP keeps its address (changed on the switch).
 */
export function AddressForm(p: {
  address?: Address;
  ports?: Map<string, PortInfo>;
  onSubmit: (body: Partial<Address>, next: boolean) => Promise<unknown>;
  onCancel?: () => void;
}) {
  const a = p.address;
  const managed = !!a?.switchId;
  const next = useRef(false);
  const form = useForm(initial(a), async (v, { setValues }) => {
    const body = emptyToNull(v) as Partial<Address>;
    if (next.current || managed) delete body.address;
    await p.onSubmit(body, next.current);
    if (!a) setValues(initial());
  });
  const f = boundFields(form);
  const none = { value: '', label: t('common.none') };
  // The dialog focuses the first field it may change.
  const fields = html`
    ${f.text('address', t('field.address'), { disabled: managed, autofocus: !!a && !managed, hint: managed ? t('addresses.ofSwitch') : undefined })}
    ${f.text('hostname', t('field.hostname'), { autofocus: managed })}
    ${f.text('macAddress', t('field.mac'), { placeholder: t('placeholder.mac') })}
    ${f.select('deviceType', t('field.deviceType'), [none, ...DEVICE_TYPES.map((x) => ({ value: x, label: t(`deviceType.${x}`) }))])}`;
  const press = (isNext: boolean) => () => {
    next.current = isNext;
  };
  if (!a)
    return html`<form class="form inline-add" onSubmit=${form.onSubmit} novalidate aria-label=${t('addresses.add')}>
      <div class="field-row">${fields}
        <div class="form-actions">
          <button type="submit" class="btn btn-primary" disabled=${form.pending} onClick=${press(false)}>${t('addresses.add')}</button>
          <button type="submit" class="btn" disabled=${form.pending} onClick=${press(true)}>${t('addresses.next')}</button>
        </div>
      </div>
      <${FormNotice} message=${form.formError} />
    </form>`;
  // The site's ports by switch and name ("core-1 / 2" before "core-1 / 10").
  const ports = [...(p.ports ?? [])]
    .filter(([, x]) => x.href.includes('?port='))
    .map(([value, x]) => ({ value, label: x.label }))
    .sort((x, y) => x.label.localeCompare(y.label, undefined, { numeric: true }));
  return html`<${RecordForm} form=${form} submitLabel=${t('common.save')} onCancel=${p.onCancel}>
    <div class="field-row">${fields}
      ${f.select(
        'status',
        t('field.status'),
        ADDRESS_STATUSES.map((x) => ({ value: x, label: t(`addressStatus.${x}`) })),
      )}
      ${f.select('portId', t('field.port'), [none, ...ports])}
    </div>
    ${f.text('description', t('field.description'))}
  </${RecordForm}>`;
}
