import { describe, expect, it } from 'vitest';
import { runDueJobs } from '../jobs/queue.ts';
import { moveWaitlistEntry } from '../services/waitlists.ts';
import { mailJobHandlers } from './jobs.ts';
import { addPlace, fullActivityWithWaitingParent, useMailTestSetup } from './waitlist.fixtures.ts';

/*
 * The waitlist offer's link and its night rule, received over real SMTP: an offer that would run
 * out at 23:00 in London runs out at 09:00 the next morning instead, the e-mail and the parent's
 * waitlist say so, and the e-mail's one link opens the hosted widget at the offer. SQLite, and
 * PostgreSQL with TEST_DATABASE_URL.
 */
describe('waitlist offer: link to the offer, and no lapsing at night', () => {
  const setup = useMailTestSetup();

  it('moves a 23:00 deadline to 09:00 and links to the offer on our hosted page', async () => {
    const { ctx, inbox, org } = setup;
    const { group, waiting, entries } = await fullActivityWithWaitingParent(setup, {
      name: 'Night Owls',
      dates: ['2031-03-04'],
      child: 'Owen',
    });
    const entry = entries[0]!;
    // A second place, as when a family drops out; then the organiser offers it.
    await addPlace(setup, group);
    // Offered at 21:00 London time (GMT in January) for 2 hours: due at 23:00, in the night.
    const offeredAt = Date.parse('2031-01-14T21:00:00Z');
    await moveWaitlistEntry(ctx.handle.db, org.clientId, entry, {
      status: 'Ready',
      offerHours: 2,
      now: offeredAt,
    });
    // One hour was left at 22:00, so the place is kept until 09:00 next morning.
    const mine = await ctx.request('GET', '/api/waitlists', { token: waiting.token });
    expect(mine.body.data[0]).toMatchObject({
      _id: entry,
      status: 'Ready',
      offerExpiresAt: '2031-01-15T09:00:00.000Z',
    });

    await runDueJobs(ctx.handle.db, mailJobHandlers(inbox.mail), new Date(offeredAt + 1000));
    const mail = inbox.received.find((m) => m.subject?.startsWith('A place is free'));
    expect(mail?.subject).toBe('A place is free on Night Owls for Owen Lovelace');
    const text = mail!.text ?? '';
    expect(text).toContain('We are keeping it for you until Wed 15/01/2031 at 9am.');
    const link = `http://localhost:3000/book/${org.clientId}#classwise=offer/${entry}`;
    expect(text).toContain(`Or open this address: ${link}`);
    expect(mail!.html).toContain(`href="${link}"`);
  });
});
