// Light or dark: follows prefers-color-scheme unless this browser chose one, remembered in localStorage.
export type ThemeChoice = 'system' | 'light' | 'dark';

const KEY = 'switchyard.theme';

/** The stored choice of this browser ('system' when none). */
export function storedTheme(): ThemeChoice {
  try {
    const v = localStorage.getItem(KEY);
    return v === 'light' || v === 'dark' ? v : 'system';
  } catch {
    return 'system';
  }
}

/** Applies a choice to the document (data-theme on <html>) and remembers it. */
export function applyTheme(choice: ThemeChoice, remember = true): void {
  if (choice === 'system') delete document.documentElement.dataset.theme;
  else document.documentElement.dataset.theme = choice;
  if (!remember) return;
  try {
    if (choice === 'system') localStorage.removeItem(KEY);
    else localStorage.setItem(KEY, choice);
  } catch {
    // Storage may be disabled; the choice then lasts for this page only.
  }
}
