// The one module that binds htm to Preact: components import `html`, hooks and helpers from here only.
import { h, render, createContext } from 'preact';
import type { ComponentChildren, VNode } from 'preact';
import htm from 'htm';

// htm's typings describe a CommonJS module, so under NodeNext its default import is typed as the module
// object; esbuild bundles htm's ES module, whose default export is htm itself.
const bindHtm = htm as unknown as typeof htm.default;

/** Tagged template that builds Preact virtual DOM nodes: html`<p>${text}</p>` (several root elements give an array). */
export const html: (strings: TemplateStringsArray, ...values: unknown[]) => VNode | VNode[] = bindHtm.bind(h);

export { render, createContext };
export type { ComponentChildren };
export {
  useState,
  useEffect,
  useRef,
  useMemo,
  useCallback,
  useContext,
  useId,
} from 'preact/hooks';
