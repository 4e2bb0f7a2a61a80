import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { householdMessages } from '../../engine/index.ts';
import { runDueJobs } from '../jobs/queue.ts';
import { mailJobHandlers } from '../mail/jobs.ts';
import { startTestInbox, type TestInbox } from '../mail/testing.ts';
import { createTestContext, registerCustomer, type TestContext } from '../test/harness.ts';
import {
  basket,
  type Camp,
  createCamp,
  type Organiser,
  type Parent,
  parentWithChildren,
  premiumOrganiser,
} from './bookings.fixtures.ts';

/*
 * Households (docs/rules/households.md), end to end over HTTP and real SMTP: a parent invites a
 * second guardian, who accepts from the e-mailed link, sees and books the same child and the
 * household's bookings; the organiser sees who booked and the household's guardians; nobody sees
 * another household's or another organiser's children. Then the one-time sign-in link. Runs on
 * SQLite, and on PostgreSQL with TEST_DATABASE_URL.
 */
let ctx: TestContext;
let inbox: TestInbox;
let org: Organiser;
let other: Organiser;
let camp: Camp;

beforeAll(async () => {
  ctx = await createTestContext();
  inbox = await startTestInbox();
  org = await premiumOrganiser(ctx);
  other = await premiumOrganiser(ctx);
  for (const o of [org, other])
    await ctx.handle.db
      .updateTable('clients')
      .set({ allow_pay_later: 1 })
      .where('id', '=', o.clientId)
      .execute();
  camp = await createCamp(ctx, org);
});
afterAll(async () => {
  await inbox.close();
  await ctx.close();
});

const sendDue = (at = new Date()) => runDueJobs(ctx.handle.db, mailJobHandlers(inbox.mail), at);
const mailTo = (email: string) =>
  inbox.received.filter((m) => m.to && !Array.isArray(m.to) && m.to.value[0]?.address === email);
/** The link in the newest e-mail to `email`, and its token (in the address's fragment). */
async function linkTo(email: string, kind: 'cw-invite' | 'cw-signin', at?: Date) {
  await sendDue(at);
  const mails = mailTo(email);
  const mail = mails[mails.length - 1];
  expect(mail, `no e-mail to ${email}`).toBeDefined();
  const match = new RegExp(`(http://localhost:3000/\\S+#${kind}=([\\w-]+))`).exec(mail!.text ?? '');
  expect(match, mail!.text ?? '').not.toBeNull();
  return { mail: mail!, url: new URL(match![1]!), token: match![2]! };
}

const invite = (parent: { token: string }, email: string) =>
  ctx.request('POST', '/api/user/household/invites', { token: parent.token, body: { email } });

async function guardianFor(parent: Parent, name = 'Gran Parent') {
  const email = `guardian-${Math.random().toString(36).slice(2, 8)}@home.test`;
  const sent = await invite(parent, email);
  expect(sent.status, JSON.stringify(sent.body)).toBe(201);
  const { token } = await linkTo(email, 'cw-invite');
  const accepted = await ctx.request('POST', '/api/auth/household-invite/accept', {
    clientId: org.clientId,
    body: { token, fullName: name, password: 'gran-pass-1', confirmPassword: 'gran-pass-1' },
  });
  expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
  return {
    email,
    token: accepted.body.data.token as string,
    userId: accepted.body.data.user._id as string,
  };
}

const book = (who: { token: string }, attendee: string, day = 0) =>
  ctx.request('POST', '/api/bookings', {
    token: who.token,
    body: {
      ...basket(camp._id, {
        ticket: camp.day,
        attendees: [attendee],
        activities: [camp.sessions[day]!],
      }),
      paymentMethod: { type: 'payLater' },
    },
  });

describe('households', () => {
  it('a second guardian accepts an e-mailed invitation, sees and books the same child, and the organiser sees who booked', async () => {
    const parent = await parentWithChildren(ctx, org, ['Mia']);
    const email = 'grandma-one@home.test';
    const sent = await invite(parent, email);
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    expect(sent.body.data.invites).toEqual([expect.objectContaining({ email })]);

    const { mail, url, token } = await linkTo(email, 'cw-invite');
    expect(mail.subject).toMatch(/^Pat Parent invited you to Club \d+$/);
    expect(url.origin + url.pathname).toBe('http://localhost:3000/account/attendees');
    expect(url.searchParams.get('client')).toBe(org.clientId);
    // Only the token's hash is kept; the Messages screen's copy has no token.
    const stored = await ctx.handle.db
      .selectFrom('messages')
      .selectAll()
      .where('kind', '=', 'household-invite')
      .execute();
    expect(JSON.stringify(stored)).not.toContain(token);

    const preview = await ctx.request('POST', '/api/auth/household-invite', {
      clientId: org.clientId,
      body: { token },
    });
    expect(preview.body.data).toEqual({ email, inviterName: 'Pat Parent', hasAccount: false });
    // Another organiser's widget cannot use it.
    const elsewhere = await ctx.request('POST', '/api/auth/household-invite', {
      clientId: other.clientId,
      body: { token },
    });
    expect(elsewhere.status).toBe(400);

    const missing = await ctx.request('POST', '/api/auth/household-invite/accept', {
      clientId: org.clientId,
      body: { token },
    });
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toMatchObject({ fullName: 'Required', password: 'Required' });

    const accepted = await ctx.request('POST', '/api/auth/household-invite/accept', {
      clientId: org.clientId,
      body: {
        token,
        fullName: 'Grandma One',
        password: 'gran-pass-1',
        confirmPassword: 'gran-pass-1',
      },
    });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    expect(accepted.body.data.user).toMatchObject({ fullName: 'Grandma One', email });
    expect(accepted.body.data.user.attendees).toEqual(parent.children);
    const again = await ctx.request('POST', '/api/auth/household-invite/accept', {
      clientId: org.clientId,
      body: {
        token,
        fullName: 'Someone',
        password: 'other-pass-1',
        confirmPassword: 'other-pass-1',
      },
    });
    expect(again.status).toBe(400);
    expect(again.body.message).toBe(householdMessages.inviteInvalid);

    // She signs in on her own, with her password.
    const login = await ctx.request('POST', '/api/auth/login', {
      clientId: org.clientId,
      body: { email, password: 'gran-pass-1' },
    });
    expect(login.status).toBe(200);
    const gran = { token: login.body.data.token as string, userId: accepted.body.data.user._id };
    const me = await ctx.request('GET', '/api/users/me', { token: gran.token });
    expect(me.body.data).toMatchObject({ _id: gran.userId, fullName: 'Grandma One' });

    const children = await ctx.request('GET', '/api/user/attendees', { token: gran.token });
    expect(children.body.data.map((c: { name: string }) => c.name)).toEqual(['Mia Lovelace']);

    // The parent books one day, the grandmother another, for the same child.
    const mine = await book(parent, parent.children[0]!);
    expect(mine.status, JSON.stringify(mine.body)).toBe(201);
    const hers = await book(gran, parent.children[0]!, 1);
    expect(hers.status, JSON.stringify(hers.body)).toBe(201);
    expect(hers.body.data.bookedBy).toEqual({ _id: gran.userId, fullName: 'Grandma One' });
    // She gets the confirmation of her booking, and so does the main account.
    await sendDue();
    const confirmations = await ctx.handle.db
      .selectFrom('messages')
      .select(['recipient_email', 'status'])
      .where('kind', '=', 'booking-confirmation')
      .where('booking_id', '=', hers.body.data._id)
      .execute();
    const parentEmail = (await ctx.request('GET', '/api/users/me', { token: parent.token })).body
      .data.email;
    expect(confirmations.map((m) => m.recipient_email).sort()).toEqual([email, parentEmail].sort());
    expect(mailTo(email).some((m) => m.subject?.startsWith('Booking received'))).toBe(true);

    // Both see the household's two bookings in My bookings.
    for (const who of [parent, gran]) {
      const list = await ctx.request('GET', '/api/bookings/mine', { token: who.token });
      expect(list.status).toBe(200);
      const ids = JSON.stringify(list.body.data);
      expect(ids).toContain(mine.body.data._id);
      expect(ids).toContain(hers.body.data._id);
    }

    // The organiser sees who booked, and the household's guardians on the customer page.
    const adminView = await ctx.request('GET', `/api/bookings/${hers.body.data._id}`, {
      token: org.token,
    });
    expect(adminView.body.data.user._id).toBe(parent.userId);
    expect(adminView.body.data.bookedBy).toEqual({ _id: gran.userId, fullName: 'Grandma One' });
    const adminMine = await ctx.request('GET', `/api/bookings/${mine.body.data._id}`, {
      token: org.token,
    });
    expect(adminMine.body.data.bookedBy).toEqual({ _id: parent.userId, fullName: 'Pat Parent' });
    const household = await ctx.request('GET', `/api/users/${parent.userId}/household`, {
      token: org.token,
    });
    expect(household.body.data.guardians).toEqual([
      { userId: parent.userId, fullName: 'Pat Parent', email: expect.any(String), main: true },
      { userId: gran.userId, fullName: 'Grandma One', email, main: false },
    ]);
    const fromGran = await ctx.request('GET', `/api/users/${gran.userId}/household`, {
      token: org.token,
    });
    expect(fromGran.body.data.mainAccount).toBe(parent.userId);
    // Another organiser's admin learns nothing about this customer.
    const otherAdmin = await ctx.request('GET', `/api/users/${parent.userId}/household`, {
      token: other.token,
    });
    expect(otherAdmin.status).toBe(404);
  });

  it("keeps another household's and another organiser's children and bookings out of sight", async () => {
    const parent = await parentWithChildren(ctx, org, ['Leo']);
    const gran = await guardianFor(parent);
    const stranger = await parentWithChildren(ctx, org, ['Zed']);
    const theirs = await book(stranger, stranger.children[0]!);
    expect(theirs.status).toBe(201);

    const children = await ctx.request('GET', '/api/user/attendees', { token: gran.token });
    expect(children.body.data.map((c: { _id: string }) => c._id)).toEqual(parent.children);
    // The stranger's booking and child are not hers to see, book or edit.
    const look = await ctx.request('GET', `/api/bookings/${theirs.body.data._id}`, {
      token: gran.token,
    });
    expect(look.status).toBe(404);
    const list = await ctx.request('GET', '/api/bookings/mine', { token: gran.token });
    expect(JSON.stringify(list.body.data)).not.toContain(theirs.body.data._id);
    const foreign = await book(gran, stranger.children[0]!);
    expect(foreign.status).toBeGreaterThanOrEqual(400);
    expect(foreign.status).toBeLessThan(500);
    const edit = await ctx.request('PUT', `/api/user/attendees/${stranger.children[0]}`, {
      token: gran.token,
      body: {
        fieldData: [
          { field: org.fieldIds.firstName, value: 'Hacked' },
          { field: org.fieldIds.lastName, value: 'Lovelace' },
          { field: org.fieldIds.dateOfBirth, value: '2020-01-01' },
        ],
      },
    });
    expect(edit.status).toBe(404);
    // And the stranger sees nothing of this household.
    const strangerKids = await ctx.request('GET', '/api/user/attendees', { token: stranger.token });
    expect(strangerKids.body.data.map((c: { _id: string }) => c._id)).toEqual(stranger.children);
    const strangerHousehold = await ctx.request('GET', '/api/user/household', {
      token: stranger.token,
    });
    expect(strangerHousehold.body.data.guardians).toHaveLength(1);

    // A guardian of this organiser is nobody at another organiser: the same e-mail there
    // registers a separate account with no children.
    const elsewhere = await ctx.request('POST', '/api/auth/login', {
      clientId: other.clientId,
      body: { email: gran.email, password: 'gran-pass-1' },
    });
    expect(elsewhere.status).toBe(401);
  });

  it('the main account removes a guardian, a guardian leaves, and nobody removes the main account', async () => {
    const parent = await parentWithChildren(ctx, org, ['Ava']);
    const gran = await guardianFor(parent, 'Gran');
    const dad = await guardianFor(parent, 'Dad');

    const household = await ctx.request('GET', '/api/user/household', { token: dad.token });
    expect(household.body.data).toMatchObject({ mainAccount: parent.userId, youAreMain: false });
    expect(household.body.data.guardians.map((g: { fullName: string }) => g.fullName)).toEqual([
      'Pat Parent',
      'Gran',
      'Dad',
    ]);

    const byGuardian = await ctx.request('DELETE', `/api/user/household/guardians/${gran.userId}`, {
      token: dad.token,
    });
    expect(byGuardian.status).toBe(422);
    expect(byGuardian.body.message).toBe(householdMessages.onlyMainAccountRemoves);
    const mainAway = await ctx.request('DELETE', `/api/user/household/guardians/${parent.userId}`, {
      token: dad.token,
    });
    expect(mainAway.status).toBe(422);

    const left = await ctx.request('DELETE', `/api/user/household/guardians/${dad.userId}`, {
      token: dad.token,
    });
    expect(left.status).toBe(200);
    expect(left.body.data.guardians).toHaveLength(1);
    const dadKids = await ctx.request('GET', '/api/user/attendees', { token: dad.token });
    expect(dadKids.body.data).toEqual([]);

    const removed = await ctx.request('DELETE', `/api/user/household/guardians/${gran.userId}`, {
      token: parent.token,
    });
    expect(removed.status).toBe(200);
    expect(removed.body.data.guardians).toHaveLength(1);
    const granKids = await ctx.request('GET', '/api/user/attendees', { token: gran.token });
    expect(granKids.body.data).toEqual([]);
    expect((await book(gran, parent.children[0]!)).status).toBeLessThan(500);
    expect((await book(gran, parent.children[0]!)).status).not.toBe(201);
  });

  it('an existing account joins with the link alone; one with its own children stays its own household', async () => {
    const parent = await parentWithChildren(ctx, org, ['Ben']);
    const empty = await registerCustomer(ctx, org.clientId, 'Uncle Empty');
    expect((await invite(parent, empty.email)).status).toBe(201);
    const first = await linkTo(empty.email, 'cw-invite');
    const preview = await ctx.request('POST', '/api/auth/household-invite', {
      clientId: org.clientId,
      body: { token: first.token },
    });
    expect(preview.body.data.hasAccount).toBe(true);
    const joined = await ctx.request('POST', '/api/auth/household-invite/accept', {
      clientId: org.clientId,
      body: { token: first.token },
    });
    expect(joined.status, JSON.stringify(joined.body)).toBe(200);
    expect(joined.body.data.user.attendees).toEqual(parent.children);

    const family = await parentWithChildren(ctx, org, ['Own']);
    const familyEmail = (await ctx.request('GET', '/api/users/me', { token: family.token })).body
      .data.email;
    expect((await invite(parent, familyEmail)).status).toBe(201);
    const second = await linkTo(familyEmail, 'cw-invite');
    const refused = await ctx.request('POST', '/api/auth/household-invite/accept', {
      clientId: org.clientId,
      body: { token: second.token },
    });
    expect(refused.status).toBe(422);
    expect(refused.body.message).toBe(householdMessages.hasOwnFamily);
    const ownKids = await ctx.request('GET', '/api/user/attendees', { token: family.token });
    expect(ownKids.body.data.map((c: { _id: string }) => c._id)).toEqual(family.children);

    // Inviting yourself, or the same address twice, is refused with the reason.
    const self = await ctx.request('GET', '/api/users/me', { token: parent.token });
    expect((await invite(parent, self.body.data.email)).body.message).toBe(
      householdMessages.inviteSelf,
    );
    expect((await invite(parent, 'twice@home.test')).status).toBe(201);
    const twice = await invite(parent, 'twice@home.test');
    expect(twice.status).toBe(422);
    expect(twice.body.message).toBe(householdMessages.alreadyInvited);
    // A withdrawn invitation's link no longer works.
    const waiting = await ctx.request('GET', '/api/user/household', { token: parent.token });
    const pending = waiting.body.data.invites.find(
      (i: { email: string }) => i.email === 'twice@home.test',
    );
    const withdrawn = await ctx.request('DELETE', `/api/user/household/invites/${pending._id}`, {
      token: parent.token,
    });
    expect(withdrawn.status).toBe(200);
    expect(withdrawn.body.data.invites.map((i: { email: string }) => i.email)).not.toContain(
      'twice@home.test',
    );
  });
});

describe('erasing a customer', () => {
  it('takes an erased guardian out of the household, and an erased main account frees its guardians', async () => {
    const parent = await parentWithChildren(ctx, org, ['Eve']);
    const gran = await guardianFor(parent, 'Erased Gran');
    const dad = await guardianFor(parent, 'Staying Dad');
    const erase = (id: string) =>
      ctx.request('POST', `/api/customers/${id}/erase`, {
        token: org.token,
        body: { confirm: true },
      });
    const first = await erase(gran.userId);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const household = await ctx.request('GET', '/api/user/household', { token: parent.token });
    expect(household.body.data.guardians.map((g: { fullName: string }) => g.fullName)).toEqual([
      'Pat Parent',
      'Staying Dad',
    ]);
    const invites = await ctx.handle.db
      .selectFrom('household_invites')
      .select('email')
      .where('email', '=', gran.email)
      .execute();
    expect(invites).toEqual([]);

    expect((await erase(parent.userId)).status).toBe(200);
    const dadKids = await ctx.request('GET', '/api/user/attendees', { token: dad.token });
    expect(dadKids.body.data).toEqual([]);
    const dadHousehold = await ctx.request('GET', '/api/user/household', { token: dad.token });
    expect(dadHousehold.body.data).toMatchObject({ mainAccount: dad.userId, youAreMain: true });
  });
});

describe('sign-in by an e-mailed link', () => {
  const ask = (email: string, clientId = org.clientId) =>
    ctx.request('POST', '/api/auth/sign-in-link', { clientId, body: { email } });
  const redeem = (token: string, clientId = org.clientId) =>
    ctx.request('POST', '/api/auth/sign-in-link/redeem', { clientId, body: { token } });

  it('signs a parent in once, and answers the same for an address with no account', async () => {
    const parent = await registerCustomer(ctx, org.clientId);
    const known = await ask(parent.email);
    const unknown = await ask('nobody-at-all@home.test');
    expect(known.status).toBe(200);
    expect(known.body).toEqual({ data: { message: householdMessages.signInLinkSent } });
    expect(unknown.body).toEqual(known.body);

    const { mail, url, token } = await linkTo(parent.email, 'cw-signin');
    expect(mailTo('nobody-at-all@home.test')).toHaveLength(0);
    expect(mail.subject).toMatch(/^Sign in to Club \d+$/);
    expect(url.searchParams.get('client')).toBe(org.clientId);
    const links = await ctx.handle.db.selectFrom('login_links').selectAll().execute();
    expect(JSON.stringify(links)).not.toContain(token);

    expect((await redeem(token, other.clientId)).status).toBe(400);
    const signedIn = await redeem(token);
    expect(signedIn.status, JSON.stringify(signedIn.body)).toBe(200);
    expect(signedIn.body.data.user._id).toBe(parent.user._id);
    const me = await ctx.request('GET', '/api/users/me', { token: signedIn.body.data.token });
    expect(me.body.data.email).toBe(parent.email);

    const again = await redeem(token);
    expect(again.status).toBe(400);
    expect(again.body.message).toBe(householdMessages.signInLinkInvalid);
  });

  it('a link sent more than 15 minutes ago no longer works', async () => {
    const parent = await registerCustomer(ctx, org.clientId);
    await ask(parent.email);
    const { token } = await linkTo(parent.email, 'cw-signin');
    // Sixteen minutes pass: the link was made to stop working after fifteen.
    const link = await ctx.handle.db
      .selectFrom('login_links')
      .select(['token_hash', 'expires_at', 'created_at'])
      .where('user_id', '=', parent.user._id)
      .executeTakeFirstOrThrow();
    expect(Date.parse(link.expires_at) - Date.parse(link.created_at)).toBe(15 * 60_000);
    await ctx.handle.db
      .updateTable('login_links')
      .set({
        created_at: new Date(Date.now() - 16 * 60_000).toISOString(),
        expires_at: new Date(Date.now() - 60_000).toISOString(),
      })
      .where('token_hash', '=', link.token_hash)
      .execute();
    const late = await redeem(token);
    expect(late.status).toBe(400);
    expect(late.body.message).toBe(householdMessages.signInLinkInvalid);
  });

  it('is rate limited per address like the other auth routes', async () => {
    const parent = await registerCustomer(ctx, org.clientId);
    for (let i = 0; i < 3; i += 1) expect((await ask(parent.email)).status).toBe(200);
    const fourth = await ask(parent.email);
    expect(fourth.status).toBe(429);
    expect(fourth.headers.get('retry-after')).toBeTruthy();
  });

  it('a guardian who signs in by link acts for the household', async () => {
    const parent = await parentWithChildren(ctx, org, ['Kit']);
    const gran = await guardianFor(parent, 'Link Gran');
    await ask(gran.email);
    const { token } = await linkTo(gran.email, 'cw-signin');
    const signedIn = await redeem(token);
    expect(signedIn.body.data.user).toMatchObject({ fullName: 'Link Gran' });
    const kids = await ctx.request('GET', '/api/user/attendees', {
      token: signedIn.body.data.token,
    });
    expect(kids.body.data.map((c: { _id: string }) => c._id)).toEqual(parent.children);
  });
});
