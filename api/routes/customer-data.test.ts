import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingReference } from '../../engine/index.ts';
import { newId } from '../db/ids.ts';
import { issueToken } from '../services/sessions.ts';
import { createTestContext, type TestContext } from '../test/harness.ts';
import {
  basket,
  type Camp,
  createCamp,
  createCancellationRule,
  type Organiser,
  offlineStripeKeys,
  parentWithChildren,
  premiumOrganiser,
} from './bookings.fixtures.ts';

/*
 * Data rights (docs/rules/data-rights.md) through the real API on SQLite and PostgreSQL: an
 * organiser exports one customer (JSON and CSV), erases them, and reads who did what in the
 * audit log; another organiser's data about the same person never appears, and a coach is
 * refused.
 */

let ctx: TestContext;
let org: Organiser;
let other: Organiser;
let camp: Camp;
let voucher: string;
let medicalField: string;
let coachToken: string;

const now = () => new Date().toISOString();

async function voucherProvider(clientId: string) {
  const id = newId();
  await ctx.handle.db
    .insertInto('childcare_voucher_providers')
    .values({ id, client_id: clientId, name: 'Vouchers', created_at: now(), updated_at: now() })
    .execute();
  return id;
}

beforeAll(async () => {
  ctx = await createTestContext({ stripe: offlineStripeKeys });
  org = await premiumOrganiser(ctx);
  other = await premiumOrganiser(ctx);
  const rule = await createCancellationRule(ctx, org, {
    sessionScope: 'singleSession',
    percentageToRefund: '100',
    expiryDays: '30',
  });
  camp = await createCamp(ctx, org, { cancellationRules: [rule] });
  voucher = await voucherProvider(org.clientId);
  const field = await ctx.request('POST', '/api/fields', {
    token: org.token,
    body: { title: 'Medical notes', type: 'text', usage: 'attendee' },
  });
  expect(field.status, JSON.stringify(field.body)).toBe(201);
  medicalField = field.body.data._id;
  const coachId = newId();
  await ctx.handle.db
    .insertInto('users')
    .values({
      id: coachId,
      client_id: org.clientId,
      role: 'coach',
      email: `coach-${coachId}@club.test`,
      full_name: 'Cory Coach',
      password_hash: 'x',
      created_at: now(),
      updated_at: now(),
    })
    .execute();
  coachToken = await issueToken(ctx.handle.db, { clientId: org.clientId, userId: coachId });
});
afterAll(() => ctx.close());

/** A parent of `o` with one child whose medical notes say `notes`. */
async function family(o: Organiser, first: string, notes: string) {
  const parent = await parentWithChildren(ctx, o, []);
  const child = await ctx.request('POST', '/api/user/attendees', {
    token: parent.token,
    body: {
      fieldData: [
        { field: o.fieldIds.firstName, value: first },
        { field: o.fieldIds.lastName, value: 'Marsh' },
        { field: o.fieldIds.dateOfBirth, value: '2019-05-04' },
        ...(o === org ? [{ field: medicalField, value: notes }] : []),
      ],
    },
  });
  expect(child.status, JSON.stringify(child.body)).toBe(201);
  return { ...parent, children: [child.body.data._id as string] };
}

/** A voucher booking of one camp day, marked paid by the admin. */
async function paidDay(parent: { token: string; children: string[] }, session: string) {
  const created = await ctx.request('POST', '/api/bookings', {
    token: parent.token,
    body: basket(
      camp._id,
      { ticket: camp.day, activities: [session], attendees: parent.children },
      { paymentMethod: { type: 'childcareVoucher', childcareVoucherProvider: voucher } },
    ),
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const paid = await ctx.request('POST', `/api/bookings/${created.body.data._id}/mark-paid`, {
    token: org.token,
  });
  expect(paid.status, JSON.stringify(paid.body)).toBe(200);
  return paid.body.data;
}

async function audit(query = '') {
  const res = await ctx.request('GET', `/api/audit-events${query}`, { token: org.token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as {
    data: { action: string; subjectId: string; summary: string; actor: { name: string } }[];
    meta: { total: number };
  };
}

describe('a customer who booked, paid and cancelled', () => {
  let parent: Awaited<ReturnType<typeof family>>;
  let bookingId: string;
  let email: string;

  beforeAll(async () => {
    parent = await family(org, 'Mia', 'Peanut allergy: carries an EpiPen');
    const me = await ctx.request('GET', '/api/users/me', { token: parent.token });
    email = me.body.data.email;
    const booking = await paidDay(parent, camp.sessions[0]!);
    bookingId = booking._id;
    const cancelled = await ctx.request('POST', `/api/bookings/${bookingId}/cancel`, {
      token: org.token,
      body: { places: [booking.items[0].places[0]._id], refundMethod: 'accountCredit' },
    });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    // An uploaded document and a sent message, as the widget and the outbox leave them.
    const fileId = newId();
    await ctx.handle.db
      .insertInto('files')
      .values({
        id: fileId,
        client_id: org.clientId,
        user_id: parent.userId,
        path: `/api/asset?fileId=${fileId}`,
        original_name: 'care-plan.pdf',
        mime_type: 'application/pdf',
        size: 8,
        is_authenticated: 1,
        is_temporary: 0,
        created_at: now(),
        updated_at: now(),
      })
      .execute();
    await ctx.handle.db
      .insertInto('file_contents')
      .values({ file_id: fileId, client_id: org.clientId, bytes: Buffer.from('%PDF-1.4') })
      .execute();
    await ctx.handle.db
      .insertInto('messages')
      .values({
        id: newId(),
        client_id: org.clientId,
        kind: 'booking-confirmation',
        event_key: `test:${bookingId}`,
        recipient_email: email,
        recipient_name: 'Pat Parent',
        user_id: parent.userId,
        booking_id: bookingId,
        payload: JSON.stringify({ child: 'Mia Marsh' }),
        status: 'sent',
        subject: 'Your booking for Mia',
        text_body: 'Hello Pat, Mia is booked.',
        created_at: now(),
        updated_at: now(),
      })
      .execute();
    // The same person is also a customer of another organiser, with another child.
    await family(other, 'Zed', '');
  });

  it('exports the child’s answers, the bookings and money, and nothing of another organiser', async () => {
    const res = await ctx.request('GET', `/api/customers/${parent.userId}/export.json`, {
      token: org.token,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(/attachment; filename="customer-/);
    const data = res.body;
    expect(data.customer).toMatchObject({ id: parent.userId, email, fullName: 'Pat Parent' });
    expect(data.attendees).toHaveLength(1);
    expect(data.attendees[0].answers).toEqual(
      expect.arrayContaining([
        { field: 'First name', value: 'Mia' },
        { field: 'Medical notes', value: 'Peanut allergy: carries an EpiPen' },
      ]),
    );
    expect(data.bookings).toMatchObject([
      { id: bookingId, number: bookingReference(bookingId), total: 2500, status: 'cancelled' },
    ]);
    expect(data.payments).toMatchObject([{ amount: 2500, method: 'childcareVoucher' }]);
    expect(data.refunds).toMatchObject([{ amount: 2500, method: 'accountCredit' }]);
    expect(data.accountCredit).toMatchObject([{ amount: 2500, source: 'refund' }]);
    expect(data.messages).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ subject: 'Your booking for Mia', to: email }),
      ]),
    );
    expect(data.files).toMatchObject([
      { name: 'care-plan.pdf', contentBase64: Buffer.from('%PDF-1.4').toString('base64') },
    ]);
    expect(JSON.stringify(data)).not.toContain('Zed');

    const csv = await ctx.request('GET', `/api/customers/${parent.userId}/export.csv`, {
      token: org.token,
    });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(csv.body).toContain('Section,Record,Field,Value');
    expect(csv.body).toContain('Medical notes,Peanut allergy: carries an EpiPen');
    expect(csv.body).toContain(`booking,${bookingId},number,${bookingReference(bookingId)}`);
    expect(csv.body).not.toContain('Zed');
  });

  it('answers 404 to another organiser and 403 to a coach', async () => {
    for (const path of ['export.json', 'export.csv']) {
      const theirs = await ctx.request('GET', `/api/customers/${parent.userId}/${path}`, {
        token: other.token,
      });
      expect(theirs.status).toBe(404);
      const coach = await ctx.request('GET', `/api/customers/${parent.userId}/${path}`, {
        token: coachToken,
      });
      expect(coach.status).toBe(403);
    }
    const erase = await ctx.request('POST', `/api/customers/${parent.userId}/erase`, {
      token: coachToken,
      body: { confirm: true },
    });
    expect(erase.status).toBe(403);
    expect((await ctx.request('GET', '/api/audit-events', { token: coachToken })).status).toBe(403);
    const theirs = await ctx.request('POST', `/api/customers/${parent.userId}/erase`, {
      token: other.token,
      body: { confirm: true },
    });
    expect(theirs.status).toBe(404);
    const unconfirmed = await ctx.request('POST', `/api/customers/${parent.userId}/erase`, {
      token: org.token,
      body: {},
    });
    expect(unconfirmed.status).toBe(400);
    expect((await ctx.request('GET', '/api/users/me', { token: parent.token })).status).toBe(200);
  });

  it('erases personal data, keeps amounts and the booking number, and the customer cannot sign in', async () => {
    const res = await ctx.request('POST', `/api/customers/${parent.userId}/erase`, {
      token: org.token,
      body: { confirm: true },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ attendees: 1, files: 1 });
    expect(res.body.data.messages).toBeGreaterThanOrEqual(1);

    const user = await ctx.request('GET', `/api/users/${parent.userId}`, { token: org.token });
    expect(user.body.data.fullName).toBe('Erased customer');
    expect(user.body.data.email).not.toBe(email);
    const kids = await ctx.request('GET', `/api/attendees?userId=${parent.userId}`, {
      token: org.token,
    });
    expect(JSON.stringify(kids.body.data)).not.toMatch(/Mia|Marsh|2019-05-04|Peanut/);

    const booking = await ctx.request('GET', `/api/bookings/${bookingId}`, { token: org.token });
    expect(booking.status).toBe(200);
    expect(booking.body.data).toMatchObject({ _id: bookingId, total: 2500 });
    const db = ctx.handle.db;
    const payments = await db
      .selectFrom('payments')
      .select(['amount', 'status'])
      .where('booking_id', '=', bookingId)
      .execute();
    expect(payments).toEqual([{ amount: 2500, status: 'succeeded' }]);
    const refunds = await db
      .selectFrom('refunds')
      .select('amount')
      .where('booking_id', '=', bookingId)
      .execute();
    expect(refunds).toEqual([{ amount: 2500 }]);
    const pricing = await db
      .selectFrom('bookings')
      .select('pricing')
      .where('id', '=', bookingId)
      .executeTakeFirstOrThrow();
    expect(pricing.pricing).not.toContain('Mia');
    const sent = await db
      .selectFrom('messages')
      .select(['recipient_email', 'recipient_name', 'subject', 'html', 'text_body', 'payload'])
      .where('client_id', '=', org.clientId)
      .where('user_id', '=', parent.userId)
      .execute();
    expect(sent).toHaveLength(res.body.data.messages);
    expect(JSON.stringify(sent)).not.toMatch(/Mia|Pat|home\.test/);
    const files = await db
      .selectFrom('files')
      .select('id')
      .where('user_id', '=', parent.userId)
      .execute();
    expect(files).toEqual([]);

    // Signed out, and the old e-mail and password no longer sign in.
    expect((await ctx.request('GET', '/api/users/me', { token: parent.token })).status).toBe(401);
    const login = await ctx.request('POST', '/api/auth/login', {
      clientId: org.clientId,
      body: { email, password: 'parent-pass' },
    });
    expect(login.status).toBe(401);
    // The other organiser's customer with the same person's details is untouched.
    const again = await ctx.request('POST', `/api/customers/${parent.userId}/erase`, {
      token: org.token,
      body: { confirm: true },
    });
    expect(again.status).toBe(409);
    const exported = await ctx.request('GET', `/api/customers/${parent.userId}/export.json`, {
      token: org.token,
    });
    expect(JSON.stringify(exported.body)).not.toMatch(/Mia|Peanut|care-plan/);
    expect(exported.body.bookings[0]).toMatchObject({ number: bookingReference(bookingId) });
  });

  it('logs who did what: mark paid, cancel, refund, export, erase', async () => {
    const log = await audit(`?customerId=${parent.userId}&limit=50`);
    const actions = log.data.map((e) => e.action);
    expect(actions).toEqual(
      expect.arrayContaining([
        'booking.markedPaid',
        'booking.cancelled',
        'refund.created',
        'customer.exported',
        'customer.erased',
      ]),
    );
    expect(log.data.find((e) => e.action === 'customer.erased')).toMatchObject({
      subjectId: parent.userId,
      actor: { name: 'Olive Owner' },
    });
    const paid = log.data.find((e) => e.action === 'booking.markedPaid');
    expect(paid?.summary).toBe(`Marked booking #${bookingReference(bookingId)} paid`);
    expect(JSON.stringify(log.data)).not.toMatch(/Mia|Peanut/);
    const refunds = await audit('?subjectType=refund');
    expect(refunds.data).toMatchObject([{ action: 'refund.created', subjectId: bookingId }]);
    expect(refunds.data[0]!.summary).toBe(
      `Refunded £25.00 (accountCredit) on booking #${bookingReference(bookingId)}`,
    );
    const customers = await audit('?subjectType=customer');
    expect(customers.data.every((e) => e.action.startsWith('customer.'))).toBe(true);
    const theirs = await ctx.request('GET', '/api/audit-events', { token: other.token });
    expect(theirs.body.data).toEqual([]);
  });
});

describe('a manual refund', () => {
  it('is logged with its amount and method, in the refund’s own transaction', async () => {
    const parent = await family(org, 'Rae', 'None');
    const booking = await paidDay(parent, camp.sessions[3]!);
    const res = await ctx.request('POST', `/api/bookings/${booking._id}/refund`, {
      token: org.token,
      body: { amount: 1000, method: 'accountCredit', reason: 'Rained off' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const log = await audit(`?subjectType=refund&subjectId=${booking._id}`);
    expect(log.data).toMatchObject([
      {
        action: 'refund.created',
        summary: `Refunded £10.00 (accountCredit) on booking #${bookingReference(booking._id)}`,
        detail: { amount: 1000, method: 'accountCredit' },
      },
    ]);
    // A refused refund writes neither the refund nor an entry.
    const refused = await ctx.request('POST', `/api/bookings/${booking._id}/refund`, {
      token: org.token,
      body: { amount: 999_999, method: 'accountCredit', reason: 'Too much' },
    });
    expect(refused.status).toBe(422);
    expect((await audit(`?subjectType=refund&subjectId=${booking._id}`)).data).toHaveLength(1);
  });
});

describe('erasing a customer with open business', () => {
  it('refuses while a booking is upcoming, writing nothing', async () => {
    const parent = await family(org, 'Noah', 'None');
    await paidDay(parent, camp.sessions[2]!);
    const res = await ctx.request('POST', `/api/customers/${parent.userId}/erase`, {
      token: org.token,
      body: { confirm: true },
    });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(
      'This customer has 1 upcoming or unpaid booking. Cancel it (or wait until it is over and paid) before erasing the customer.',
    );
    expect((await ctx.request('GET', '/api/users/me', { token: parent.token })).status).toBe(200);
    const log = await audit(`?customerId=${parent.userId}`);
    expect(log.data.map((e) => e.action)).not.toContain('customer.erased');
  });
});

describe('the audit log', () => {
  it('records admin bookings, attendee edits and settings changes, newest first and paged', async () => {
    const parent = await family(org, 'Ola', 'None');
    const booked = await ctx.request('POST', '/api/bookings/admin', {
      token: org.token,
      body: {
        user: parent.userId,
        ...basket(camp._id, {
          ticket: camp.day,
          activities: [camp.sessions[1]!],
          attendees: parent.children,
        }),
        paymentMethod: { type: 'childcareVoucher', childcareVoucherProvider: voucher },
      },
    });
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
    const edited = await ctx.request('PUT', `/api/attendees/${parent.children[0]}`, {
      token: org.token,
      body: {
        fieldData: [
          { field: org.fieldIds.firstName, value: 'Ola' },
          { field: org.fieldIds.lastName, value: 'Marsh' },
          { field: org.fieldIds.dateOfBirth, value: '2019-05-04' },
          { field: medicalField, value: 'Asthma' },
        ],
      },
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    const settings = await ctx.request('GET', '/api/client', { token: org.token });
    // The organisation form's own fields, as the Settings screen sends them.
    const formKeys = ['name', 'country', 'currency', 'timeZone', 'dateFormat', 'holdMinutes'];
    formKeys.push('unpaidReleaseDays', 'allowPayLater', 'formTemplate', 'buttonDisplay');
    formKeys.push('senderName', 'replyTo', 'sessionReminders', 'sessionReminderHours');
    const form = Object.fromEntries(formKeys.map((k) => [k, settings.body.data[k]]));
    const saved = await ctx.request('PUT', '/api/client', {
      token: org.token,
      body: { ...form, name: 'Renamed Club', replyTo: 'office@club.test' },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);

    const log = await audit('?limit=3');
    // One save wrote both settings entries in the same instant: their order between them is free.
    expect(log.data.map((e) => e.action).sort()).toEqual([
      'customer.edited',
      'settings.mail',
      'settings.organisation',
    ]);
    expect(log.data[2]!.action).toBe('customer.edited');
    expect(log.data.find((e) => e.action === 'settings.organisation')?.summary).toBe(
      'Changed organisation settings: name',
    );
    expect(JSON.stringify(log.data)).not.toContain('office@club.test');
    const page2 = await audit('?limit=3&page=2');
    expect(page2.data[0]).toMatchObject({
      action: 'booking.created',
      subjectId: booked.body.data._id,
    });
    expect(page2.meta.total).toBe(log.meta.total);
    const bookings = await audit('?subjectType=booking');
    expect(
      bookings.data.every((e) => ['booking', 'refund'].some((t) => e.action.startsWith(t))),
    ).toBe(true);
    const bad = await ctx.request('GET', '/api/audit-events?subjectType=everything', {
      token: org.token,
    });
    expect(bad.status).toBe(400);
  });
});
