// The fields of a switch; reports the values up through onSubmit.
import { html, useEffect, useRef, useState } from '../html.ts';
import { STACK_MAX, SWITCH_ROLES } from '../../fields/choices.ts';
import { ApiError, allTemplates, getTemplate, siteVlans } from '../api.ts';
import { SWITCH_STATUSES } from '../api-types.ts';
import type { Site, Switch, Template, Vlan } from '../api-types.ts';
import { useResource } from '../hooks.ts';
import { textsOf } from '../lookups.ts';
import { t, tParts } from '../messages.ts';
import { useForm } from '../use-form.ts';
import { vlanIdsOf, vlanTextOf } from '../vlan-text.ts';
import { SelectField, boundFields } from './fields.ts';
import { RecordForm } from './record-form.ts';
import type { RecordFormProps } from './record-form.ts';
import { VlanPicker } from './vlan-picker.ts';
import { lazyPage } from './lazy-page.ts';
import type { TemplateUnits } from '../../lib/port-layout.ts';

// The template rules and the panel preview are fetched with the first template chosen: most forms never need them.
const TemplatePreview = lazyPage(async () => (await import('./template-preview.ts')).TemplatePreview);

type LayoutRules = typeof import('../../lib/port-layout.ts');

function useLayoutRules(wanted: boolean): LayoutRules | undefined {
  const [rules, setRules] = useState<LayoutRules | undefined>(undefined);
  useEffect(() => {
    if (wanted && !rules) void import('../../lib/port-layout.ts').then((loaded) => setRules(() => loaded));
  }, [wanted]);
  return rules;
}

/** The form's values: the text in each field (portCount only when creating; tags and VLANs as lists). */
export type SwitchValues = {
  siteId: string;
  name: string;
  vendor: string;
  model: string;
  serialNumber: string;
  macAddress: string;
  managementIp: string;
  firmwareVersion: string;
  location: string;
  rackPosition: string;
  role: string;
  tags: string;
  status: string;
  stackSize: string;
  poeBudgetWatts: string;
  configuredVlans: string;
  notes: string;
  portCount: string;
  /** The layout template the switch is made from ('' for none: portCount ports), when creating. */
  templateId: string;
};

/** Create (with a port count) or edit a switch. */
export function SwitchForm(p: RecordFormProps<SwitchValues> & { sw?: Switch; sites: Site[]; siteId?: string }) {
  const s = p.sw;
  const siteVlanList = useResource((signal) => (s ? siteVlans(s.siteId, signal) : Promise.resolve([] as Vlan[])), [s?.siteId]);
  const vlans = siteVlanList.data ?? [];
  const form = useForm<SwitchValues>(
    {
      siteId: s?.siteId ?? p.siteId ?? p.sites[0]?.id ?? '',
      ...textsOf(s, [
        'name',
        'vendor',
        'model',
        'serialNumber',
        'macAddress',
        'managementIp',
        'firmwareVersion',
        'location',
        'rackPosition',
        'role',
      ]),
      tags: (s?.tags ?? []).join(', '),
      status: s?.status ?? 'active',
      stackSize: String(s?.stackSize ?? 1),
      poeBudgetWatts: s?.poeBudgetWatts === null || s?.poeBudgetWatts === undefined ? '' : String(s.poeBudgetWatts),
      configuredVlans: '',
      notes: s?.notes ?? '',
      portCount: s ? '' : '24',
      templateId: '',
    },
    async (v) => {
      const configured = vlanIdsOf(v.configuredVlans, vlans);
      if (!configured.ok)
        throw new ApiError(400, 'validation_failed', t('switch.checkVlans'), [{ field: 'configuredVlans', message: configured.reason }]);
      await p.onSubmit({ ...v, configuredVlans: configured.ids.join(',') });
    },
    ['configuredVlanIds'],
  );
  // The configured VLANs are written by number once the site's VLANs are known (once: never over what was typed).
  const touched = useRef(false);
  useEffect(() => {
    if (!s || !siteVlanList.data || touched.current) return;
    touched.current = true;
    form.set('configuredVlans', vlanTextOf(s.configuredVlanIds, new Map(siteVlanList.data.map((x) => [x.id, x]))));
  }, [siteVlanList.data]);
  // Creating: the templates to make the switch from. Editing one made from a template: which.
  const templates = useResource(async (signal) => (s ? [] : allTemplates(signal).catch(() => [] as Template[])), [!s]);
  const madeFrom = useResource(async () => (s?.templateId ? getTemplate(s.templateId) : undefined), [s?.templateId]);
  const template = templates.data?.find((x) => x.id === form.values.templateId);
  const units = template?.units as TemplateUnits | undefined;
  const stackSize = Math.max(1, Math.min(STACK_MAX, Math.trunc(Number(form.values.stackSize)) || 1));
  const rules = useLayoutRules(units !== undefined);
  const stackFault = units && rules ? rules.stackProblem(units, stackSize) : undefined;
  const chooseTemplate = (id: string) => {
    const chosen = templates.data?.find((x) => x.id === id);
    form.set('templateId', id);
    // The template's maker and model are the switch's, unless typed already.
    if (chosen && !form.values.vendor.trim() && !form.values.model.trim()) {
      form.set('vendor', chosen.vendor ?? '');
      form.set('model', chosen.model ?? '');
    }
    // A template that describes a stack member by member makes exactly that many.
    if (chosen && chosen.units.length > 1) form.set('stackSize', String(chosen.units.length));
  };
  const f = boundFields(form, p.readOnly);
  const sites = p.sites.map((x) => ({ value: x.id, label: x.name }));
  const statuses = SWITCH_STATUSES.map((x) => ({ value: x, label: t(`status.${x}`) }));
  const roles = [{ value: '', label: t('switch.noRole') }, ...SWITCH_ROLES.map((x) => ({ value: x, label: t(`switchRole.${x}`) }))];
  const portCount = { type: 'number', min: 0, max: 1024, inputMode: 'numeric', hint: t('switch.portCountHint') };
  return html`<${RecordForm} ...${p} form=${form}>
    <div class="field-row">
      ${f.select('siteId', t('field.site'), sites, { required: true, disabled: p.readOnly || !!s })}
      ${f.text('name', t('field.name'), { required: true, maxLength: 100 })}
    </div>
    <div class="field-row">${f.select('role', t('field.role'), roles)}${f.select('status', t('field.status'), statuses)}</div>
    <div class="field-row">${f.text('vendor', t('switch.vendor'))}${f.text('model', t('field.model'))}</div>
    <div class="field-row">
      ${f.text('managementIp', t('field.managementIp'), { placeholder: t('placeholder.ip') })}
      ${f.text('macAddress', t('field.mac'), { placeholder: t('placeholder.mac') })}
    </div>
    <div class="field-row">${f.text('serialNumber', t('switch.serialNumber'))}${f.text('firmwareVersion', t('switch.firmwareVersion'))}</div>
    <div class="field-row">
      ${f.text('location', t('field.location'), { placeholder: t('placeholder.location') })}
      ${f.text('rackPosition', t('switch.rackPosition'), { placeholder: t('placeholder.rack') })}
    </div>
    ${
      !s &&
      (templates.data?.length ?? 0) > 0 &&
      html`<${SelectField} label=${t('template.field')} name="templateId" value=${form.values.templateId} error=${form.errors.templateId}
        disabled=${p.readOnly} hint=${template ? t('template.fieldHint') : undefined} onChange=${chooseTemplate} options=${[
          { value: '', label: t('template.noTemplate') },
          ...(templates.data ?? []).map((x) => ({
            value: x.id,
            label: [x.name, [x.vendor, x.model].filter(Boolean).join(' ')].filter(Boolean).join(' · '),
          })),
        ]} />`
    }
    ${
      madeFrom.data &&
      html`<p class="hint">${tParts('template.drawnFrom', { template: html`<a href=${`/templates/${madeFrom.data.id}`}>${madeFrom.data.name}</a>` })}</p>`
    }
    <div class="field-row">
      ${f.text('stackSize', t('switch.stackSize'), {
        type: 'number',
        min: 1,
        max: STACK_MAX,
        inputMode: 'numeric',
        hint: t('switch.stackSizeHint'),
        ...(stackFault && !form.errors.stackSize ? { error: stackFault } : {}),
      })}
      ${f.text('poeBudgetWatts', t('switch.poeBudget'), { type: 'number', min: 0, inputMode: 'numeric', hint: t('switch.poeBudgetHint') })}
    </div>
    ${f.text('tags', t('switch.tags'), { hint: t('switch.tagsHint') })}
    ${!s && !template && f.text('portCount', t('switch.portCount'), portCount)}
    ${
      units &&
      html`<div class="switch-template-preview"><${TemplatePreview} units=${units} stackSize=${units.length > 1 ? units.length : stackSize}
        label=${t('template.switchPreview')} /></div>`
    }
    ${
      s &&
      html`<${VlanPicker} label=${t('switch.configuredVlans')} value=${form.values.configuredVlans} vlans=${vlans} disabled=${p.readOnly}
      error=${form.errors.configuredVlans ?? form.errors.configuredVlanIds} hint=${t('switch.configuredHint')}
      onChange=${(x: string) => {
        touched.current = true;
        form.set('configuredVlans', x);
      }} />`
    }
    ${f.area('notes', t('field.notes'))}
  </${RecordForm}>`;
}

/** The API body of a switch form's values (portCount only when creating; configuredVlans holds VLAN ids). */
export function switchBody(v: SwitchValues, creating: boolean) {
  const orNull = (s: string) => (s.trim() === '' ? null : s.trim());
  const body: Record<string, unknown> = {
    siteId: v.siteId,
    name: v.name.trim(),
    vendor: orNull(v.vendor),
    model: orNull(v.model),
    serialNumber: orNull(v.serialNumber),
    macAddress: orNull(v.macAddress),
    managementIp: orNull(v.managementIp),
    firmwareVersion: orNull(v.firmwareVersion),
    location: orNull(v.location),
    rackPosition: orNull(v.rackPosition),
    role: v.role || null,
    tags: v.tags
      .split(/[,;]/)
      .map((x) => x.trim())
      .filter(Boolean),
    status: v.status,
    stackSize: Number(v.stackSize) || 1,
    poeBudgetWatts: v.poeBudgetWatts.trim() === '' ? null : Number(v.poeBudgetWatts),
    notes: orNull(v.notes),
  };
  if (!creating) body.configuredVlanIds = v.configuredVlans ? v.configuredVlans.split(',') : [];
  if (creating && v.templateId) body.templateId = v.templateId;
  else if (creating && v.portCount.trim() !== '') body.portCount = Number(v.portCount);
  return body;
}
