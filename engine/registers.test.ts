import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import {
  ageOnSession,
  answerText,
  coachSchema,
  type MarkRow,
  markProblem,
  markSchema,
  markState,
  markTimeProblem,
  registerMessages,
  registerSummary,
  sameMark,
  stateBefore,
  UNMARKED,
} from './registers.ts';

const mark = (id: string, kind: MarkRow['kind'], at: string, collectedBy: string | null = null) =>
  ({
    id,
    kind,
    at: `2026-11-28T${at}:00.000Z`,
    recordedAt: '2026-11-28T12:00:00.000Z',
    collectedBy,
  }) satisfies MarkRow;

describe('register marks', () => {
  it('checks a child in, then out with who collected them', () => {
    const state = markState([
      mark('a', 'present', '09:02'),
      mark('b', 'checkedOut', '11:58', 'Gran (Mary)'),
    ]);
    expect(state).toEqual({
      attendance: 'present',
      checkedInAt: '2026-11-28T09:02:00.000Z',
      checkedOutAt: '2026-11-28T11:58:00.000Z',
      collectedBy: 'Gran (Mary)',
      lastMarkId: 'b',
    });
  });

  it('refuses a check-out before a check-in, and one without a name', () => {
    expect(markProblem(UNMARKED, { kind: 'checkedOut', collectedBy: 'Dad' })).toBe(
      registerMessages.checkOutNeedsCheckIn,
    );
    const absent = markState([mark('a', 'absent', '09:00')]);
    expect(markProblem(absent, { kind: 'checkedOut', collectedBy: 'Dad' })).toBe(
      registerMessages.checkOutNeedsCheckIn,
    );
    const late = markState([mark('a', 'late', '09:20')]);
    expect(markProblem(late, { kind: 'checkedOut', collectedBy: '  ' })).toBe(
      registerMessages.collectedByRequired,
    );
    expect(markProblem(late, { kind: 'checkedOut', collectedBy: 'Dad' })).toBeNull();
  });

  it('lets a mark be corrected: the latest mark is the current one', () => {
    const marks = [mark('a', 'absent', '09:00'), mark('b', 'late', '09:25')];
    expect(markState(marks)).toMatchObject({
      attendance: 'late',
      checkedInAt: '2026-11-28T09:25:00.000Z',
    });
    expect(markState([...marks, mark('c', 'cleared', '09:30')])).toEqual({
      ...UNMARKED,
      lastMarkId: 'c',
    });
  });

  it('orders marks by when they were made, not when they reached the server', () => {
    const queued = { ...mark('a', 'present', '09:00'), recordedAt: '2026-11-28T10:00:00.000Z' };
    const online = { ...mark('b', 'absent', '09:05'), recordedAt: '2026-11-28T09:05:01.000Z' };
    expect(markState([online, queued]).attendance).toBe('absent');
  });

  it('keeps the first check-in time when a present child is marked late, and re-opens a check-out', () => {
    const state = markState([
      mark('a', 'present', '09:00'),
      mark('b', 'checkedOut', '10:00', 'Mum'),
      mark('c', 'late', '10:05'),
    ]);
    expect(state).toMatchObject({
      attendance: 'late',
      checkedInAt: '2026-11-28T09:00:00.000Z',
      checkedOutAt: null,
      collectedBy: null,
    });
  });

  it('checks a late mark against the marks made before it', () => {
    const marks = [mark('a', 'present', '09:00'), mark('b', 'absent', '10:00')];
    expect(
      stateBefore(marks, '2026-11-28T09:30:00.000Z', '2026-11-28T12:00:00.000Z').attendance,
    ).toBe('present');
    expect(
      stateBefore(marks, '2026-11-28T10:30:00.000Z', '2026-11-28T12:00:00.000Z').attendance,
    ).toBe('absent');
  });

  it('refuses device times far in the future or too old', () => {
    const now = Date.parse('2026-11-28T09:00:00Z');
    expect(markTimeProblem('2026-11-28T09:04:00Z', now)).toBeNull();
    expect(markTimeProblem('2026-11-28T09:06:00Z', now)).toBe(registerMessages.markInFuture);
    expect(markTimeProblem('2026-10-01T09:00:00Z', now)).toBe(registerMessages.markTooOld);
  });

  it('recognises a replayed mark and a reused id', () => {
    const a = { attendee: 'x', kind: 'present', at: '2026-11-28T09:00:00Z', collectedBy: null };
    expect(sameMark(a, { ...a, at: '2026-11-28T09:00:00.000Z' })).toBe(true);
    expect(sameMark(a, { ...a, kind: 'absent' })).toBe(false);
  });

  it('validates a mark payload', () => {
    const ok = {
      _id: 'abcdEFGH-123',
      attendee: 'x',
      kind: 'present',
      at: '2026-11-28T09:00:00.000Z',
    };
    expect(v.parse(markSchema, ok).collectedBy).toBeNull();
    expect(v.safeParse(markSchema, { ...ok, _id: 'short' }).success).toBe(false);
    expect(v.safeParse(markSchema, { ...ok, kind: 'gone' }).success).toBe(false);
    expect(v.safeParse(markSchema, { ...ok, at: 'yesterday' }).success).toBe(false);
  });
});

describe('register summary', () => {
  it('counts attendance and counts each booking’s money once', () => {
    const family = { id: 'b1', paid: 3000, owed: 0 };
    const other = { id: 'b2', paid: 0, owed: 1500 };
    const summary = registerSummary([
      { state: markState([mark('a', 'present', '09:00')]), booking: family },
      {
        state: markState([mark('b', 'late', '09:10'), mark('c', 'checkedOut', '11:00', 'Dad')]),
        booking: family,
      },
      { state: markState([mark('d', 'absent', '09:00')]), booking: other },
      { state: UNMARKED, booking: { id: 'b3', paid: 500, owed: 500 } },
    ]);
    expect(summary).toEqual({
      booked: 4,
      present: 1,
      late: 1,
      absent: 1,
      unmarked: 1,
      checkedOut: 1,
      inNow: 1,
      paid: 3500,
      owed: 2000,
      makeUps: 0,
      reportedAbsent: 0,
    });
  });

  it('counts make-up children among those booked, and reported absences apart', () => {
    const summary = registerSummary(
      [
        { state: UNMARKED, booking: { id: 'b1', paid: 0, owed: 0 }, makeUp: true },
        { state: UNMARKED, booking: { id: 'b2', paid: 0, owed: 0 } },
      ],
      3,
    );
    expect(summary).toMatchObject({ booked: 2, unmarked: 2, makeUps: 1, reportedAbsent: 3 });
  });

  it('gives a child’s age in years on the session date', () => {
    expect(ageOnSession('2019-11-29', '2026-11-28')).toBe(6);
    expect(ageOnSession('2019-11-28', '2026-11-28')).toBe(7);
    expect(ageOnSession(null, '2026-11-28')).toBeNull();
  });
});

describe('safeguarding answers', () => {
  it('shows answers as people read them and hides unanswered ones', () => {
    const options = [
      { _id: 'o1', name: 'Nuts' },
      { _id: 'o2', name: 'Eggs' },
    ];
    expect(answerText({ type: 'checkboxSingle', options: [] }, false)).toBe('No');
    expect(answerText({ type: 'checkboxSingle', options: [] }, true)).toBe('Yes');
    expect(answerText({ type: 'selectList', options }, 'o2')).toBe('Eggs');
    expect(answerText({ type: 'checkboxMultiple', options }, ['o1', 'o2'])).toBe('Nuts, Eggs');
    expect(answerText({ type: 'textarea', options: [] }, '  Inhaler in bag ')).toBe(
      'Inhaler in bag',
    );
    expect(answerText({ type: 'text', options: [] }, '')).toBeNull();
    expect(answerText({ type: 'text', options: [] }, null)).toBeNull();
  });
});

describe('coach form', () => {
  it('takes a name, an e-mail and a password of 8 or more, blank on edit', () => {
    const ok = v.parse(coachSchema, {
      fullName: ' Jo ',
      email: 'Jo@Club.test',
      password: 'whistles',
      activityGroups: ['g1'],
    });
    expect(ok).toMatchObject({ fullName: 'Jo', email: 'jo@club.test', activityGroups: ['g1'] });
    expect(v.parse(coachSchema, { fullName: 'Jo', email: 'jo@club.test' }).password).toBe('');
    expect(
      v.safeParse(coachSchema, { fullName: 'Jo', email: 'jo@club.test', password: 'short' })
        .success,
    ).toBe(false);
    expect(v.safeParse(coachSchema, { fullName: '', email: 'jo@club.test' }).success).toBe(false);
    expect(v.safeParse(coachSchema, { fullName: 'Jo', email: 'not-an-email' }).success).toBe(false);
  });
});
