import { describe, expect, it } from 'vitest';
import { clientDate, formatTime, zonedParts } from '../../engine/index.ts';
import { runDueJobs } from '../jobs/queue.ts';
import { expireOffer } from '../services/waitlists.ts';
import { enqueueWaitlistOffer } from './booking-messages.ts';
import { mailJobHandlers } from './jobs.ts';
import { addPlace, fullActivityWithWaitingParent, useMailTestSetup } from './waitlist.fixtures.ts';

/*
 * The waitlist offer e-mail, received over real SMTP: which activity and session, for which
 * child, and until when the place is kept, on the organiser's clock. SQLite, and PostgreSQL with
 * TEST_DATABASE_URL.
 */
describe('waitlist offer e-mail', () => {
  const setup = useMailTestSetup();

  it('tells the waiting parent the place is theirs until the offer ends', async () => {
    const { ctx, inbox, org } = setup;
    const { group, entries } = await fullActivityWithWaitingParent(setup, {
      name: 'Tiny Tennis',
      dates: ['2031-03-04'],
      child: 'Ada',
    });
    const entry = entries[0]!;
    // A second place, as when a family drops out; then the organiser offers it.
    await addPlace(setup, group);
    const offered = await ctx.request('PUT', `/api/waitlists/${entry}/status`, {
      token: org.token,
      body: { status: 'Ready', offerHours: 24 },
    });
    expect(offered.status, JSON.stringify(offered.body)).toBe(200);

    await runDueJobs(ctx.handle.db, mailJobHandlers(inbox.mail));
    const mail = inbox.received.find((m) => m.subject?.startsWith('A place is free'));
    expect(mail?.subject).toBe('A place is free on Tiny Tennis for Ada Lovelace');
    const text = mail!.text ?? '';
    expect(text).toContain('Tue 04/03/2031, 4.30pm–5.15pm');
    // 24 hours from the offer, as a London date and time (the organiser's zone).
    const until = zonedParts(Date.parse(offered.body.data.offerExpiresAt), 'Europe/London');
    expect(text).toContain(
      `We are keeping it for you until ${clientDate(until.date, 'dd/MM/yyyy', 'en-GB')} at ${formatTime(until.time)}.`,
    );

    // The reminder was written with the offer and waits for its time: 12 hours before the end.
    const expiresAt = Date.parse(offered.body.data.offerExpiresAt);
    const remindersSent = () =>
      inbox.received.filter((m) => m.subject?.startsWith('Reminder: the place on Tiny Tennis'));
    await runDueJobs(
      ctx.handle.db,
      mailJobHandlers(inbox.mail),
      new Date(expiresAt - 13 * 3_600_000),
    );
    expect(remindersSent()).toHaveLength(0);
    await runDueJobs(
      ctx.handle.db,
      mailJobHandlers(inbox.mail),
      new Date(expiresAt - 12 * 3_600_000 + 1000),
    );
    expect(remindersSent()).toHaveLength(1);
    expect(remindersSent()[0]!.text).toContain('is still kept for you, but not for long');

    // A reminder whose offer has ended by its time is not sent, and says why.
    const stale = new Date(expiresAt - 3_600_000).toISOString();
    await ctx.handle.db.transaction().execute((trx) =>
      enqueueWaitlistOffer(trx, {
        clientId: org.clientId,
        entryId: entry,
        expiresAt: stale,
        now: new Date(Date.parse(stale) - 24 * 3_600_000),
      }),
    );
    await runDueJobs(ctx.handle.db, mailJobHandlers(inbox.mail), new Date(expiresAt));
    const skipped = await ctx.handle.db
      .selectFrom('messages')
      .select(['kind', 'status', 'last_error'])
      .where('client_id', '=', org.clientId)
      .where('event_key', 'like', `%:${stale}`)
      .orderBy('kind')
      .execute();
    expect(skipped).toEqual([
      {
        kind: 'waitlist-offer',
        status: 'skipped',
        last_error: expect.stringContaining('had ended'),
      },
      {
        kind: 'waitlist-offer-reminder',
        status: 'skipped',
        last_error: expect.stringContaining('had ended'),
      },
    ]);
    expect(remindersSent()).toHaveLength(1);

    // Not booked in time: the offer lapses and the parent is told the place has gone on.
    await expireOffer(ctx.handle.db, org.clientId, entry, expiresAt + 1000);
    await runDueJobs(ctx.handle.db, mailJobHandlers(inbox.mail), new Date(expiresAt + 2000));
    const lapsed = inbox.received.filter((m) => m.subject?.includes('has gone to the next family'));
    expect(lapsed.map((m) => m.subject)).toEqual([
      'The place on Tiny Tennis for Ada Lovelace has gone to the next family',
    ]);
    expect(lapsed[0]!.text).toContain('was kept for you until');
  });
});
