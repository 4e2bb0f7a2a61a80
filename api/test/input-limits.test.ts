import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../engine/index.ts';
import { type Organiser, premiumOrganiser } from '../routes/bookings.fixtures.ts';
import { createTestContext, type TestContext, testDialect } from './harness.ts';

/*
 * The inputs issue 13 measured, each answered with the same status and the field's own message
 * on SQLite and PostgreSQL (the same expectations run on both), with nothing written. The
 * generated sweep (sweep.test.ts) covers the rest; these pin down the exact answers.
 */

let ctx: TestContext;
let org: Organiser;
beforeAll(async () => {
  ctx = await createTestContext();
  org = await premiumOrganiser(ctx);
});
afterAll(() => ctx.close());

/** Sends raw JSON text, so it can hold what JSON.stringify cannot write (1e309). */
async function send(method: string, path: string, json: string, token: string | null = org.token) {
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    'x-client-id': org.clientId,
  };
  if (token) headers.authorization = `Bearer ${token}`;
  const res = await ctx.app.request(path, { method, headers, body: json });
  return { status: res.status, body: await res.json() };
}

const count = async (table: 'users' | 'clients' | 'activity_groups' | 'discount_rules') =>
  Number(
    (
      await ctx.handle.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

const group = (ticket: string, extra = '') =>
  `{"name":"Swim","enabled":false,"activities":[],"addOns":[],"tickets":[{"_id":"temp_t","type":"single","name":"Session","price":${ticket}}]${extra}}`;

describe(`input limits (${testDialect})`, () => {
  it('refuses a NUL byte in unauthenticated sign-up with the field named, writing nothing', async () => {
    const before = [await count('users'), await count('clients')];
    const res = await send(
      'POST',
      '/api/organisers',
      JSON.stringify({
        organisationName: 'Club',
        fullName: 'Olive\u0000Owner',
        email: 'nul@club.test',
        password: 'correct horse',
      }),
      null,
    );
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ fullName: messages.invalidCharacter });
    const register = await send(
      'POST',
      '/api/auth/register',
      JSON.stringify({
        fullName: 'Pat',
        email: 'pat@home.test',
        password: 'pass\u0000word',
        confirmPassword: 'pass\u0000word',
      }),
      null,
    );
    expect(register.status).toBe(400);
    expect(register.body.errors).toEqual({
      password: messages.invalidCharacter,
      confirmPassword: messages.invalidCharacter,
    });
    expect([await count('users'), await count('clients')]).toEqual(before);
  });

  it('refuses text longer than its field: a name over 200, a description over 20,000', async () => {
    const before = await count('activity_groups');
    const longName = await send('POST', '/api/venues', JSON.stringify({ name: 'x'.repeat(201) }));
    expect(longName.status).toBe(400);
    expect(longName.body.errors).toEqual({ name: 'Please use at most 200 characters.' });
    const description = (n: number) =>
      JSON.stringify({
        name: 'Swim',
        enabled: false,
        description: 'd'.repeat(n),
        activities: [],
        tickets: [],
      });
    const tooLong = await send('POST', '/api/activity-groups', description(20_001));
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.errors).toEqual({ description: 'Please use at most 20,000 characters.' });
    expect(await count('activity_groups')).toBe(before);
    expect((await send('POST', '/api/activity-groups', description(20_000))).status).toBe(201);
  });

  it('refuses 1e309 as a price (it parses to Infinity) and money above 100,000', async () => {
    const before = await count('activity_groups');
    const infinite = await send('POST', '/api/activity-groups', group('1e309'));
    expect(infinite.status).toBe(400);
    expect(infinite.body.errors).toEqual({ 'tickets.0.price': messages.invalidNumber });
    const huge = await send('POST', '/api/activity-groups', group('"100000.01"'));
    expect(huge.status).toBe(400);
    expect(huge.body.errors).toEqual({
      'tickets.0.price': 'Amount cannot be greater than 100,000.',
    });
    const digits = await send('POST', '/api/activity-groups', group(`"${'9'.repeat(400)}"`));
    expect(digits.status).toBe(400);
    expect(digits.body.errors['tickets.0.price']).toBe(messages.invalidNumber);
    expect(await count('activity_groups')).toBe(before);
    expect((await send('POST', '/api/activity-groups', group('"100000"'))).status).toBe(201);
  });

  it('refuses a fractional or huge number in an integer column, on both databases alike', async () => {
    const before = [await count('discount_rules'), await count('activity_groups')];
    const code = (percentage: string) =>
      `{"name":"Spring","type":"Code","code":"SPRING","codeUsage":"AllActivities","unit":"Percentage","percentage":${percentage}}`;
    const fraction = await send('POST', '/api/discount-rules', code('1.5'));
    expect(fraction.status).toBe(400);
    expect(fraction.body.errors).toEqual({ percentage: messages.percentageWhole });
    const huge = await send('POST', '/api/discount-rules', code('1e20'));
    expect(huge.status).toBe(400);
    expect(huge.body.errors).toEqual({ percentage: messages.percentageMax });
    const places = await send(
      'POST',
      '/api/activity-groups',
      '{"name":"Swim","enabled":false,"tickets":[],"activities":[{"_id":"temp_a","date":"2031-08-01","startTime":"09:00","endTime":"10:00","placeLimit":1e20}]}',
    );
    expect(places.status).toBe(400);
    expect(places.body.errors).toEqual({
      'activities.0.placeLimit': 'Please enter a number no greater than 1,000,000.',
    });
    expect([await count('discount_rules'), await count('activity_groups')]).toEqual(before);
  });

  it('refuses a date beyond 2199: a daily repeat until 9999-12-31 used to spin the server', async () => {
    const before = await count('activity_groups');
    const session = (date: string, endDate: string) =>
      JSON.stringify({
        name: 'Swim',
        enabled: false,
        tickets: [],
        activities: [
          {
            _id: 'temp_a',
            date,
            startTime: '09:00',
            endTime: '10:00',
            repeat: { frequency: 'Weekly', endType: 'date', endDate },
          },
        ],
      });
    const res = await send('POST', '/api/activity-groups', session('9999-12-31', '9999-12-31'));
    expect(res.status).toBe(400);
    expect(res.body.errors['activities.0.date']).toBe(messages.invalidDate);
    const far = await send('POST', '/api/activity-groups', session('2031-01-06', '2200-01-01'));
    expect(far.status).toBe(400);
    expect(await count('activity_groups')).toBe(before);
  });

  it('refuses a period beyond 100 years: its expiry date could not be written', async () => {
    const rule = await send(
      'POST',
      '/api/cancellation-rules',
      '{"name":"Credit","sessionScope":"allSessions","cancellationWindow":{"amount":"2","unit":"days"},"config":{"percentageToRefund":100,"refundMethods":["accountCredit"],"accountCreditExpiry":{"amount":1000000,"unit":"years"}}}',
    );
    expect(rule.status).toBe(400);
    expect(rule.body.errors).toEqual({
      'config.accountCreditExpiry.amount': messages.periodTooLong,
    });
    const pass = await send(
      'POST',
      '/api/session-passes',
      '{"name":"Forever","purchaseOptions":[{"creditAmount":"10","price":"45","expiresAfter":{"amount":"101","unit":"years"}}]}',
    );
    expect(pass.status).toBe(400);
    expect(pass.body.errors).toEqual({
      'purchaseOptions.0.expiresAfter.amount': messages.periodTooLong,
    });
  });

  it('rounds a cancellation rule’s refund percentage to a whole number', async () => {
    const res = await send(
      'POST',
      '/api/cancellation-rules',
      '{"name":"Half","sessionScope":"allSessions","cancellationWindow":{"amount":"2","unit":"days"},"config":{"percentageToRefund":49.6}}',
    );
    expect(res.status).toBe(201);
    expect(res.body.data.config.percentageToRefund).toBe(50);
  });

  it('answers a NUL or an odd number in the URL with a 400, never a database error', async () => {
    const get = async (path: string) =>
      (await ctx.app.request(path, { headers: { authorization: `Bearer ${org.token}` } })).status;
    expect(await get('/api/venues/%00')).toBe(400);
    expect(await get('/api/users?page=1e309')).toBe(400);
    expect(await get('/api/users?limit=-1')).toBe(400);
    expect(await get('/api/users?page=99999999999999999999')).toBe(400);
    expect(await get('/api/bookings?filters=%7B%22search%22%3A%22%5Cu0000%22%7D')).toBe(400);
    expect(await get('/api/venues/no-such-venue')).toBe(404);
  });
});
