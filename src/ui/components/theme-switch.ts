// The manual light/dark switch; "Auto" follows the operating system.
import { html, useId, useState } from '../html.ts';
import { applyTheme, storedTheme } from '../theme.ts';
import type { ThemeChoice } from '../theme.ts';
import { t } from '../messages.ts';

/** A labelled select of Auto, Light and Dark, remembered in this browser. */
export function ThemeSwitch() {
  const id = useId();
  const [choice, setChoice] = useState<ThemeChoice>(storedTheme);
  const change = (e: Event) => {
    const v = (e.currentTarget as HTMLSelectElement).value as ThemeChoice;
    setChoice(v);
    applyTheme(v);
  };
  return html`<div class="theme-switch">
    <label for=${id} class="visually-hidden">${t('theme.label')}</label>
    <select id=${id} value=${choice} onChange=${change} title=${t('theme.label')}>
      <option value="system" selected=${choice === 'system'}>${t('theme.system')}</option>
      <option value="light" selected=${choice === 'light'}>${t('theme.light')}</option>
      <option value="dark" selected=${choice === 'dark'}>${t('theme.dark')}</option>
    </select>
  </div>`;
}
