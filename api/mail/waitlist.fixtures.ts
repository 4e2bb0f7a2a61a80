/*
 * What the waitlist e-mail tests each need before they can check a message: a test database, a
 * real SMTP inbox, an organiser, and an activity whose sessions are full with a parent waiting.
 */
import { afterAll, beforeAll, expect } from 'vitest';
import { activityGroupFormValues, type SavedActivityGroup } from '../../engine/index.ts';
import {
  basket,
  type Organiser,
  type Parent,
  parentWithChildren,
  premiumOrganiser,
} from '../routes/bookings.fixtures.ts';
import { createTestContext, type TestContext } from '../test/harness.ts';
import { startTestInbox, type TestInbox } from './testing.ts';

export interface MailTestSetup {
  ctx: TestContext;
  inbox: TestInbox;
  org: Organiser;
}

/**
 * Opens a test context, an inbox and a premium organiser before the file's tests and closes them
 * after. The returned object is filled in by beforeAll, so read its fields inside tests only.
 */
export function useMailTestSetup(): MailTestSetup {
  const setup = {} as MailTestSetup;
  beforeAll(async () => {
    setup.ctx = await createTestContext();
    setup.inbox = await startTestInbox();
    setup.org = await premiumOrganiser(setup.ctx);
  });
  afterAll(async () => {
    await setup.inbox?.close();
    await setup.ctx?.close();
  });
  return setup;
}

export interface WaitingParent {
  /** The activity as the organiser reads it (GET /api/activity-groups/:id). */
  group: SavedActivityGroup & { _id: string; tickets: { _id: string }[] };
  sessions: string[];
  waiting: Parent;
  /** The waitlist entry of each session, in session order. */
  entries: string[];
}

/**
 * A free drop-in activity with one place on each of `dates` (4.30pm–5.15pm), every place taken
 * by another family, and `child` on the waitlist for all of them.
 */
export async function fullActivityWithWaitingParent(
  { ctx, org }: MailTestSetup,
  { name, dates, child }: { name: string; dates: string[]; child: string },
): Promise<WaitingParent> {
  const created = await ctx.request('POST', '/api/activity-groups', {
    token: org.token,
    body: {
      name,
      waitlistType: 'SingleSession',
      activities: dates.map((date, i) => ({
        _id: `temp_${i}`,
        date,
        startTime: '16:30',
        endTime: '17:15',
        placeLimit: 1,
      })),
      tickets: [{ _id: 'temp_t', type: 'single', name: 'Drop-in', price: '0' }],
      addOns: [],
    },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const group = (
    await ctx.request('GET', `/api/activity-groups/${created.body.data._id}`, { token: org.token })
  ).body.data as WaitingParent['group'];
  const sessions = group.activities.map((s) => s._id);

  const filler = await parentWithChildren(ctx, org, ['Zed']);
  const booked = await ctx.request('POST', '/api/bookings', {
    token: filler.token,
    body: basket(group._id, {
      ticket: group.tickets[0]!._id,
      activities: sessions,
      attendees: [filler.children[0]!],
    }),
  });
  expect(booked.status, JSON.stringify(booked.body)).toBe(201);

  const waiting = await parentWithChildren(ctx, org, [child]);
  const joined = await ctx.request('POST', '/api/waitlists', {
    token: waiting.token,
    body: { activityGroup: group._id, attendee: waiting.children[0], activities: sessions },
  });
  expect(joined.status, JSON.stringify(joined.body)).toBe(201);
  const entries = (joined.body.data as { _id: string }[]).map((e) => e._id);
  return { group, sessions, waiting, entries };
}

/** A second place on every session, as when a family drops out, so an offer can be made. */
export async function addPlace({ ctx, org }: MailTestSetup, group: WaitingParent['group']) {
  const values = activityGroupFormValues(group);
  const saved = await ctx.request('PUT', `/api/activity-groups/${group._id}`, {
    token: org.token,
    body: { ...values, activities: values.activities!.map((s) => ({ ...s, placeLimit: 2 })) },
  });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
}
