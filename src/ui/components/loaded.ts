// What a part of a page shows of the data it loads: why loading failed (with a retry), a spinner while it
// loads, what it says when a list came back empty, and else the data.
import { html } from '../html.ts';
import type { ComponentChildren } from '../html.ts';
import type { Resource } from '../hooks.ts';
import { Loading } from './loading.ts';
import { ErrorState } from './error-state.ts';

/** `render(data)` once `resource` has loaded; `empty` instead when the data is an empty list (if given). */
export function Loaded<T>(p: { resource: Resource<T>; render: (data: T) => ComponentChildren; empty?: ComponentChildren }) {
  const { error, data, reload } = p.resource;
  if (error) return html`<${ErrorState} error=${error} onRetry=${reload} />`;
  if (data === undefined) return html`<${Loading} />`;
  if (p.empty !== undefined && Array.isArray(data) && data.length === 0) return p.empty;
  return p.render(data);
}
