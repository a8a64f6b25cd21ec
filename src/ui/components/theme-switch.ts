// The manual light/dark switch; "Auto" follows the operating system.
import { html, useId, useState } from '../html.ts';
import { applyTheme, storedTheme } from '../theme.ts';
import type { ThemeChoice } from '../theme.ts';

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
    <label for=${id} class="visually-hidden">Colour theme</label>
    <select id=${id} value=${choice} onChange=${change} title="Colour theme">
      <option value="system" selected=${choice === 'system'}>Auto</option>
      <option value="light" selected=${choice === 'light'}>Light</option>
      <option value="dark" selected=${choice === 'dark'}>Dark</option>
    </select>
  </div>`;
}
