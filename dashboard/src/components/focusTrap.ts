import type { KeyboardEvent } from 'react';

/*
 * A modal <dialog> makes the page behind it inert, but Tab from its last control still leaves
 * for the browser's own toolbar and the address bar. A keyboard user must stay in the dialog
 * until it is closed (WAI-ARIA modal dialog pattern), so Tab wraps round inside it.
 */

const TABBABLE = [
  'a[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  'summary',
  '[contenteditable="true"]',
  '[tabindex]',
].join(',');

/** The controls Tab reaches inside `root`, in order. */
export function tabbables(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(TABBABLE)].filter(
    (el) => el.tabIndex >= 0 && el.getClientRects().length > 0 && !el.closest('[inert]'),
  );
}

/** Radios of one group are a single Tab stop: any of them stands for the group's place. */
const sameStop = (a: Element | null, b: HTMLElement) =>
  a === b ||
  (a instanceof HTMLInputElement &&
    b instanceof HTMLInputElement &&
    a.type === 'radio' &&
    b.type === 'radio' &&
    a.name !== '' &&
    a.name === b.name &&
    a.form === b.form);

/** onKeyDown for a dialog: Tab past the last control goes to the first, Shift+Tab the other way. */
export function trapTab(event: KeyboardEvent<HTMLElement>) {
  if (event.key !== 'Tab') return;
  const stops = tabbables(event.currentTarget);
  if (stops.length === 0) {
    event.preventDefault();
    return;
  }
  const first = stops[0];
  const last = stops[stops.length - 1];
  const active = document.activeElement;
  if (event.shiftKey && (sameStop(active, first) || active === event.currentTarget)) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && sameStop(active, last)) {
    event.preventDefault();
    first.focus();
  }
}
