/*
 * Later steps live in their own chunks, fetched from /widget/… on first use, so the initial
 * widget.js stays within its budget as the booking journey grows (issue 5: sign-in, attendees,
 * basket and payment each plug in here the same way). A hand-rolled hook rather than
 * React.lazy + Suspense: a chunk that failed to load (flaky network) can be retried, where
 * lazy() would keep rethrowing the first failure.
 */
import { useEffect, useState } from './preact.ts';
import { addStyles } from './styles.ts';

type Loader<T> = () => Promise<T>;

const done = new Map<Loader<unknown>, unknown>();
let laterStyles: Promise<void> | undefined;

/** The later steps' CSS (styles-later.ts), fetched once with the first later chunk. */
const loadStyles = () => {
  laterStyles ??= import('./styles-later.ts').then(
    (m) => addStyles(m.css),
    (error) => {
      laterStyles = undefined;
      throw error;
    },
  );
  return laterStyles;
};
const inFlight = new Map<Loader<unknown>, Promise<unknown>>();

function load<T>(loader: Loader<T>): Promise<T> {
  let promise = inFlight.get(loader) as Promise<T> | undefined;
  if (!promise) {
    // The chunk resolves with its styles in place: a step never shows unstyled.
    // preact/compat too (the initial bundle does without it, preact.ts): it must patch preact
    // before any later view renders, even one whose own chunk does not import it.
    promise = Promise.all([loader(), loadStyles(), import('./compat-patch.ts')]).then(
      ([module]) => {
        done.set(loader, module);
        return module;
      },
      (error) => {
        inFlight.delete(loader);
        throw error;
      },
    );
    inFlight.set(loader, promise);
  }
  return promise;
}

/**
 * The module a loader resolves to, once loaded; `error` and `retry` when it could not be.
 *
 * @example const detail = useChunk(loadDetail); if (detail.module) <detail.module.default … />
 */
export function useChunk<T>(loader: Loader<T>) {
  const [module, setModule] = useState(() => done.get(loader) as T | undefined);
  const [error, setError] = useState<unknown>(null);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (module) return;
    let live = true;
    load(loader).then(
      (m) => live && setModule(() => m),
      (e) => live && setError(e),
    );
    return () => {
      live = false;
    };
  }, [loader, module, attempt]);
  return {
    module,
    error,
    retry: () => {
      setError(null);
      setAttempt((n) => n + 1);
    },
  };
}

/** The group page (sessions, tickets, add-ons): the first step after the listing. */
export const loadDetail = () => import('./views/GroupDetail.tsx');

/** Starts fetching the group page before it is needed (hover or focus on a Book button). */
export const preloadDetail = () => {
  load(loadDetail).catch(() => {
    // Shown, with Retry, if the user then opens the group; a preload has nobody to tell.
  });
};

/** Sign-in, attendees, tickets and basket: the booking form, fetched when a parent clicks Book. */
export const loadJourney = () => import('./views/journey/Journey.tsx');

/** Payment and confirmation: only once the basket is ready to pay. */
export const loadCheckout = () => import('./views/checkout/Checkout.tsx');

/** The parent's bookings and online cancellation. */
export const loadMine = () => import('./views/mine/MyBookings.tsx');

/** The waitlist join form (Premium). */
export const loadWaitlist = () => import('./views/waitlist/Waitlist.tsx');

/** The parent's account area: children, own details, password (docs/rules/account.md). */
export const loadAccount = () => import('./views/account/AccountArea.tsx');

/** The offer after a trial, from its e-mail's link (docs/rules/trials.md). */
export const loadTrial = () => import('./views/trial/TrialOffer.tsx');

/** Next term's place kept for a child, from the re-enrolment e-mail's link (docs/rules/re-enrolment.md). */
export const loadReEnrol = () => import('./views/reenrol/ReEnrol.tsx');
