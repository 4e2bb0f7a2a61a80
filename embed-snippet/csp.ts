/*
 * The Content-Security-Policy sources an organiser's site must allow for the embed code, from the
 * one place the Embed code screen, the docs (docs/rules/embedding.md) and the browser test
 * (e2e/csp.test.ts) all read. The snippet's two inline pieces (the queue stub and the reserved
 * height) are allowed by their SHA-256 hashes, so a site never needs 'unsafe-inline'.
 */
import { RESERVED_STYLE } from './code.ts';
import { QUEUE_STUB } from './queue.ts';

/** The widget's Trusted Types policy (widget/src/views/html.ts); the only one it creates. */
export const TRUSTED_TYPES_POLICY = 'classwise';

/** A policy as directive name to sources, in order: `{ 'script-src': ["'self'"] }`. */
export type Directives = Record<string, string[]>;

/** The CSP source that allows exactly this inline text, e.g. `'sha256-…'`. */
export async function hashSource(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  let binary = '';
  for (const byte of new Uint8Array(digest)) binary += String.fromCharCode(byte);
  return `'sha256-${btoa(binary)}'`;
}

/**
 * What to add to a site's policy so the embed code works there: scripts from our origin and the
 * pasted queue stub, the reserved-height style rule, API calls, the card payment frame, and the
 * Trusted Types policy (only for sites whose policy already lists allowed policies).
 *
 * @example await cspAdditions('https://app.classwise.example') // { 'script-src': [origin, "'sha256-…'"], … }
 */
export async function cspAdditions(origin: string): Promise<Directives> {
  const ours = new URL(origin).origin;
  return {
    'script-src': [ours, await hashSource(QUEUE_STUB)],
    'style-src': [await hashSource(RESERVED_STYLE)],
    'connect-src': [ours],
    'frame-src': [ours],
    'trusted-types': [TRUSTED_TYPES_POLICY],
  };
}

// Where a browser looks when a directive is absent (CSP Level 3 fallback lists, abridged).
const FALLBACK: Record<string, string[]> = {
  'frame-src': ['child-src', 'default-src'],
  'script-src': ['default-src'],
  'style-src': ['default-src'],
  'connect-src': ['default-src'],
};

/**
 * A site's policy with the additions merged in. A directive the site lacks starts from what the
 * browser would have used instead (its fallback, usually default-src), so adding `script-src` does
 * not silently drop the site's own 'self'; `'none'` gives way to the added source; and
 * `trusted-types` is only extended where the site has one (without it every policy is allowed).
 */
export function withAdditions(site: Directives, additions: Directives): Directives {
  const merged: Directives = { ...site };
  for (const [name, sources] of Object.entries(additions)) {
    if (name === 'trusted-types' && !site[name]) continue;
    const fallback = (FALLBACK[name] ?? []).find((other) => site[other]);
    const start = site[name] ?? (fallback ? site[fallback] : []);
    const kept = start.filter((source) => source !== "'none'");
    merged[name] = [...kept, ...sources.filter((source) => !kept.includes(source))];
  }
  return merged;
}

/** The header value: `default-src 'self'; script-src 'self' https://…` */
export const formatPolicy = (directives: Directives): string =>
  Object.entries(directives)
    .map(([name, sources]) => [name, ...sources].join(' '))
    .join('; ');
