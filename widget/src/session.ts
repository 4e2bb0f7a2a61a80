/*
 * The parent's sign-in, kept per client in the host page's own localStorage: a first-party store
 * on the organiser's origin, so it works where third-party cookies are blocked, and a token for
 * one organiser is never sent to another (the key names the client). Storage can be refused
 * (private modes, sandboxed frames); the session then lasts as long as the page.
 */
import type { User } from '../../api-client/index.ts';

export interface Session {
  token: string;
  /** Null until the saved token has been checked with the server. */
  user: User | null;
}

const key = (clientId: string) => `classwise:${clientId}:token`;

/** @example readSavedToken('c1') // 'tok…' or null */
export function readSavedToken(clientId: string): string | null {
  try {
    return localStorage.getItem(key(clientId));
  } catch {
    return null;
  }
}

type Listener = (clientId: string, token: string | null, user: User | null) => void;
const listeners = new Set<Listener>();

/**
 * Saves (or with null, forgets) the client's token and tells the other widgets on the page,
 * which share the parent's sign-in (a `storage` event reaches only other tabs).
 */
export function saveToken(clientId: string, token: string | null, user: User | null = null) {
  try {
    if (token) localStorage.setItem(key(clientId), token);
    else localStorage.removeItem(key(clientId));
  } catch {
    // Storage refused: the session simply ends with the page.
  }
  for (const listener of listeners) listener(clientId, token, user);
}

/**
 * Calls `changed` when the client's token changes in another widget on the page or in another
 * tab; returns the unsubscribe.
 */
export function onTokenChange(
  clientId: string,
  changed: (token: string | null, user: User | null) => void,
): () => void {
  const listener: Listener = (id, token, user) => id === clientId && changed(token, user);
  const fromTab = (event: StorageEvent) =>
    event.key === key(clientId) && changed(event.newValue, null);
  listeners.add(listener);
  addEventListener('storage', fromTab);
  return () => {
    listeners.delete(listener);
    removeEventListener('storage', fromTab);
  };
}
