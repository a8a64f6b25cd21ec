// For admins: the warnings of GET /api/health (for example a missing APP_JWT_SECRET), until dismissed.
import { html, useEffect, useState } from '../html.ts';
import { health } from '../api.ts';
import { t } from '../messages.ts';

/** A warning banner listing the server's health warnings; nothing when there are none. */
export function HealthBanner() {
  const [warnings, setWarnings] = useState<string[]>([]);
  const [hidden, setHidden] = useState(false);
  useEffect(() => {
    health().then(
      (h) => setWarnings(h.warnings),
      () => setWarnings([]),
    );
  }, []);
  if (hidden || warnings.length === 0) return null;
  return html`<div class="banner warning" role="alert">
    <div>
      <strong>${t('health.problems', { count: warnings.length })}</strong>
      <ul>${warnings.map((w) => html`<li>${w}</li>`)}</ul>
    </div>
    <button type="button" class="btn btn-ghost" onClick=${() => setHidden(true)}>${t('health.hide')}</button>
  </div>`;
}
