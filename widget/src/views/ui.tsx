/*
 * Small pieces the later steps share: a heading that takes focus when its step appears (so
 * keyboard and screen-reader users land on the new step), alerts, a loading hook with Retry,
 * and the message of a failed call. Lives outside the initial bundle.
 */
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '../../../api-client/index.ts';
import { SkeletonLines } from './common.tsx';
import { text } from './text.ts';

/** The step's heading; focused on mount so assistive technology announces the new step. */
export function StepHeading({ children, id }: { children: ReactNode; id?: string }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    ref.current?.focus();
  }, []);
  return (
    <h3 ref={ref} id={id} tabIndex={-1} className="cw-step-title">
      {children}
    </h3>
  );
}

/**
 * An error the user must read: announced at once (role=alert), and focus moves to it, or to the
 * first field in error beside it, so keyboard users land on what to fix.
 */
export function Alert({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLParagraphElement>(null);
  const mounted = useRef(false);
  // A new message (or a notice appearing), not every render of the same one; a message the step
  // opens with leaves focus on the step's heading (StepHeading), which is read first.
  const shown = typeof children === 'string' ? children : Boolean(children);
  // biome-ignore lint/correctness/useExhaustiveDependencies: shown is the trigger.
  useEffect(() => {
    const alert = ref.current;
    if (mounted.current && alert) {
      const scope = alert.closest('form, .cw-step') ?? alert.parentElement;
      (scope?.querySelector<HTMLElement>('[aria-invalid="true"]') ?? alert).focus();
    }
    mounted.current = true;
  }, [shown]);
  if (!children) return null;
  return (
    <p className="cw-alert" role="alert" ref={ref} tabIndex={-1}>
      {children}
    </p>
  );
}

/** A placeholder of the step's shape while its data loads, so nothing jumps when it arrives. */
export function StepSkeleton({ label = text.loading }: { label?: string }) {
  return (
    <div className="cw-step cw-loading" aria-busy="true">
      <p className="cw-sr" role="status">
        {label}
      </p>
      <div className="cw-detail" aria-hidden="true">
        <SkeletonLines widths={[45, 80, 70, 75, 60]} />
      </div>
    </div>
  );
}

/** The message to show for a failed call. */
export const failureText = (error: unknown) =>
  error instanceof Error && error.message ? error.message : String(error);

export const isUnauthorised = (error: unknown) => error instanceof ApiError && error.status === 401;

export type Loaded<T> =
  | { status: 'loading' }
  | { status: 'ready'; data: T }
  | { status: 'error'; error: unknown };

/**
 * Runs a read when `key` changes and keeps its state; `reload` runs it again (Retry, or after a
 * write). A stale answer (key changed meanwhile) is dropped.
 *
 * @example const bookings = useLoad(() => api.get<Booking[]>('/api/bookings/mine'), 'mine');
 */
export function useLoad<T>(read: () => Promise<T>, key: string) {
  const [state, setState] = useState<Loaded<T>>({ status: 'loading' });
  const [round, setRound] = useState(0);
  const readRef = useRef(read);
  readRef.current = read;
  const loadedKey = useRef(key);
  // biome-ignore lint/correctness/useExhaustiveDependencies: key and round are the triggers.
  useEffect(() => {
    let live = true;
    // A reload of the same read keeps showing what it has; another key never shows stale data.
    const same = loadedKey.current === key;
    loadedKey.current = key;
    setState((s) => (s.status === 'ready' && same ? s : { status: 'loading' }));
    readRef.current().then(
      (data) => live && setState({ status: 'ready', data }),
      (error) => live && setState({ status: 'error', error }),
    );
    return () => {
      live = false;
    };
  }, [key, round]);
  const reload = useCallback(() => setRound((n) => n + 1), []);
  return { state, reload };
}

/** A failed read with its message and Retry. */
export function LoadFailed({ error, retry }: { error: unknown; retry: () => void }) {
  return (
    <div className="cw-error" role="alert">
      <p>
        <strong>{failureText(error)}</strong>
      </p>
      <button type="button" className="cw-btn" onClick={retry}>
        Retry
      </button>
    </div>
  );
}

/** A random key for `Idempotency-Key`; getRandomValues works on plain-http organiser pages too. */
export function randomKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
