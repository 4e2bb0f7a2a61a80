import { describe, expect, it } from 'vitest';
import { runDueJobs } from '../jobs/queue.ts';
import { parentWithChildren } from '../routes/bookings.fixtures.ts';
import { mailJobHandlers } from './jobs.ts';
import { fullActivityWithWaitingParent, useMailTestSetup } from './waitlist.fixtures.ts';

/*
 * The parent's confirmation that a child joined a waitlist, received over real SMTP: which
 * activity and sessions, and what happens when a place comes free. SQLite, and PostgreSQL with
 * TEST_DATABASE_URL.
 */
describe('waitlist joined e-mail', () => {
  const setup = useMailTestSetup();

  it('tells the parent which full sessions their child waits for, once', async () => {
    const { ctx, inbox } = setup;
    await fullActivityWithWaitingParent(setup, {
      name: 'Tiny Tennis',
      dates: ['2031-03-04', '2031-03-11'],
      child: 'Ada',
    });

    await runDueJobs(ctx.handle.db, mailJobHandlers(inbox.mail));
    const mails = inbox.received.filter((m) => m.subject?.includes('is on the waitlist'));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Ada Lovelace is on the waitlist for Tiny Tennis');
    const text = mails[0]!.text ?? '';
    expect(text).toContain('Tue 04/03/2031, 4.30pm–5.15pm');
    expect(text).toContain('Tue 11/03/2031, 4.30pm–5.15pm');
    expect(text).toContain('When a place comes free we keep it for you');
    expect(text).toContain('You have not booked or paid anything yet.');
  });

  it('writes nothing when the join is refused', async () => {
    const { ctx, org } = setup;
    const before = await ctx.handle.db
      .selectFrom('messages')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('kind', '=', 'waitlist-joined')
      .executeTakeFirstOrThrow();
    const parent = await parentWithChildren(ctx, org, ['Bea']);
    const refused = await ctx.request('POST', '/api/waitlists', {
      token: parent.token,
      body: { activityGroup: 'nope', attendee: parent.children[0], activities: [] },
    });
    expect(refused.status).toBeGreaterThanOrEqual(400);
    expect(refused.status).toBeLessThan(500);
    const after = await ctx.handle.db
      .selectFrom('messages')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('kind', '=', 'waitlist-joined')
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });
});
