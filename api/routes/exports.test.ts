import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../db/ids.ts';
import { parseCsv } from '../test/csv.ts';
import { createTestContext, registerCustomer, type TestContext } from '../test/harness.ts';
import {
  basket,
  type Camp,
  createCamp,
  manyParents,
  type Organiser,
  type Parent,
  parentWithChildren,
  premiumOrganiser,
} from './bookings.fixtures.ts';

let ctx: TestContext;
let org: Organiser;
let other: Organiser;
let camp: Camp;
let dove: Parent;
let hacker: Parent;
let doveBooking: string;
let hackerBooking: string;

const BOM = '\uFEFF';

beforeAll(async () => {
  ctx = await createTestContext();
  org = await premiumOrganiser(ctx);
  other = await premiumOrganiser(ctx);
  camp = await createCamp(ctx, org);
  await ctx.handle.db
    .updateTable('clients')
    .set({ allow_pay_later: 1, time_zone: 'Europe/London', date_format: 'dd/MM/yyyy' })
    .where('id', '=', org.clientId)
    .execute();
  dove = await parentWithChildren(ctx, org, ['Ivy', 'Oscar']);
  await ctx.handle.db
    .updateTable('users')
    .set({ full_name: 'Zoë Dove' })
    .where('id', '=', dove.userId)
    .execute();
  hacker = await parentWithChildren(ctx, org, ['=HYPERLINK("http://evil.test","x")']);
  await ctx.handle.db
    .updateTable('users')
    .set({ full_name: '@SUM(1+1)' })
    .where('id', '=', hacker.userId)
    .execute();
  await registerCustomer(ctx, org.clientId, 'Childless Parent');
  await parentWithChildren(ctx, other, ['Someone Else']);
  const book = async (p: Parent, child: string, session: number) => {
    const res = await ctx.request('POST', '/api/bookings', {
      token: p.token,
      body: basket(
        camp._id,
        { ticket: camp.day, activities: [camp.sessions[session]!], attendees: [child] },
        { paymentMethod: { type: 'payLater' } },
      ),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.data._id as string;
  };
  doveBooking = await book(dove, dove.children[0]!, 0);
  hackerBooking = await book(hacker, hacker.children[0]!, 1);
  expect(
    (await ctx.request('POST', `/api/bookings/${doveBooking}/mark-paid`, { token: org.token }))
      .status,
  ).toBe(200);
});
afterAll(() => ctx.close());

/** The download as bytes decoded keeping the byte-order mark (fetch's text() drops it). */
async function download(path: string, token: string | null = org.token) {
  const response = await ctx.app.request(`/api/exports/${path}`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  const body = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await response.arrayBuffer());
  const csv = response.headers.get('content-type')?.startsWith('text/csv');
  return {
    status: response.status,
    headers: response.headers,
    body,
    rows: csv ? parseCsv(body) : [],
  };
}
const filters = (value: object) => `filters=${encodeURIComponent(JSON.stringify(value))}`;
const column = (rows: string[][], header: string) => {
  const i = rows[0]!.indexOf(header);
  expect(i, `${header} in ${rows[0]}`).toBeGreaterThanOrEqual(0);
  return rows.slice(1).map((r) => r[i]);
};

describe('GET /api/exports/bookings.csv', () => {
  it('is a UTF-8 CSV with a BOM, a header and one line per booking', async () => {
    const res = await download('bookings.csv');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="bookings-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(
      res.body.startsWith(`${BOM}Booking number,Booked at,Status,Customer,Email,Attendees`),
    ).toBe(true);
    expect(res.rows).toHaveLength(3);
    const byNumber = Object.fromEntries(res.rows.slice(1).map((r) => [r[0], r]));
    const ivy = byNumber[doveBooking.slice(-8).toUpperCase()]!;
    const header = res.rows[0]!;
    const cell = (row: string[], name: string) => row[header.indexOf(name)];
    expect(cell(ivy, 'Customer')).toBe('Zoë Dove');
    expect(cell(ivy, 'Attendees')).toBe('Ivy Lovelace');
    expect(cell(ivy, 'Activities')).toBe('Summer Camp: Day ticket');
    expect(cell(ivy, 'Total')).toBe('25');
    expect(cell(ivy, 'Paid')).toBe('25');
    expect(cell(ivy, 'Payment state')).toBe('paid');
    expect(cell(ivy, 'Status')).toBe('confirmed');
  });

  it('neutralises formulas: a cell starting with = or @ is text', async () => {
    const res = await download('bookings.csv');
    const hackerRow = res.rows.find((r) => r[0] === hackerBooking.slice(-8).toUpperCase())!;
    const header = res.rows[0]!;
    expect(hackerRow[header.indexOf('Customer')]).toBe("'@SUM(1+1)");
    expect(hackerRow[header.indexOf('Attendees')]).toBe(
      `'=HYPERLINK("http://evil.test","x") Lovelace`,
    );
  });

  it('honours the list’s filters', async () => {
    const paid = await download(`bookings.csv?${filters({ paymentState: 'unpaid' })}`);
    expect(paid.rows.slice(1).map((r) => r[0])).toEqual([hackerBooking.slice(-8).toUpperCase()]);
    const ivy = await download(`bookings.csv?${filters({ search: 'ivy' })}`);
    expect(ivy.rows.slice(1).map((r) => r[0])).toEqual([doveBooking.slice(-8).toUpperCase()]);
    expect((await download(`bookings.csv?${filters({ status: 'lost' })}`)).status).toBe(400);
  });

  it('is for the organiser’s admins only, and shows only their bookings', async () => {
    expect((await download('bookings.csv', dove.token)).status).toBe(403);
    expect((await download('bookings.csv', null)).status).toBe(401);
    const theirs = await download('bookings.csv', other.token);
    expect(theirs.rows).toHaveLength(1);
  });
});

describe('GET /api/exports/customers.csv', () => {
  it('lists each child under its parent, and parents without children once', async () => {
    const res = await download('customers.csv');
    expect(res.rows[0]).toEqual([
      `${BOM}Customer`,
      'Email',
      'Phone',
      'Child',
      'Child date of birth',
      'Customer since',
    ]);
    const pairs = res.rows
      .slice(1)
      .map((r) => `${r[0]} / ${r[3]}`)
      .sort();
    expect(pairs).toEqual([
      '\'@SUM(1+1) / \'=HYPERLINK("http://evil.test","x") Lovelace',
      'Childless Parent / ',
      'Zoë Dove / Ivy Lovelace',
      'Zoë Dove / Oscar Lovelace',
    ]);
    const searched = await download(`customers.csv?${filters({ search: 'oscar' })}`);
    expect(column(searched.rows, 'Child')).toEqual(['Ivy Lovelace', 'Oscar Lovelace']);
    expect((await download('customers.csv', other.token)).rows.slice(1).map((r) => r[3])).toEqual([
      'Someone Else Lovelace',
    ]);
  });
});

describe('payments, refunds and the accounting export', () => {
  beforeAll(async () => {
    const db = ctx.handle.db;
    const stamp = (at: string) => ({ client_id: org.clientId, created_at: at, updated_at: at });
    // A card payment on 3 March late in the evening UK time (Stripe kept 88p of it), its partial
    // refund the next day, a failed card attempt and a refund as account credit: the last two
    // moved no money.
    const card = newId();
    await db
      .insertInto('payments')
      .values([
        {
          id: card,
          ...stamp('2031-03-03T23:30:00.000Z'),
          booking_id: hackerBooking,
          user_id: hacker.userId,
          provider: 'stripe',
          provider_ref: 'pi_123',
          childcare_voucher_provider_id: null,
          amount: 4550,
          currency: 'GBP',
          status: 'succeeded',
          stripe_fee: 88,
        },
        {
          id: newId(),
          ...stamp('2031-03-03T10:00:00.000Z'),
          booking_id: hackerBooking,
          user_id: hacker.userId,
          provider: 'stripe',
          provider_ref: 'pi_failed',
          childcare_voucher_provider_id: null,
          amount: 4550,
          currency: 'GBP',
          status: 'failed',
        },
      ])
      .execute();
    await db
      .insertInto('refunds')
      .values([
        {
          id: newId(),
          ...stamp('2031-03-04T09:00:00.000Z'),
          payment_id: card,
          booking_id: hackerBooking,
          amount: 1025,
          method: 'stripe',
          provider_ref: 're_1',
          status: 'succeeded',
          idempotency_key: newId(),
        },
        {
          id: newId(),
          ...stamp('2031-03-04T10:00:00.000Z'),
          payment_id: null,
          booking_id: hackerBooking,
          amount: 500,
          method: 'accountCredit',
          provider_ref: null,
          status: 'succeeded',
          idempotency_key: newId(),
        },
      ])
      .execute();
  });

  it('payments.csv has every payment and refund in the range, refunds negative', async () => {
    const res = await download('payments.csv?from=2031-03-01&to=2031-03-31');
    expect(res.rows[0]).toEqual([
      `${BOM}Date`,
      'Type',
      'Status',
      'Amount',
      'Currency',
      'Method',
      'Customer',
      'Email',
      'Booking number',
      'Provider reference',
      'Reason',
      'Stripe fee',
    ]);
    // Payments, then refunds, each in the order they were written (ids made the same second).
    const lines = res.rows.slice(1).map((r) => [r[1], r[2], r[3], r[5]]);
    expect([...lines.slice(0, 2).sort(), ...lines.slice(2).sort()]).toEqual([
      ['Payment', 'failed', '45.5', 'stripe'],
      ['Payment', 'succeeded', '45.5', 'stripe'],
      ['Refund', 'succeeded', '-10.25', 'stripe'],
      ['Refund', 'succeeded', '-5', 'accountCredit'],
    ]);
    expect(column(res.rows, 'Customer')).toContain("'@SUM(1+1)");
    // The fee where Stripe reported one; empty for the failed attempt and the refunds.
    expect(column(res.rows, 'Stripe fee').sort()).toEqual(['', '', '', '0.88']);
    // The mark-paid payment of today is outside March 2031; without a range it is there.
    expect((await download('payments.csv')).rows).toHaveLength(6);
  });

  it('Xero: one line per money movement, dated on the organiser’s day, summing to what was kept', async () => {
    const res = await download('accounting.csv?format=xero&from=2031-03-01&to=2031-03-31');
    expect(res.rows[0]).toEqual([`${BOM}Date`, 'Amount', 'Payee', 'Description', 'Reference']);
    const ref = hackerBooking.slice(-8).toUpperCase();
    expect(res.rows.slice(1)).toEqual([
      ['03/03/2031', '45.5', "'@SUM(1+1)", `Payment for booking ${ref} (card)`, ref],
      ['03/03/2031', '-0.88', 'Stripe', `Stripe fee for booking ${ref}`, ref],
      ['04/03/2031', '-10.25', "'@SUM(1+1)", `Refund for booking ${ref} (card)`, ref],
    ]);
    const sum = column(res.rows, 'Amount').reduce((n, a) => n + Number(a), 0);
    expect(sum).toBeCloseTo(34.37, 5);
  });

  it('QuickBooks: the 3-column Date, Description, Amount', async () => {
    const res = await download('accounting.csv?format=quickbooks&from=2031-03-04&to=2031-03-04');
    expect(res.rows).toEqual([
      [`${BOM}Date`, 'Description', 'Amount'],
      [
        '04/03/2031',
        `Refund for booking ${hackerBooking.slice(-8).toUpperCase()} (card)`,
        '-10.25',
      ],
    ]);
    expect((await download('accounting.csv?format=sage')).status).toBe(400);
    expect((await download('accounting.csv?format=xero', other.token)).rows).toHaveLength(1);
  });
});

describe('GET /api/users/:id/account (the customer page’s money)', () => {
  it('lists the customer’s payments and refunds, newest first, for their organiser only', async () => {
    const res = await ctx.request('GET', `/api/users/${hacker.userId}/account`, {
      token: org.token,
    });
    expect(res.status).toBe(200);
    expect(res.body.data.credit).toBe(0);
    expect(res.body.data.money.map((m: { amount: number }) => m.amount)).toEqual([
      -500, -1025, 4550, 4550,
    ]);
    const theirs = await ctx.request('GET', `/api/users/${hacker.userId}/account`, {
      token: other.token,
    });
    expect(theirs.status).toBe(404);
    const own = await ctx.request('GET', `/api/users/${hacker.userId}/account`, {
      token: hacker.token,
    });
    expect(own.status).toBe(403);
  });
});

describe('GET /api/exports/registers/:session.csv', () => {
  it('lists the session’s children with parent, money and marks; another organiser gets 404', async () => {
    const res = await download(`registers/${camp.sessions[0]}.csv`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toBe(
      'attachment; filename="register-2031-07-01-0900.csv"',
    );
    expect(column(res.rows, 'Child')).toEqual(['Ivy Lovelace']);
    expect(column(res.rows, 'Parent')).toEqual(['Zoë Dove']);
    expect(column(res.rows, 'Paid')).toEqual(['25']);
    expect(column(res.rows, 'Owed')).toEqual(['0']);
    expect((await download(`registers/${camp.sessions[0]}.csv`, other.token)).status).toBe(404);
    expect((await download(`registers/${camp.sessions[0]}.csv`, dove.token)).status).toBe(403);
  });
});

describe('a large export', () => {
  it('streams batch by batch and loses or repeats no row across batch boundaries', async () => {
    const big = await premiumOrganiser(ctx);
    const parents = await manyParents(ctx, big.clientId, 450);
    const response = await ctx.app.request('/api/exports/customers.csv', {
      headers: { authorization: `Bearer ${big.token}` },
    });
    expect(response.status).toBe(200);
    const reader = response.body!.getReader();
    const chunks: Uint8Array[] = [];
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
    }
    // The BOM, then one chunk per batch of 200 customers: sent as written, not built whole.
    expect(chunks.length).toBeGreaterThanOrEqual(4);
    const text = new TextDecoder().decode(Buffer.concat(chunks));
    const rows = parseCsv(text).slice(1);
    const names = rows.map((r) => r[0]);
    expect(names).toHaveLength(450);
    expect(new Set(names).size).toBe(450);
    expect(names.filter((n) => n?.startsWith('Burst Parent'))).toHaveLength(parents.length);
  });
});

describe('GET /api/exports/waitlists.csv', () => {
  it('has its header even when nobody is waiting', async () => {
    const res = await download('waitlists.csv');
    expect(res.status).toBe(200);
    expect(res.rows).toEqual([
      [
        `${BOM}Joined at`,
        'Activity',
        'Session',
        'Attendee',
        'Customer',
        'Email',
        'Status',
        'Offer expires at',
      ],
    ]);
  });
});
