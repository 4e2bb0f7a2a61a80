import {
  applyMark,
  formatMoney,
  formatTime,
  localeFor,
  type MarkRow,
  type MarkState,
  orderMarks,
  zonedParts,
} from '../../../../engine/index.ts';
import type { QueuedMark } from './mark-queue.ts';

/**
 * A child's state as the device knows it: the server's, then the marks still waiting to be sent
 * applied with the engine's own rule, so a tap shows at once, online or not.
 *
 * @example withQueued(row.mark, queue.filter((q) => q.mark.attendee === row.attendee._id))
 */
export function withQueued(server: MarkState, queued: readonly QueuedMark[]): MarkState {
  const rows: MarkRow[] = queued.map((q) => ({
    id: q.mark._id,
    kind: q.mark.kind,
    at: q.mark.at,
    // Not recorded yet: after every mark the server has.
    recordedAt: '9999',
    collectedBy: q.mark.collectedBy ?? null,
  }));
  return orderMarks(rows).reduce(applyMark, server);
}

/** A time of day in the organiser's zone, as the product shows times: '9.02am'. */
export const clockTime = (iso: string, timeZone: string) =>
  formatTime(zonedParts(Date.parse(iso), timeZone).time);

export const money = (minor: number, currency: string, country: string) =>
  formatMoney(minor, currency, localeFor(country));

/** Words for a child's state, for the card and the printed register. */
export function stateText(state: MarkState, timeZone: string): string {
  const parts: string[] = [];
  if (state.attendance === 'absent') parts.push('Absent');
  if (state.attendance === 'present' && state.checkedInAt)
    parts.push(`In ${clockTime(state.checkedInAt, timeZone)}`);
  if (state.attendance === 'late' && state.checkedInAt)
    parts.push(`Late, in ${clockTime(state.checkedInAt, timeZone)}`);
  if (state.checkedOutAt)
    parts.push(
      `Out ${clockTime(state.checkedOutAt, timeZone)}${state.collectedBy ? ` with ${state.collectedBy}` : ''}`,
    );
  return parts.length ? parts.join(' · ') : 'Not marked';
}
