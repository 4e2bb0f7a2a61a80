import { accountCreditBalance } from '../../../engine/index.ts';
import type { Db } from '../../db/connection.ts';
import type { PaymentOptionsDto } from '../booking-dto.ts';
import {
  cardAvailable,
  listEnabledVoucherProviders,
  loadAccountCredit,
  loadClient,
  loadPassCredits,
} from './load.ts';

/**
 * How a parent may pay this organiser: enabled voucher providers with their instructions, pay
 * later when allowed, card when this server has Stripe keys and a connected account can charge,
 * the hold length, and the signed-in customer's account credit and session-pass credits.
 *
 * @example const options = await loadPaymentOptions(db, clientId, caller?.userId ?? null, Date.now(), Boolean(config.stripe));
 */
export async function loadPaymentOptions(
  db: Db,
  clientId: string,
  customerId: string | null,
  now: number,
  stripeConfigured: boolean,
): Promise<PaymentOptionsDto> {
  const client = await loadClient(db, clientId);
  const [providers, card, credit, passes] = await Promise.all([
    listEnabledVoucherProviders(db, clientId),
    cardAvailable(db, clientId, stripeConfigured),
    customerId ? loadAccountCredit(db, clientId, customerId) : [],
    customerId ? loadPassCredits(db, clientId, customerId) : [],
  ]);
  return {
    childcareVoucherProviders: providers.map((p) => ({
      _id: p.id,
      name: p.name,
      paymentInstructions: p.payment_instructions,
    })),
    payLater: client.allow_pay_later === 1,
    card,
    holdMinutes: client.hold_minutes,
    accountCredit: accountCreditBalance(credit, now),
    passCredits: passes
      .filter((p) => !p.expiresAt || Date.parse(p.expiresAt) > now)
      .sort((a, b) => (a.expiresAt ?? '9999').localeCompare(b.expiresAt ?? '9999'))
      .map((p) => ({
        _id: p._id.split('|')[0]!,
        name: p.name,
        credits: p.credits,
        expiresAt: p.expiresAt,
        activityGroupIds: [...p.activityGroupIds],
      })),
  };
}
