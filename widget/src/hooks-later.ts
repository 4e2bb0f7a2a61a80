/*
 * preact/hooks as preact/compat sees it (vite.config.ts points compat's import here; issue 18).
 * preact/hooks is one module, and compat re-exports every hook, so every hook lived in widget.js
 * although the listing uses five (preact.ts). The hooks the initial bundle has come from
 * preact/hooks itself; the few only React's API offers are written here on top of them, in the
 * later compat chunk, as preact writes them. `useErrorBoundary` (preact's own, not React's) is
 * left out: importing it fails the build.
 */

import { useLayoutEffect, useMemo, useState } from 'preact/hooks';
import type * as React from 'react';

export {
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useReducer,
  useRef,
  useState,
} from 'preact/hooks';

type Deps = readonly unknown[] | undefined;

// biome-ignore lint/complexity/noBannedTypes: React's own signature.
export const useCallback = <T extends Function>(callback: T, deps: Deps): T =>
  // biome-ignore lint/correctness/useExhaustiveDependencies: the caller's own dependency list.
  useMemo(() => callback, deps as unknown[]);

export function useImperativeHandle<T>(
  ref: React.Ref<T> | undefined,
  create: () => T,
  deps?: Deps,
): void {
  useLayoutEffect(
    () => {
      if (typeof ref === 'function') {
        const cleanup = ref(create());
        return () => {
          ref(null);
          if (typeof cleanup === 'function') cleanup();
        };
      }
      if (ref) {
        (ref as { current: T | null }).current = create();
        return () => {
          (ref as { current: T | null }).current = null;
        };
      }
    },
    // biome-ignore lint/correctness/useExhaustiveDependencies: the caller's list, plus the ref.
    deps == null ? undefined : [...deps, ref],
  );
}

let ids = 0;
/** Unique on the page (no server rendering to match); the widget's forms use their own. */
export const useId = (): string => useState(() => `cw-r${++ids}`)[0];

/** React DevTools' label; nothing to show in production. */
export const useDebugValue = (_value: unknown, _format?: (value: unknown) => unknown): void => {};
