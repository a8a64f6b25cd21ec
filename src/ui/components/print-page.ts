// The print view of a switch (/switches/<id>/print): the printable sheet (front panel, VLAN legend, port table)
// with a QR code of the switch's public link when one was made in this tab (its URL is answered only once), else
// of the switch's page in the app; printed on A4 landscape (styles.css, "Print and public links").
import { html, useMemo, useState } from '../html.ts';
import { createPublicLink, getSwitch, getTemplate, siteVlans } from '../api.ts';
import { useApp } from '../app-context.ts';
import { useResource } from '../hooks.ts';
import { useLinks } from '../far-ends.ts';
import { useSiteOf } from '../lookups.ts';
import { t } from '../messages.ts';
import { recentPublicUrl, rememberPublicUrl } from '../public-urls.ts';
import { failureText } from '../undo.ts';
import { RecordLoadError } from './error-state.ts';
import { Loading } from './loading.ts';
import { PageHeader } from './page-header.ts';
import { SwitchSheet, sheetOf } from './switch-sheet.ts';
import '../messages-later.ts';

/** The print view of switch `id`. */
export function PrintPage(p: { id: string }) {
  const app = useApp();
  const sw = useResource(() => getSwitch(p.id), [p.id]);
  const s = sw.data;
  const site = useSiteOf(s?.siteId);
  const vlans = useResource(async (signal) => (s ? siteVlans(s.siteId, signal) : []), [s?.siteId]);
  const template = useResource(async () => (s?.templateId ? getTemplate(s.templateId) : undefined), [s?.templateId]);
  const links = useLinks(s?.ports, '');
  const [url, setUrl] = useState(() => recentPublicUrl(p.id));
  const [making, setMaking] = useState(false);
  const data = useMemo(() => {
    if (!s || !vlans.data || !links.data) return undefined;
    const ports = [...s.ports].sort((a, b) => a.unit - b.unit || a.position - b.position);
    return sheetOf(s, ports, new Map(vlans.data.map((v) => [v.id, v])), links.data);
  }, [s, vlans.data, links.data]);

  if (sw.error)
    return html`<${RecordLoadError} title=${t('print.title')} list=${{ label: t('switches.title'), href: '/switches' }} error=${sw.error}
      what="switch" onRetry=${sw.reload} />`;
  if (!s || !data || (s.templateId && template.loading)) return html`<${Loading} />`;

  const makeLink = async () => {
    setMaking(true);
    try {
      const link = await createPublicLink(s.id);
      rememberPublicUrl(s.id, link.id, link.url);
      setUrl(link.url);
      app.toast({ kind: 'success', message: t('publicLinks.made') });
    } catch (err) {
      app.toast({ kind: 'error', message: t('publicLinks.makeFailed', { message: failureText(err) }) });
    } finally {
      setMaking(false);
    }
  };
  const qr = url
    ? { url, caption: t('print.qrPublic') }
    : { url: new URL(`/switches/${s.id}`, location.origin).href, caption: t('print.qrApp') };
  const layout = template.data ? { units: template.data.units, stackSize: s.stackSize } : undefined;
  return html`
    <div class="no-print">
      <${PageHeader} title=${t('print.title')}
        crumbs=${[
          { label: t('sites.title'), href: '/sites' },
          { label: site.data?.name ?? '…', href: `/sites/${s.siteId}` },
          { label: s.name, href: `/switches/${s.id}` },
        ]}
        sub=${url ? t('print.hintPublic') : t('print.hintApp')}>
        ${
          app.canEdit &&
          !url &&
          html`<button type="button" class="btn" disabled=${making} onClick=${makeLink}>${t('print.makeLink')}</button>`
        }
        <button type="button" class="btn btn-primary" onClick=${() => window.print()}>${t('print.print')}</button>
      </${PageHeader}>
    </div>
    <${SwitchSheet} data=${data} qr=${qr} layout=${layout} heading=${2} />`;
}
