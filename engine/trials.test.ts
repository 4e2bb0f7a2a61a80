import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { group } from './pricing/fixtures.test-helpers.ts';
import { ticketSchema } from './schemas/ticket.ts';
import {
  TRIAL_FOLLOW_UP_MAX_DAYS,
  trialConversion,
  trialFollowUpDue,
  trialMessages,
  trialOptions,
  trialProblems,
} from './trials.ts';

const line = (key: number, attendeeId: string, sessionIds = ['s1'], ticketId = 'trial') => ({
  key,
  attendeeId,
  activityGroupId: 'g1',
  ticketId,
  sessionIds,
});

describe('trialProblems', () => {
  const names = { a1: 'Ann', a2: 'Ben' };

  it('lets a child take a first trial of one session', () => {
    expect(trialProblems({ lines: [line(0, 'a1')], trialTicketIds: ['trial'], taken: [] })).toEqual(
      [],
    );
  });

  it('refuses a second trial of the same activity from an earlier checkout, naming the child', () => {
    expect(
      trialProblems({
        lines: [line(0, 'a1')],
        trialTicketIds: ['trial'],
        taken: [{ attendeeId: 'a1', activityGroupId: 'g1' }],
        attendeeNames: names,
      }),
    ).toEqual([
      {
        lineKey: 0,
        message: 'Ann has already had a trial of this activity. Please choose another ticket.',
      },
    ]);
  });

  it('refuses two trials for one child in one basket, but not a sibling’s trial', () => {
    const problems = trialProblems({
      lines: [line(0, 'a1'), line(1, 'a2'), line(2, 'a1', ['s2'])],
      trialTicketIds: ['trial'],
      taken: [],
      attendeeNames: names,
    });
    expect(problems).toEqual([{ lineKey: 2, message: trialMessages.alreadyHadTrial('Ann') }]);
  });

  it('a trial of another activity or a normal ticket is no problem', () => {
    expect(
      trialProblems({
        lines: [line(0, 'a1', ['s1', 's2'], 'drop-in')],
        trialTicketIds: ['trial'],
        taken: [{ attendeeId: 'a1', activityGroupId: 'g1' }],
      }),
    ).toEqual([]);
    expect(
      trialProblems({
        lines: [line(0, 'a1')],
        trialTicketIds: ['trial'],
        taken: [{ attendeeId: 'a1', activityGroupId: 'other' }],
      }),
    ).toEqual([]);
  });

  it('a trial is one session', () => {
    expect(
      trialProblems({ lines: [line(0, 'a1', ['s1', 's2'])], trialTicketIds: ['trial'], taken: [] }),
    ).toEqual([{ lineKey: 0, message: trialMessages.oneSession }]);
  });
});

describe('trialFollowUpDue', () => {
  const end = Date.parse('2026-01-10T16:30:00Z');
  it('is due once the session has ended, not before, and not weeks later', () => {
    expect(trialFollowUpDue(end, end - 60_000)).toBe(false);
    expect(trialFollowUpDue(end, end)).toBe(true);
    expect(trialFollowUpDue(end, end + TRIAL_FOLLOW_UP_MAX_DAYS * 86_400_000)).toBe(true);
    expect(trialFollowUpDue(end, end + (TRIAL_FOLLOW_UP_MAX_DAYS + 1) * 86_400_000)).toBe(false);
  });
});

describe('trialOptions', () => {
  // Five weekly sessions from 5 January; term £200 priced pro rata, a drop-in and a membership.
  const g = group('g', '2026-01-05', 5);
  const withTrial = {
    ...g,
    tickets: [...g.tickets, { ...g.tickets[1]!, _id: 'g-trial', name: 'Trial', trial: true }],
  };

  it('offers the rest of the term pro rata from today, then the membership; never a trial or drop-in', () => {
    // After the first session: 4 of 5 left, £200 → £160 (the help tour's example).
    const options = trialOptions(withTrial, { date: '2026-01-06', time: '09:00' }, 3);
    expect(options.map((o) => [o.kind, o.ticketId])).toEqual([
      ['term', 'g-all'],
      ['membership', 'g-sub'],
    ]);
    expect(options[0]).toMatchObject({
      amount: 16000,
      sessions: 4,
      proRata: { fullPrice: 20000, remaining: 4, total: 5 },
    });
    expect(options[1]?.subscription?.monthlyAmount).toBe(4000);
  });

  it('a term ticket not priced pro rata costs its full price for the sessions left', () => {
    const full = {
      ...withTrial,
      tickets: withTrial.tickets.map((t) =>
        t.type === 'all' ? { ...t, shouldProRata: false } : t,
      ),
    };
    const [term] = trialOptions(full, { date: '2026-01-20', time: '09:00' }, 3);
    expect(term).toMatchObject({ kind: 'term', amount: 20000, sessions: 2, proRata: null });
  });

  it('offers nothing once the term is over', () => {
    expect(
      trialOptions(withTrial, { date: '2026-03-01', time: '09:00' }, 3).filter(
        (o) => o.kind === 'term',
      ),
    ).toEqual([]);
  });
});

describe('trialConversion', () => {
  const t = (attendeeId: string, bookedAt: string, activityGroupId = 'g1') => ({
    attendeeId,
    activityGroupId,
    bookedAt,
  });
  it('counts trials taken, those followed by a booking of the same activity, and the rate', () => {
    expect(
      trialConversion(
        [
          t('a', '2026-01-01T00:00:00Z'),
          t('b', '2026-01-02T00:00:00Z'),
          t('c', '2026-01-03T00:00:00Z'),
        ],
        [
          t('a', '2026-01-10T00:00:00Z'),
          // Booked before the trial: not a conversion.
          t('b', '2026-01-01T00:00:00Z'),
          // Another activity: not a conversion of this trial.
          t('c', '2026-01-10T00:00:00Z', 'g2'),
        ],
      ),
    ).toEqual({ taken: 3, converted: 1, rate: 33 });
  });
  it('has no rate without trials', () => {
    expect(trialConversion([], [])).toEqual({ taken: 0, converted: 0, rate: null });
  });
});

describe('the ticket form', () => {
  it('keeps the trial mark on a single-session ticket only', () => {
    expect(
      v.parse(ticketSchema, { type: 'single', name: 'Trial', price: '5', trial: true }).trial,
    ).toBe(true);
    expect(
      v.parse(ticketSchema, { type: 'all', name: 'Term', price: '5', trial: true }).trial,
    ).toBeUndefined();
  });
});
