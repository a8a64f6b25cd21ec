// For admins: the warnings of GET /api/health (for example a missing APP_JWT_SECRET), until dismissed.
import { html, useEffect, useState } from '../html.ts';
import { health } from '../api.ts';

function warningText(w: unknown): string {
  if (typeof w === 'string') return w;
  if (w && typeof w === 'object') {
    const o = w as { message?: string; code?: string };
    return o.message ?? o.code ?? JSON.stringify(w);
  }
  return String(w);
}

/** A warning banner listing the server's health warnings; nothing when there are none. */
export function HealthBanner() {
  const [warnings, setWarnings] = useState<string[]>([]);
  const [hidden, setHidden] = useState(false);
  useEffect(() => {
    health().then(
      (h) => setWarnings((h.warnings ?? []).map(warningText)),
      () => setWarnings([]),
    );
  }, []);
  if (hidden || warnings.length === 0) return null;
  return html`<div class="banner warning" role="alert">
    <div>
      <strong>The server reports ${warnings.length === 1 ? 'a problem' : `${warnings.length} problems`}:</strong>
      <ul>${warnings.map((w) => html`<li>${w}</li>`)}</ul>
    </div>
    <button type="button" class="btn btn-ghost" onClick=${() => setHidden(true)}>Hide</button>
  </div>`;
}
