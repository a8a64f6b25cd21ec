// The one module that binds htm to Preact: components import `html`, hooks and helpers from here only.
import { h, render, createContext, Fragment } from 'preact';
import type { ComponentChildren, VNode } from 'preact';
import htm from 'htm';

type Html = (strings: TemplateStringsArray, ...values: unknown[]) => VNode<any>;
type Htm = { bind(h: (type: any, props: Record<string, any>, ...children: any[]) => unknown): Html };

/** Tagged template that builds Preact virtual DOM nodes: html`<p>${text}</p>`. */
export const html: Html = (htm as unknown as Htm).bind(h);

export { render, createContext, Fragment };
export type { ComponentChildren, VNode };
export {
  useState,
  useEffect,
  useLayoutEffect,
  useRef,
  useMemo,
  useCallback,
  useContext,
  useId,
  useReducer,
} from 'preact/hooks';
