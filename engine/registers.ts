import * as v from 'valibot';
import { ageInMonths } from './availability.ts';
import { messages } from './messages.ts';
import { newPassword } from './schemas/auth.ts';
import { boundedText, email, id, LIMITS, requiredString } from './schemas/common.ts';

/*
 * A session's register (issue 17): who came, when, and who took them home. Every mark is kept
 * as a row of an audit trail; a child's state is the trail folded in the order the marks were
 * made, so a correction is simply a later mark and nothing is ever overwritten. Marks made on a
 * phone without a connection arrive late, so the order is the time each mark was made on the
 * device, not the time it reached the server.
 */

/** What a tap on the register records. 'cleared' undoes a mistaken mark. */
export const MARK_KINDS = ['present', 'late', 'absent', 'checkedOut', 'cleared'] as const;
export type MarkKind = (typeof MARK_KINDS)[number];

export type Attendance = 'present' | 'late' | 'absent';

/** Texts of the register (ours: the spec names none). */
export const registerMessages = {
  checkOutNeedsCheckIn: 'Check the child in before checking them out.', // (ours)
  collectedByRequired: 'Say who collected the child.', // (ours)
  markInFuture: 'This mark is dated in the future. Check the device clock.', // (ours)
  markTooOld: 'This mark is too old to record. Mark the child again.', // (ours)
  markIdReused: 'This mark id was already used for a different mark.', // (ours)
  notBooked: 'This child is not booked on this session.', // (ours)
  markIdInvalid: 'A mark id is 8 to 64 letters, digits, - or _.', // (ours)
} as const;

/** How far ahead of the server's clock a device's clock may run. */
export const MARK_CLOCK_SKEW_MS = 5 * 60_000;
/** A queued mark older than this is refused: no register stays offline for a month. */
export const MARK_MAX_AGE_MS = 30 * 24 * 60 * 60_000;

/** One row of the audit trail, as the rules need it. */
export interface MarkRow {
  id: string;
  kind: MarkKind;
  /** ISO instant the mark was made (on the device). */
  at: string;
  /** ISO instant the server recorded it: breaks ties between marks made in the same ms. */
  recordedAt: string;
  collectedBy: string | null;
}

/** A child's place on the register after folding their marks. */
export interface MarkState {
  attendance: Attendance | null;
  /** When marked present or late; null otherwise. */
  checkedInAt: string | null;
  checkedOutAt: string | null;
  collectedBy: string | null;
  /** The mark that set this state (the latest one that applied), or null when unmarked. */
  lastMarkId: string | null;
}

export const UNMARKED: MarkState = {
  attendance: null,
  checkedInAt: null,
  checkedOutAt: null,
  collectedBy: null,
  lastMarkId: null,
};

/**
 * Whether a mark may follow a state. Attendance can always be set or corrected (a child marked
 * absent who turns up is marked late); a check-out needs a child who is in, and a name.
 *
 * @example markProblem(UNMARKED, { kind: 'checkedOut', collectedBy: 'Gran' }) // 'Check the child in before checking them out.'
 * @example markProblem({ ...UNMARKED, attendance: 'present' }, { kind: 'checkedOut', collectedBy: 'Gran' }) // null
 */
export function markProblem(
  state: MarkState,
  mark: { kind: MarkKind; collectedBy: string | null },
): string | null {
  if (mark.kind !== 'checkedOut') return null;
  if (state.attendance !== 'present' && state.attendance !== 'late')
    return registerMessages.checkOutNeedsCheckIn;
  if (!mark.collectedBy?.trim()) return registerMessages.collectedByRequired;
  return null;
}

/**
 * The state after one mark. Marking absent (or clearing) undoes a check-in and check-out;
 * marking present or late again keeps the first check-in time unless the child had been absent,
 * and undoes a check-out (the child is back in the hall). A mark the rules refuse changes nothing.
 *
 * @example applyMark(UNMARKED, { id: 'm1', kind: 'present', at: '2026-11-28T09:02:00Z', recordedAt: '…', collectedBy: null }).checkedInAt // '2026-11-28T09:02:00Z'
 */
export function applyMark(state: MarkState, mark: MarkRow): MarkState {
  if (markProblem(state, mark)) return state;
  switch (mark.kind) {
    case 'cleared':
      return { ...UNMARKED, lastMarkId: mark.id };
    case 'absent':
      return { ...UNMARKED, attendance: 'absent', lastMarkId: mark.id };
    case 'present':
    case 'late': {
      const wasIn = state.attendance === 'present' || state.attendance === 'late';
      return {
        attendance: mark.kind,
        checkedInAt: wasIn && state.checkedInAt ? state.checkedInAt : mark.at,
        checkedOutAt: null,
        collectedBy: null,
        lastMarkId: mark.id,
      };
    }
    case 'checkedOut':
      return {
        ...state,
        checkedOutAt: mark.at,
        collectedBy: mark.collectedBy?.trim() ?? null,
        lastMarkId: mark.id,
      };
  }
}

/** Marks in the order they were made: device time, then the server's, then id. */
export function orderMarks<T extends MarkRow>(marks: readonly T[]): T[] {
  return [...marks].sort(
    (a, b) =>
      a.at.localeCompare(b.at) ||
      a.recordedAt.localeCompare(b.recordedAt) ||
      a.id.localeCompare(b.id),
  );
}

/**
 * A child's current state: their marks folded in the order they were made, so the latest mark
 * is the current one and every earlier mark stays in the trail.
 *
 * @example markState([{ id: 'a', kind: 'present', at: '…09:00…', … }, { id: 'b', kind: 'absent', at: '…09:05…', … }]).attendance // 'absent'
 */
export function markState(marks: readonly MarkRow[]): MarkState {
  return orderMarks(marks).reduce(applyMark, UNMARKED);
}

/**
 * The state a new mark follows: every mark made before it (a mark queued offline is checked
 * against what was true when it was made, not what reached the server since).
 */
export function stateBefore(marks: readonly MarkRow[], at: string, recordedAt: string): MarkState {
  return markState(marks.filter((m) => m.at < at || (m.at === at && m.recordedAt <= recordedAt)));
}

/**
 * Whether a mark's device time can be believed: not ahead of the server by more than the skew,
 * and not older than a register could stay offline.
 *
 * @example markTimeProblem('2026-11-28T09:00:00Z', Date.parse('2026-11-28T09:01:00Z')) // null
 */
export function markTimeProblem(at: string, now: number): string | null {
  const t = Date.parse(at);
  if (t > now + MARK_CLOCK_SKEW_MS) return registerMessages.markInFuture;
  if (t < now - MARK_MAX_AGE_MS) return registerMessages.markTooOld;
  return null;
}

/**
 * Whether a replayed mark id carries the same mark: the same id with other content is a client
 * bug, refused rather than silently ignored.
 *
 * @example sameMark({ attendee: 'x', kind: 'present', at: 't', collectedBy: null }, { attendee: 'x', kind: 'present', at: 't', collectedBy: null }) // true
 */
export function sameMark(
  a: { attendee: string; kind: string; at: string; collectedBy: string | null },
  b: { attendee: string; kind: string; at: string; collectedBy: string | null },
): boolean {
  return (
    a.attendee === b.attendee &&
    a.kind === b.kind &&
    Date.parse(a.at) === Date.parse(b.at) &&
    (a.collectedBy ?? null) === (b.collectedBy ?? null)
  );
}

/**
 * A child's age in whole years on the session's date, or null without a date of birth.
 *
 * @example ageOnSession('2019-06-01', '2026-11-28') // 7
 */
export function ageOnSession(dateOfBirth: string | null, sessionDate: string): number | null {
  if (!dateOfBirth || !/^\d{4}-\d{2}-\d{2}$/.test(dateOfBirth)) return null;
  const months = ageInMonths(dateOfBirth, sessionDate);
  return months < 0 ? null : Math.floor(months / 12);
}

/** What the register's header counts. */
export interface RegisterSummary {
  booked: number;
  present: number;
  late: number;
  absent: number;
  unmarked: number;
  checkedOut: number;
  /** Children in the hall now: in and not yet collected. */
  inNow: number;
  /** Money over the bookings on the register, each booking counted once. */
  paid: number;
  owed: number;
  /** Children on a place booked with a make-up credit (docs/rules/make-ups.md). */
  makeUps: number;
  /** Children reported absent ahead of the session: not on the register, their places free. */
  reportedAbsent: number;
}

/**
 * The register's counts, and its money with each booking counted once (a family booking two
 * children has one payment, shown on both rows). Paid and owed are the booking statement's
 * (engine `bookingStatement`), never worked out again here.
 *
 * Children reported absent (docs/rules/make-ups.md) are not rows: their count is passed in.
 *
 * @example registerSummary([{ state: UNMARKED, booking: { id: 'b', paid: 0, owed: 1200 } }]).owed // 1200
 */
export function registerSummary(
  rows: readonly {
    state: MarkState;
    booking: { id: string; paid: number; owed: number };
    makeUp?: boolean;
  }[],
  reportedAbsent = 0,
): RegisterSummary {
  const summary: RegisterSummary = {
    booked: rows.length,
    present: 0,
    late: 0,
    absent: 0,
    unmarked: 0,
    checkedOut: 0,
    inNow: 0,
    paid: 0,
    owed: 0,
    makeUps: rows.filter((r) => r.makeUp).length,
    reportedAbsent,
  };
  const seen = new Set<string>();
  for (const { state, booking } of rows) {
    if (state.attendance === null) summary.unmarked += 1;
    else summary[state.attendance] += 1;
    if (state.checkedOutAt) summary.checkedOut += 1;
    else if (state.attendance === 'present' || state.attendance === 'late') summary.inNow += 1;
    if (seen.has(booking.id)) continue;
    seen.add(booking.id);
    summary.paid += booking.paid;
    summary.owed += booking.owed;
  }
  return summary;
}

const markId = v.pipe(
  v.string(registerMessages.markIdInvalid),
  v.regex(/^[A-Za-z0-9_-]{8,64}$/, registerMessages.markIdInvalid),
);
const isoInstant = v.pipe(
  v.string('Not a valid time'), // (ours)
  v.isoTimestamp('Not a valid time'), // (ours)
);

/**
 * One mark as the register sends it. `_id` is made on the device, so a mark sent twice (a retry
 * after the connection dropped) is recorded once.
 *
 * @example v.parse(markSchema, { _id: 'k3h2…', attendee: attendeeId, kind: 'present', at: new Date(now).toISOString() })
 */
export const markSchema = v.object({
  _id: markId,
  attendee: boundedText(LIMITS.id),
  kind: v.picklist(MARK_KINDS, 'Choose present, late, absent, check-out or clear'), // (ours)
  at: isoInstant,
  collectedBy: v.optional(v.nullable(boundedText(LIMITS.name)), null),
});
export type MarkInput = v.InferOutput<typeof markSchema>;

/**
 * A custom field's answer as a register shows it: option names for lists, Yes/No for a single
 * checkbox (a 'No' to photo consent matters as much as a 'Yes'), text as given; null when the
 * question was not answered, so no empty flag is shown.
 *
 * @example answerText({ type: 'checkboxSingle', options: [] }, false) // 'No'
 * @example answerText({ type: 'selectList', options: [{ _id: 'o1', name: 'Nuts' }] }, 'o1') // 'Nuts'
 */
export function answerText(
  field: { type: string; options: readonly { _id: string; name: string }[] },
  value: unknown,
): string | null {
  const option = (id: unknown) => field.options.find((o) => o._id === id)?.name ?? null;
  if (value === null || value === undefined) return null;
  switch (field.type) {
    case 'checkboxSingle':
      return value === true ? 'Yes' : value === false ? 'No' : null; // (ours)
    case 'selectList':
      return option(value);
    case 'checkboxMultiple': {
      const names = (Array.isArray(value) ? value : []).map(option).filter(Boolean);
      return names.length ? names.join(', ') : null;
    }
    case 'fileUpload':
      return Array.isArray(value) && value.length ? `${value.length} file(s)` : null; // (ours)
    default: {
      const text = typeof value === 'string' ? value.trim() : String(value);
      return text === '' ? null : text;
    }
  }
}

/**
 * The organiser's Coaches dialog: a coach signs in with an e-mail and password and takes the
 * registers of the activities ticked. On edit the password may be left blank to keep it.
 *
 * @example v.parse(coachSchema, { fullName: 'Jo Coach', email: 'jo@club.test', password: 'long enough', activityGroups: [groupId] })
 */
export const coachSchema = v.strictObject({
  fullName: requiredString(),
  email,
  // Required when adding a coach (the service says so); blank on edit keeps the password.
  password: v.optional(v.union([v.literal(''), newPassword], messages.passwordTooShort), ''),
  activityGroups: v.optional(v.pipe(v.array(id), v.maxLength(LIMITS.list)), []),
});
export type CoachInput = v.InferOutput<typeof coachSchema>;
