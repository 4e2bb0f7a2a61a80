import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestContext,
  registerCustomer,
  signUpOrganiser,
  type TestContext,
} from '../test/harness.ts';

let ctx: TestContext;
let org: { clientId: string; token: string };
let names: Record<string, string>;
beforeAll(async () => {
  ctx = await createTestContext();
  org = await signUpOrganiser(ctx);
  await ctx.handle.db
    .updateTable('clients')
    .set({ plan_level: 20 })
    .where('id', '=', org.clientId)
    .execute();
  const list = await ctx.request('GET', '/api/fields?usage=attendee', { token: org.token });
  names = Object.fromEntries(
    list.body.data.map((f: { _id: string; internalKey: string }) => [f.internalKey, f._id]),
  );
});
afterAll(() => ctx.close());

async function groupWithWaitlist(waitlistType: string) {
  const res = await ctx.request('POST', '/api/activity-groups', {
    token: org.token,
    body: {
      name: `Swim ${waitlistType}`,
      waitlistType,
      activities: [
        { _id: 'temp_a', date: '2031-03-02', startTime: '09:00', endTime: '10:00', placeLimit: 1 },
        { _id: 'temp_b', date: '2031-03-09', startTime: '09:00', endTime: '10:00', placeLimit: 1 },
      ],
      // Free, so a booking that fills a session needs no payment.
      tickets: [{ _id: 'temp_t', type: 'single', name: 'Drop-in', price: '0' }],
      addOns: [],
    },
  });
  expect(res.status).toBe(201);
  const group = await ctx.request('GET', `/api/activity-groups/${res.body.data._id}`, {
    token: org.token,
  });
  return group.body.data as {
    _id: string;
    activities: { _id: string }[];
    tickets: { _id: string }[];
  };
}

/** Another family books the one place of each session given: only full sessions have a waitlist. */
async function fill(group: Awaited<ReturnType<typeof groupWithWaitlist>>, sessionIds: string[]) {
  const filler = await parentWithChild('Zed');
  const res = await ctx.request('POST', '/api/bookings', {
    token: filler.token,
    body: {
      activityGroups: [
        {
          activityGroup: group._id,
          items: [
            {
              ticket: group.tickets[0]._id,
              activities: sessionIds,
              attendees: [filler.attendeeId],
            },
          ],
        },
      ],
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
}

async function parentWithChild(first = 'Ada') {
  const parent = await registerCustomer(ctx, org.clientId);
  const child = await ctx.request('POST', '/api/user/attendees', {
    token: parent.token,
    body: {
      fieldData: [
        { field: names.firstName, value: first },
        { field: names.lastName, value: 'Lovelace' },
        { field: names.dateOfBirth, value: '2020-01-01' },
      ],
    },
  });
  expect(child.status).toBe(201);
  return { ...parent, attendeeId: child.body.data._id as string };
}

describe('waitlists', () => {
  it('joins chosen sessions, badges them, and refuses joining twice', async () => {
    const group = await groupWithWaitlist('SingleSession');
    const parent = await parentWithChild();
    const [first, second] = group.activities.map((a) => a._id);
    await fill(group, [first, second]);
    const joined = await ctx.request('POST', '/api/waitlists', {
      token: parent.token,
      body: { activityGroup: group._id, attendee: parent.attendeeId, activities: [first] },
    });
    expect(joined.status).toBe(201);
    expect(joined.body.data).toMatchObject([
      { status: 'Waiting', type: 'SingleSession', attendee: { name: 'Ada Lovelace' } },
    ]);

    const view = await ctx.request(
      'GET',
      `/api/waitlists/join-view?activityGroup=${group._id}&attendee=${parent.attendeeId}`,
      { token: parent.token },
    );
    expect(view.body.data.sessions).toEqual([
      { _id: first, disabled: true, badge: 'Joined waitlist', reason: 'joined' },
      { _id: second, disabled: false, badge: 'Full', reason: null },
    ]);

    const again = await ctx.request('POST', '/api/waitlists', {
      token: parent.token,
      body: { activityGroup: group._id, attendee: parent.attendeeId, activities: [first] },
    });
    expect(again.status).toBe(422);
    const none = await ctx.request('POST', '/api/waitlists', {
      token: parent.token,
      body: { activityGroup: group._id, attendee: parent.attendeeId, activities: [] },
    });
    expect(none.body.message).toBe('Please select at least one session.');
    await ctx.request('POST', '/api/waitlists', {
      token: parent.token,
      body: { activityGroup: group._id, attendee: parent.attendeeId, activities: [second] },
    });
    const full = await ctx.request('POST', '/api/waitlists', {
      token: parent.token,
      body: { activityGroup: group._id, attendee: parent.attendeeId, activities: [second] },
    });
    expect(full.body.message).toBe(
      'The attendee has already joined every waitlist for this activity.',
    );
  });

  it('joins an all-sessions waitlist once for the whole activity', async () => {
    const group = await groupWithWaitlist('AllSessions');
    const parent = await parentWithChild();
    const body = { activityGroup: group._id, attendee: parent.attendeeId };
    // Every session has a place: there is nothing to wait for.
    const early = await ctx.request('POST', '/api/waitlists', { token: parent.token, body });
    expect(early.status).toBe(422);
    expect(early.body.message).toBe('No sessions available to join.');
    // One session the whole-term place needs is full: now the child may wait.
    await fill(group, [group.activities[1]._id]);
    const joined = await ctx.request('POST', '/api/waitlists', { token: parent.token, body });
    expect(joined.status).toBe(201);
    expect(joined.body.data[0]).toMatchObject({ type: 'AllSessions', activity: null });
    const again = await ctx.request('POST', '/api/waitlists', { token: parent.token, body });
    expect(again.body.message).toBe(
      'This attendee has already joined the waitlist for this activity.',
    );
  });

  it('shows the admin every entry, filtered, and a parent only their own', async () => {
    const group = await groupWithWaitlist('SingleSession');
    const a = await parentWithChild('Ann');
    const b = await parentWithChild('Bea');
    await fill(group, [group.activities[0]._id]);
    for (const p of [a, b]) {
      await ctx.request('POST', '/api/waitlists', {
        token: p.token,
        body: {
          activityGroup: group._id,
          attendee: p.attendeeId,
          activities: [group.activities[0]._id],
        },
      });
    }
    const filters = encodeURIComponent(
      JSON.stringify({ activityGroup: group._id, status: ['Waiting', 'Pending', 'Ready'] }),
    );
    const admin = await ctx.request('GET', `/api/waitlists?page=1&limit=1000&filters=${filters}`, {
      token: org.token,
    });
    expect(admin.status).toBe(200);
    expect(admin.body.meta.total).toBe(2);
    expect(
      admin.body.data.map((e: { attendee: { name: string } }) => e.attendee.name).sort(),
    ).toEqual(['Ann Lovelace', 'Bea Lovelace']);
    const own = await ctx.request('GET', `/api/waitlists?filters=${filters}`, { token: a.token });
    expect(own.body.data.map((e: { attendee: { name: string } }) => e.attendee.name)).toEqual([
      'Ann Lovelace',
    ]);
    const tooBig = await ctx.request('GET', '/api/waitlists?limit=1001', { token: org.token });
    expect(tooBig.status).toBe(400);
  });

  it('refuses to waitlist a session with free places, naming it, and writes nothing', async () => {
    const group = await groupWithWaitlist('SingleSession');
    const parent = await parentWithChild();
    const [first, second] = group.activities.map((a) => a._id);
    await fill(group, [first]);
    const view = await ctx.request(
      'GET',
      `/api/waitlists/join-view?activityGroup=${group._id}&attendee=${parent.attendeeId}`,
      { token: parent.token },
    );
    expect(view.body.data.sessions).toEqual([
      { _id: first, disabled: false, badge: 'Full', reason: null },
      { _id: second, disabled: true, badge: '1 place left', reason: 'hasPlaces' },
    ]);
    expect(view.body.data.note).toBe(
      'Only full sessions have a waitlist. Sessions with places left can be booked now.',
    );
    const refused = await ctx.request('POST', '/api/waitlists', {
      token: parent.token,
      body: { activityGroup: group._id, attendee: parent.attendeeId, activities: [first, second] },
    });
    expect(refused.status).toBe(422);
    expect(refused.body.message).toBe(
      'Sun 09/03/2031, 9am–10am still has places left, so it has no waitlist. Please book it instead.',
    );
    const entries = await ctx.request('GET', '/api/waitlists', { token: parent.token });
    expect(entries.body.data).toEqual([]);
  });

  it('refuses another parent’s child, other tenants and groups without a waitlist', async () => {
    const group = await groupWithWaitlist('SingleSession');
    const owner = await parentWithChild();
    const stranger = await parentWithChild();
    const res = await ctx.request('POST', '/api/waitlists', {
      token: stranger.token,
      body: {
        activityGroup: group._id,
        attendee: owner.attendeeId,
        activities: [group.activities[0]._id],
      },
    });
    expect(res.status).toBe(404);

    const rival = await signUpOrganiser(ctx);
    const rivalParent = await registerCustomer(ctx, rival.clientId);
    const cross = await ctx.request('GET', `/api/waitlists/join-view?activityGroup=${group._id}`, {
      token: rivalParent.token,
    });
    expect(cross.status).toBe(404);

    const plain = await groupWithWaitlist('');
    const noList = await ctx.request('POST', '/api/waitlists', {
      token: owner.token,
      body: { activityGroup: plain._id, attendee: owner.attendeeId, activities: [] },
    });
    expect(noList.status).toBe(422);
    expect(noList.body.message).toBe('This activity has no waitlist.');
  });
});
