// The dialog that duplicates a switch: the copy's name and management IP; the copy gets the original's ports,
// VLANs and LAGs (POST /api/switches/{id}/duplicate), and the page goes to it.
import { html } from '../html.ts';
import { duplicateSwitch } from '../api.ts';
import type { Switch } from '../api-types.ts';
import { t } from '../messages.ts';
import { useForm } from '../use-form.ts';
import { boundFields } from './fields.ts';
import { Modal } from './modal.ts';
import { RecordForm } from './record-form.ts';
import '../messages-later.ts';

type Values = { name: string; managementIp: string };

/** Asks for the copy's name and management IP; `onDone` gets the copy. */
export function SwitchDuplicate(p: { sw: Switch; onDone: (copy: Switch) => void; onClose: () => void }) {
  const form = useForm<Values>({ name: t('duplicate.defaultName', { name: p.sw.name }), managementIp: '' }, async (v) => {
    const ip = v.managementIp.trim();
    const copy = await duplicateSwitch(p.sw.id, { name: v.name.trim(), ...(ip ? { managementIp: ip } : {}) });
    p.onDone(copy);
  });
  const f = boundFields(form);
  return html`<${Modal} title=${t('duplicate.title', { name: p.sw.name })} onClose=${p.onClose}>
    <p class="muted">${t('duplicate.intro', { name: p.sw.name })}</p>
    <${RecordForm} form=${form} submitLabel=${t('duplicate.submit')} onCancel=${p.onClose}>
      ${f.text('name', t('field.name'), { required: true, maxLength: 64, autofocus: true })}
      ${f.text('managementIp', t('field.managementIp'), { placeholder: t('placeholder.ip') })}
    </${RecordForm}>
  </${Modal}>`;
}
