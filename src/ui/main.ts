// Entry point of the web UI: applies the remembered theme, then renders the app into #app.
import { html, render } from './html.ts';
import { App } from './components/app.ts';
import { applyTheme, storedTheme } from './theme.ts';
import { interceptLinks } from './router.ts';

applyTheme(storedTheme(), false);
const root = document.getElementById('app');
if (root) {
  root.textContent = '';
  interceptLinks(document.body);
  render(html`<${App} />`, root);
}
