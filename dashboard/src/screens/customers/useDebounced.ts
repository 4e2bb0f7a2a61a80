import { useEffect, useState } from 'react';

/**
 * The value once typing has paused for `ms`: a search box asks the server once per pause, not
 * once per key. A newer value restarts the wait, so a slower earlier answer is never shown for
 * a later search (each search is its own query, and the superseded one is cancelled).
 *
 * @example const settled = useDebounced(typed, 250);
 */
export function useDebounced<T>(value: T, ms = 250): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}
