import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type StripeTestContext, startStripeTest } from './testing.ts';
import { MALFORMED_EVENT } from './webhook.ts';

let t: StripeTestContext;
beforeAll(async () => {
  t = await startStripeTest();
});
afterAll(() => t.close());

const processed = async () =>
  (await t.ctx.handle.db.selectFrom('provider_events').select('id').execute()).map((r) => r.id);

describe('a signed webhook event that is not well formed', () => {
  it.each([
    ['data: null', { data: null }],
    ['no data', { data: undefined }],
    ['data.object: null', { data: { object: null } }],
    ['data.object a string', { data: { object: 'pi_123' } }],
    ['no type', { type: undefined, data: { object: { id: 'pi_1' } } }],
  ])('is a 400 with nothing recorded: %s', async (_name, shape) => {
    const event = {
      id: `evt_shape_${Math.random().toString(36).slice(2)}`,
      object: 'event',
      type: 'payment_intent.succeeded',
      created: Math.floor(Date.now() / 1000),
      ...shape,
    } as unknown as Stripe.Event;
    const before = await processed();
    const { body, headers } = t.fake.signedDelivery(event);
    const res = await t.raw('/api/stripe/webhook', body, headers);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(MALFORMED_EVENT);
    expect(await processed()).toEqual(before);
  });
});
