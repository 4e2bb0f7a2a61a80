/*
 * How many successful writes this process has answered per organiser: what a copy kept in
 * memory was built against. A copy built at one count is stale once the count moves, so a write
 * this process answers (a booking, an organiser's edit) drops the copies of its organiser at
 * once, and a copy whose build overlapped a write is never kept. Writes nobody signed in made
 * (a payment webhook) move every organiser's count. Kept copies also expire by time, for the
 * writes other processes answer.
 */
const writes = new Map<string, number>();
let anonymousWrites = 0;

/** A write was answered for this organiser (null: by nobody signed in, so for any). */
export function noteOrganiserWrite(clientId: string | null): void {
  if (clientId) writes.set(clientId, (writes.get(clientId) ?? 0) + 1);
  else anonymousWrites++;
}

/** The organiser's write count now: equal later only if no write was answered meanwhile. */
export const organiserWriteCount = (clientId: string): number =>
  (writes.get(clientId) ?? 0) + anonymousWrites;
