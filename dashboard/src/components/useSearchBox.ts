import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * A search box that searches as the admin types: what is in the box (`typed`) becomes the
 * search (`onSearch(text)`) once typing has paused for `ms`, and at once on `submit()` (Enter).
 * Where the search lives is the caller's: component state (Customers) or the URL (Bookings).
 *
 * The pause is timed on the box itself and compared with the search in force, never with an
 * earlier pause: after Enter has searched, clearing the box quickly must still clear the search
 * (a debounced copy of the box would not change, '' to '', and the list would stay filtered).
 * A search changed from elsewhere (a link to `?search=`) replaces what is in the box; the box's
 * own searches do not, so text typed meanwhile (or a trailing space) is never overwritten.
 *
 * @example const box = useSearchBox(params.get('search') ?? '', (text) => update({ search: text }));
 */
export function useSearchBox(search: string, onSearch: (text: string) => void, ms = 250) {
  const [typed, setTyped] = useState(search);
  const ours = useRef(search);
  const latest = useRef({ search, onSearch });
  latest.current = { search, onSearch };

  const commit = useCallback((text: string) => {
    if (text === latest.current.search) return;
    ours.current = text;
    latest.current.onSearch(text);
  }, []);

  useEffect(() => {
    if (search === ours.current) return;
    ours.current = search;
    setTyped(search);
  }, [search]);

  useEffect(() => {
    const timer = setTimeout(() => commit(typed.trim()), ms);
    return () => clearTimeout(timer);
  }, [typed, ms, commit]);

  return { typed, setTyped, submit: () => commit(typed.trim()) };
}
