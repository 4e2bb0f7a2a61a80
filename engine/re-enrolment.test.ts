import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { sessionAvailability } from './availability.ts';
import {
  matchTickets,
  nameForTerm,
  offersThatFit,
  openReEnrolmentBatchSchema,
  openReEnrolmentSchema,
  RE_ENROLMENT_BATCH_MAX,
  reEnrolmentAnswerProblem,
  reEnrolmentBatchMessages,
  reEnrolmentFunnel,
  reEnrolmentKeeps,
  reEnrolmentMessages,
  reEnrolmentOffers,
  reEnrolmentState,
  reEnrolmentWindowEnd,
  suggestNextTerm,
} from './re-enrolment.ts';

const now = Date.parse('2027-01-01T09:00:00Z');
const windowEndsAt = '2027-01-08T09:00:00.000Z';

describe('re-enrolment: who is offered which place', () => {
  it('maps each ticket to the copy by position, name and type, skipping a ticket the copy lacks', () => {
    const source = [
      { _id: 'a', name: 'Term', type: 'all' },
      { _id: 'b', name: 'Drop-in', type: 'single' },
      { _id: 'c', name: 'Gone', type: 'single' },
    ];
    const target = [
      { _id: 'x', name: 'Term', type: 'all' },
      { _id: 'y', name: 'Drop-in', type: 'single' },
    ];
    expect(matchTickets(source, target)).toEqual({ a: 'x', b: 'y' });
    // Reordered in the copy: matched by name and type.
    expect(matchTickets(source, [target[1]!, target[0]!])).toEqual({ a: 'x', b: 'y' });
    // A disabled ticket in the copy is not offered.
    expect(matchTickets(source, [{ ...target[0]!, enabled: false }])).toEqual({});
  });

  it('offers each child with a confirmed place once, for the ticket they hold most places with', () => {
    const offers = reEnrolmentOffers(
      [
        { userId: 'u1', attendeeId: 'c1', ticketId: 'b', status: 'confirmed' },
        { userId: 'u1', attendeeId: 'c1', ticketId: 'a', status: 'confirmed' },
        { userId: 'u1', attendeeId: 'c1', ticketId: 'a', status: 'confirmed' },
        { userId: 'u2', attendeeId: 'c2', ticketId: 'a', status: 'cancelled' },
        { userId: 'u3', attendeeId: 'c3', ticketId: 'a', status: 'held' },
        { userId: 'u4', attendeeId: 'c4', ticketId: 'c', status: 'confirmed' },
      ],
      { a: 'x', b: 'y' },
    );
    expect(offers).toEqual([{ userId: 'u1', attendeeId: 'c1', ticketId: 'x' }]);
  });
});

describe('re-enrolment: never more offers than places', () => {
  const group = {
    sessions: [
      { _id: 's1', placeLimit: 3 },
      { _id: 's2', placeLimit: 2 },
      { _id: 's3', placeLimit: null },
    ],
    tickets: [
      { _id: 'term' },
      { _id: 'finals', restrictSessions: true, sessionsCanBeUsedFor: ['s3'] },
    ],
  };

  it('offers the children first booked while every session of their ticket has room', () => {
    const offers = ['c1', 'c2', 'c3'].map((attendeeId) => ({ attendeeId, ticketId: 'term' }));
    const { fit, noRoom } = offersThatFit(offers, group);
    // s2 holds two: the third child would be promised a place s2 does not have.
    expect(fit.map((o) => o.attendeeId)).toEqual(['c1', 'c2']);
    expect(noRoom.map((o) => o.attendeeId)).toEqual(['c3']);
  });

  it('counts only the sessions a restricted ticket books, and an unlimited session never fills', () => {
    const offers = ['c1', 'c2', 'c3', 'c4'].map((attendeeId) => ({
      attendeeId,
      ticketId: 'finals',
    }));
    expect(offersThatFit(offers, group).noRoom).toEqual([]);
  });
});

describe('re-enrolment: the priority window', () => {
  it('ends whole days later, never at night on the organiser’s clock', () => {
    expect(reEnrolmentWindowEnd(now, 7, 'Europe/London')).toBe(windowEndsAt);
    // Opened at 23:00: seven days later is night, so the window runs to the next morning.
    const late = reEnrolmentWindowEnd(Date.parse('2027-01-01T23:00:00Z'), 7, 'Europe/London');
    expect(Date.parse(late)).toBeGreaterThan(Date.parse('2027-01-08T23:00:00Z'));
    const hour = Number(late.slice(11, 13));
    expect(hour >= 8 && hour < 22).toBe(true);
  });

  it('is 1 to 30 whole days', () => {
    const ok = { startDate: '2027-01-09', name: 'Football spring', windowDays: 7 };
    expect(v.safeParse(openReEnrolmentSchema, ok).success).toBe(true);
    for (const windowDays of [0, 31, 2.5]) {
      const r = v.safeParse(openReEnrolmentSchema, { ...ok, windowDays });
      expect(r.issues?.[0]?.message).toBe(reEnrolmentMessages.windowDays);
    }
  });

  it('lets an unanswered offer lapse at the end of the window, even before the job runs', () => {
    expect(reEnrolmentState({ status: 'offered', windowEndsAt }, now)).toBe('offered');
    expect(reEnrolmentState({ status: 'offered', windowEndsAt }, Date.parse(windowEndsAt))).toBe(
      'lapsed',
    );
    expect(reEnrolmentState({ status: 'accepted', windowEndsAt }, Date.parse(windowEndsAt))).toBe(
      'accepted',
    );
    expect(reEnrolmentAnswerProblem({ status: 'offered', windowEndsAt }, now)).toBeNull();
    expect(
      reEnrolmentAnswerProblem({ status: 'offered', windowEndsAt }, now + 8 * 86_400_000),
    ).toBe(reEnrolmentMessages.lapsed);
    expect(reEnrolmentAnswerProblem({ status: 'declined', windowEndsAt }, now)).toBe(
      reEnrolmentMessages.alreadyDeclined,
    );
    expect(reEnrolmentAnswerProblem({ status: 'accepted', windowEndsAt }, now)).toBe(
      reEnrolmentMessages.alreadyAccepted,
    );
  });
});

describe('re-enrolment: kept places', () => {
  const group = {
    sessions: [{ _id: 's1' }, { _id: 's2' }],
    tickets: [
      { _id: 'term' },
      { _id: 'drop', restrictSessions: true, sessionsCanBeUsedFor: ['s2'] },
    ],
  };

  it('keeps a place on each session of the offered ticket while the offer is open', () => {
    const keeps = reEnrolmentKeeps(
      [
        { attendeeId: 'c1', ticketId: 'term', status: 'offered', windowEndsAt },
        { attendeeId: 'c2', ticketId: 'drop', status: 'offered', windowEndsAt },
        { attendeeId: 'c3', ticketId: 'term', status: 'declined', windowEndsAt },
        { attendeeId: 'c4', ticketId: 'term', status: 'accepted', windowEndsAt },
      ],
      group,
      now,
    );
    expect(keeps.map((k) => `${k.attendeeId}@${k.activityId}`)).toEqual([
      'c1@s1',
      'c1@s2',
      'c2@s2',
    ]);
    // A public buyer finds one place left of two on s1; the offered child is not kept out.
    const s1 = (forAttendeeId?: string) =>
      sessionAvailability({
        sessionId: 's1',
        placeLimit: 2,
        places: [{ activityId: 's1', ticketId: 'term', status: 'confirmed' }],
        waitlist: keeps,
        now,
        forAttendeeId,
      }).placesLeft;
    expect(s1()).toBe(0);
    expect(s1('c1')).toBe(1);
    // After the window nothing is kept.
    expect(
      reEnrolmentKeeps(
        [{ attendeeId: 'c1', ticketId: 'term', status: 'offered', windowEndsAt }],
        group,
        Date.parse(windowEndsAt),
      ),
    ).toEqual([]);
  });

  it('counts the funnel', () => {
    expect(
      reEnrolmentFunnel(
        [
          { status: 'offered', windowEndsAt },
          { status: 'accepted', windowEndsAt },
          { status: 'declined', windowEndsAt },
          { status: 'lapsed', windowEndsAt },
        ],
        now,
      ),
    ).toEqual({ offered: 4, waiting: 1, accepted: 1, declined: 1, lapsed: 1 });
  });
});

describe('re-enrolment: rolling several activities over', () => {
  it("suggests the first session's weekday in the week after the last session", () => {
    // Saturdays 5 Sep to 12 Dec 2026 (the list is not in order): next is Saturday 19 Dec.
    expect(suggestNextTerm('Football', ['2026-12-12', '2026-09-05', '2026-10-03'])).toEqual({
      startDate: '2026-12-19',
      name: 'Football Spring 2027',
    });
    // A Monday class ending on a Wednesday session: the next Monday after it.
    expect(suggestNextTerm('Swim', ['2027-01-04', '2027-03-24']).startDate).toBe('2027-03-29');
    expect(suggestNextTerm('Drama', [])).toEqual({ startDate: '', name: 'Drama (next term)' });
  });

  it('names the copy for the term its first session starts, replacing a term already named', () => {
    expect(nameForTerm('Football Autumn 2026', '2027-01-09')).toBe('Football Spring 2027');
    expect(nameForTerm('Swimming Summer term 2026', '2026-09-07')).toBe(
      'Swimming Autumn term 2026',
    );
    expect(nameForTerm('Ballet (spring)', '2027-04-19')).toBe('Ballet (Summer)');
    expect(nameForTerm('Chess club', '2027-09-06')).toBe('Chess club Autumn 2027');
    expect(nameForTerm('Chess club', '')).toBe('Chess club (next term)');
    // The same term again gains the year, so the copy is not named like the activity.
    expect(nameForTerm('Junior Football – Spring Term', '2027-02-13')).toBe(
      'Junior Football – Spring Term 2027',
    );
  });

  it('takes 1 to 50 distinct activities with one priority window', () => {
    const item = (i: number) => ({
      activityGroup: `g${i}`,
      startDate: '2027-01-09',
      name: ` Class ${i} `,
    });
    const ok = v.parse(openReEnrolmentBatchSchema, { windowDays: 7, activities: [item(1)] });
    expect(ok.activities[0]!.name).toBe('Class 1');
    const fail = (input: unknown) =>
      v.safeParse(openReEnrolmentBatchSchema, input).issues?.map((i) => i.message);
    expect(fail({ windowDays: 7, activities: [] })).toEqual([reEnrolmentBatchMessages.size]);
    const many = Array.from({ length: RE_ENROLMENT_BATCH_MAX + 1 }, (_, i) => item(i));
    expect(fail({ windowDays: 7, activities: many })).toEqual([reEnrolmentBatchMessages.size]);
    expect(fail({ windowDays: 7, activities: [item(1), item(1)] })).toEqual([
      reEnrolmentBatchMessages.twice,
    ]);
    expect(fail({ windowDays: 0, activities: [item(1)] })).toEqual([
      reEnrolmentMessages.windowDays,
    ]);
    expect(
      fail({ windowDays: 7, activities: [{ ...item(1), startDate: '2027-02-30' }] }),
    ).toHaveLength(1);
  });
});
