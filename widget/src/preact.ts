/*
 * What the initial bundle needs of React's API, taken from preact and preact/hooks directly
 * rather than through preact/compat: compat (about 1.5 KB gzip) then loads with the first later
 * chunk (lazy.ts), which is the only code that needs its React emulation. The listing's own
 * markup uses nothing compat rewrites (no onChange on text inputs, no forwardRef, no Children).
 * Typed as React's, so the initial modules read like the rest of the widget.
 */

import { createContext as preactContext, render as preactRender } from 'preact';
import * as hooks from 'preact/hooks';
import type * as React from 'react';

export const useState = hooks.useState as typeof React.useState;
export const useEffect = hooks.useEffect as typeof React.useEffect;
export const useLayoutEffect = hooks.useLayoutEffect as typeof React.useLayoutEffect;
export const useRef = hooks.useRef as typeof React.useRef;
export const useContext = hooks.useContext as unknown as typeof React.useContext;
export const createContext = preactContext as unknown as typeof React.createContext;

/** Renders into a container, replacing what it held; `null` unmounts. */
export const render = preactRender as unknown as (
  element: React.ReactNode,
  container: Element,
) => void;
