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
      tickets: [{ _id: 'temp_t', type: 'single', name: 'Drop-in', price: '5' }],
      addOns: [],
    },
  });
  expect(res.status).toBe(201);
  const group = await ctx.request('GET', `/api/activity-groups/${res.body.data._id}`, {
    token: org.token,
  });
  return group.body.data as { _id: string; activities: { _id: string }[] };
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
      { _id: first, disabled: true, badge: 'Joined waitlist' },
      { _id: second, disabled: false, badge: null },
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
