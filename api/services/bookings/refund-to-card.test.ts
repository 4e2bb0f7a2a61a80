import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../../engine/index.ts';
import { newId } from '../../db/ids.ts';
import { nowIso } from '../../db/time.ts';
import { heldBookingRows } from '../../payments/testing.ts';
import { createTestContext, signUpOrganiser, type TestContext } from '../../test/harness.ts';
import { refundToCard } from './refund-to-card.ts';

/*
 * The cancel path's card refund reserves its amount on the payment row with a conditional
 * update, so refunds never pass what was paid even when nothing else serialises them (no
 * booking row lock): many at once, each in its own transaction.
 */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

async function paidByCard(amount: number) {
  const org = await signUpOrganiser(ctx);
  const { bookingId } = await heldBookingRows({ ctx, request: ctx.request }, org, amount);
  const now = nowIso();
  await ctx.handle.db
    .insertInto('payments')
    .values({
      id: newId(),
      client_id: org.clientId,
      booking_id: bookingId,
      user_id: null,
      provider: 'stripe',
      provider_ref: `pi_${newId()}`,
      childcare_voucher_provider_id: null,
      amount,
      currency: 'GBP',
      status: 'succeeded',
      created_at: now,
      updated_at: now,
    })
    .execute();
  return { clientId: org.clientId, bookingId };
}

describe('refundToCard (cancellations)', () => {
  it('never reserves more than was paid, whatever 20 refunds at once do', async () => {
    const { clientId, bookingId } = await paidByCard(2500);
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) =>
        ctx.handle.db.transaction().execute((trx) =>
          refundToCard(trx, {
            clientId,
            bookingId,
            amount: 1000,
            idempotencyKey: `cancel:${bookingId}:${i}`,
            now: nowIso(),
          }),
        ),
      ),
    );
    const refused = results.filter((r) => r.status === 'rejected');
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(2);
    for (const r of refused)
      expect((r as PromiseRejectedResult).reason.message).toBe(messages.cardRefundsUnavailableYet);
    const payment = await ctx.handle.db
      .selectFrom('payments')
      .select('amount_refunded')
      .where('booking_id', '=', bookingId)
      .executeTakeFirstOrThrow();
    expect(payment.amount_refunded).toBe(2000);
    const refunds = await ctx.handle.db
      .selectFrom('refunds')
      .select('amount')
      .where('booking_id', '=', bookingId)
      .execute();
    expect(refunds.reduce((n, r) => n + r.amount, 0)).toBe(2000);
  });

  it('refuses a refund larger than what is left on the card payment, writing nothing', async () => {
    const { clientId, bookingId } = await paidByCard(1000);
    await expect(
      ctx.handle.db.transaction().execute((trx) =>
        refundToCard(trx, {
          clientId,
          bookingId,
          amount: 1001,
          idempotencyKey: `cancel:${bookingId}:big`,
          now: nowIso(),
        }),
      ),
    ).rejects.toThrow(messages.cardRefundsUnavailableYet);
    const refunds = await ctx.handle.db
      .selectFrom('refunds')
      .select('id')
      .where('booking_id', '=', bookingId)
      .execute();
    expect(refunds).toEqual([]);
  });
});
