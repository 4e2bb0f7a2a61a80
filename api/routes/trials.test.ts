import { describe, expect, it } from 'vitest';
import { widgetHash } from '../../engine/deep-links.ts';
import { activityGroupFormValues, type SavedActivityGroup } from '../../engine/index.ts';
import { runDueJobs } from '../jobs/queue.ts';
import { mailJobHandlers } from '../mail/jobs.ts';
import { useMailTestSetup } from '../mail/waitlist.fixtures.ts';
import { queueTrialFollowUps } from '../services/trials.ts';
import { basket, parentWithChildren } from './bookings.fixtures.ts';

/*
 * Trials end to end through the API (docs/rules/trials.md): the organiser marks a ticket as a
 * trial, a parent books it once per child, the follow-up e-mail arrives over real SMTP after the
 * trial session with the rest of the term priced pro rata, the parent opens the offer and books,
 * and the organiser's conversion figures count it. SQLite, and PostgreSQL with TEST_DATABASE_URL.
 */
describe('trials', () => {
  const setup = useMailTestSetup();
  // Five Tuesdays in 2031, 4.30pm–5.15pm London time; the term is £50, pro rata.
  const dates = ['2031-03-04', '2031-03-11', '2031-03-18', '2031-03-25', '2031-04-01'];

  async function trialActivity(name: string) {
    const { ctx, org } = setup;
    await ctx.handle.db
      .updateTable('clients')
      .set({ allow_pay_later: 1 })
      .where('id', '=', org.clientId)
      .execute();
    const created = await ctx.request('POST', '/api/activity-groups', {
      token: org.token,
      body: {
        name,
        activities: dates.map((date, i) => ({
          _id: `temp_${i}`,
          date,
          startTime: '16:30',
          endTime: '17:15',
          placeLimit: 10,
        })),
        tickets: [
          { _id: 'temp_term', type: 'all', name: 'Term', price: '50', shouldProRata: true },
          { _id: 'temp_trial', type: 'single', name: 'Trial session', price: '0', trial: true },
        ],
        addOns: [],
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const group = (
      await ctx.request('GET', `/api/activity-groups/${created.body.data._id}`, {
        token: org.token,
      })
    ).body.data as SavedActivityGroup & {
      _id: string;
      tickets: { _id: string; name: string; trial?: boolean }[];
    };
    const trial = group.tickets.find((t) => t.name === 'Trial session')!;
    const term = group.tickets.find((t) => t.name === 'Term')!;
    return { group, trial, term, sessions: group.activities.map((s) => s._id) };
  }

  it('keeps the trial mark the organiser set on the ticket, through a later edit', async () => {
    const { ctx, org } = setup;
    const { group, trial, term } = await trialActivity('Mini Gym');
    expect(trial.trial).toBe(true);
    expect(term.trial).toBeUndefined();
    // The wizard saves the whole activity again from its form values.
    const values = activityGroupFormValues(group);
    const saved = await ctx.request('PUT', `/api/activity-groups/${group._id}`, {
      token: org.token,
      body: { ...values, name: 'Mini Gym Club' },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const again = (
      await ctx.request('GET', `/api/activity-groups/${group._id}`, { token: org.token })
    ).body.data as { tickets: { name: string; trial?: boolean }[] };
    expect(again.tickets.map((t) => [t.name, t.trial ?? false])).toEqual([
      ['Term', false],
      ['Trial session', true],
    ]);
  });

  it('refuses a second trial for the same child on the same activity, across checkouts', async () => {
    const { ctx, org } = setup;
    const { group, trial, sessions } = await trialActivity('Judo Tots');
    const parent = await parentWithChildren(ctx, org, ['Ivy', 'Max']);
    const [ivy, max] = parent.children as [string, string];
    const first = await ctx.request('POST', '/api/bookings', {
      token: parent.token,
      body: basket(group._id, { ticket: trial._id, activities: [sessions[0]!], attendees: [ivy] }),
    });
    expect(first.status, JSON.stringify(first.body)).toBe(201);

    // The quote the widget shows before payment already names the problem…
    const second = basket(group._id, {
      ticket: trial._id,
      activities: [sessions[1]!],
      attendees: [ivy],
    });
    const quote = await ctx.request('POST', '/api/bookings/quote', {
      token: parent.token,
      body: second,
    });
    expect(quote.status).toBe(200);
    expect(quote.body.data.problems).toEqual([
      {
        lineKey: 0,
        message:
          'Ivy Lovelace has already had a trial of this activity. Please choose another ticket.',
      },
    ]);
    // …and booking it anyway is refused with the same words, writing nothing.
    const refused = await ctx.request('POST', '/api/bookings', {
      token: parent.token,
      body: second,
    });
    expect(refused.status).toBe(422);
    expect(refused.body.message).toBe(
      'Ivy Lovelace has already had a trial of this activity. Please choose another ticket.',
    );
    // Her brother may still try it, on one session only.
    const two = await ctx.request('POST', '/api/bookings', {
      token: parent.token,
      body: basket(group._id, {
        ticket: trial._id,
        activities: sessions.slice(1, 3),
        attendees: [max],
      }),
    });
    expect(two.status).toBe(422);
    expect(two.body.message).toBe('A trial is for one session. Please choose one session.');
    const one = await ctx.request('POST', '/api/bookings', {
      token: parent.token,
      body: basket(group._id, { ticket: trial._id, activities: [sessions[1]!], attendees: [max] }),
    });
    expect(one.status, JSON.stringify(one.body)).toBe(201);
  });

  it('e-mails the offer after the trial session, and the parent books the rest of the term from it', async () => {
    const { ctx, org, inbox } = setup;
    const { group, trial, term, sessions } = await trialActivity('Little Kickers');
    const parent = await parentWithChildren(ctx, org, ['Ada']);
    const child = parent.children[0]!;
    const booked = await ctx.request('POST', '/api/bookings', {
      token: parent.token,
      body: basket(group._id, {
        ticket: trial._id,
        activities: [sessions[0]!],
        attendees: [child],
      }),
    });
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);

    // Before the session has ended nothing is written; an hour after it, one follow-up.
    const db = ctx.handle.db;
    await queueTrialFollowUps(db, new Date('2031-03-04T17:00:00Z'));
    const during = await db
      .selectFrom('trial_follow_ups')
      .select('id')
      .where('client_id', '=', org.clientId)
      .where('activity_group_id', '=', group._id)
      .execute();
    expect(during).toEqual([]);
    const after = new Date('2031-03-04T18:15:00Z');
    await queueTrialFollowUps(db, after);
    await queueTrialFollowUps(db, after);
    const [followUp, ...more] = await db
      .selectFrom('trial_follow_ups')
      .select('id')
      .where('client_id', '=', org.clientId)
      .where('activity_group_id', '=', group._id)
      .execute();
    expect(more).toEqual([]);

    await runDueJobs(db, mailJobHandlers(inbox.mail), after);
    const mails = inbox.received.filter(
      (m) => m.subject === 'Carry on with Little Kickers for Ada Lovelace',
    );
    expect(mails).toHaveLength(1);
    const text = mails[0]!.text ?? '';
    // Four of five sessions left on 4 March: £50 → £40.
    expect(text).toContain('Term: £40.00 for the 4 sessions left (full term £50.00)');
    const link = `http://localhost:3000/book/${org.clientId}${widgetHash(`trial/${followUp!.id}`)}`;
    expect(text).toContain(link);
    // An offer, not a notice about a booking: the parent may stop them.
    expect(text).toContain('Unsubscribe from offers after a trial');

    // The API reads the real clock: let the trial session be in the past, as it is by now.
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    await db
      .updateTable('activities')
      .set({ date: yesterday })
      .where('client_id', '=', org.clientId)
      .where('id', '=', sessions[0]!)
      .execute();

    // The link's offer, for this parent only.
    const other = await parentWithChildren(ctx, org, ['Zed']);
    const stranger = await ctx.request('GET', `/api/trials/${followUp!.id}`, {
      token: other.token,
    });
    expect(stranger.status).toBe(404);
    expect(stranger.body.message).toBe('This offer is no longer available.');
    const offer = await ctx.request('GET', `/api/trials/${followUp!.id}`, { token: parent.token });
    expect(offer.status).toBe(200);
    expect(offer.body.data).toMatchObject({
      activityGroup: { _id: group._id, name: 'Little Kickers' },
      attendee: { _id: child, name: 'Ada Lovelace' },
      options: [{ kind: 'term', ticketId: term._id, amount: 4000, sessions: 4 }],
    });

    // Conversion: none yet, then the parent books the term from the offer.
    const stats = async () =>
      (
        await ctx.request('GET', `/api/trials/conversion?activityGroup=${group._id}`, {
          token: org.token,
        })
      ).body.data;
    expect(await stats()).toEqual({ taken: 1, converted: 0, rate: 0 });
    const converted = await ctx.request('POST', '/api/bookings', {
      token: parent.token,
      body: basket(
        group._id,
        { ticket: term._id, attendees: [child] },
        { paymentMethod: { type: 'payLater' } },
      ),
    });
    expect(converted.status, JSON.stringify(converted.body)).toBe(201);
    expect(await stats()).toEqual({ taken: 1, converted: 1, rate: 100 });
    // A parent cannot read the organiser's figures.
    const denied = await ctx.request('GET', '/api/trials/conversion', { token: parent.token });
    expect(denied.status).toBe(403);
  });
});
