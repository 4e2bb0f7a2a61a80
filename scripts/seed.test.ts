import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RegisterDto } from '../api/services/registers.ts';
import { createTestContext, type TestContext } from '../api/test/harness.ts';
import { seedDemo } from './seed.ts';

/*
 * What a new organiser meets first in the demo: next Saturday's football register (the first
 * session of the football group) has children on it, paid and owing, with safeguarding flags in
 * view, so Today and the register are never an empty page.
 */
let ctx: TestContext;
let token: string;
beforeAll(async () => {
  ctx = await createTestContext();
  await seedDemo(ctx.handle.db, '2030-06-05'); // a Wednesday: next Saturday is 8 June
  const login = await ctx.request('POST', '/api/auth/login', {
    body: { email: 'admin@example.com', password: 'classwise-admin' },
  });
  token = login.body.data.token;
});
afterAll(() => ctx.close());

describe('demo seed', () => {
  it("books children on next Saturday's football register, with safeguarding flags", async () => {
    const day = await ctx.request('GET', '/api/registers?date=2030-06-08', { token });
    expect(day.status).toBe(200);
    const sessions = day.body.data.sessions as { _id: string }[];
    expect(sessions).toHaveLength(1);
    const register = (await ctx.request('GET', `/api/registers/${sessions[0]!._id}`, { token }))
      .body.data as RegisterDto;
    expect(register.session.activityGroup.name).toBe('Junior Football – Spring Term');
    expect(register.session.startTime).toBe('10:00');
    expect(register.rows.map((r) => r.attendee.name).sort()).toEqual([
      'Arjun Shah',
      'Ciara Murphy',
      'Noah Carter',
      'Olly Hughes',
      'Ruby Hughes',
      'Tobi Okafor',
    ]);
    const flagged = Object.fromEntries(
      register.rows.map((r) => [r.attendee.name, r.flags.map((f) => `${f.title}: ${f.value}`)]),
    );
    expect(flagged['Arjun Shah']).toContain('Medical notes: Nut allergy: EpiPen in his bag.');
    expect(flagged['Ruby Hughes']).toContain(
      'Medical notes: Asthma: blue inhaler before exercise.',
    );
    expect(register.rows.filter((r) => r.booking.owed === 0)).toHaveLength(3);
    expect(register.rows.filter((r) => r.booking.owed > 0)).toHaveLength(3);
  });
});
