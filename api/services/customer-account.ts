import {
  accountCreditBalance,
  UNSUBSCRIBE_CATEGORIES,
  type UnsubscribeCategory,
  unsubscribeCategoryName,
} from '../../engine/index.ts';
import type { Db } from '../db/connection.ts';
import { findClientById } from '../db/repositories/clients.ts';
import { findUserById } from '../db/repositories/users.ts';
import { notFound } from '../http/errors.ts';
import { loadAccountCredit } from './bookings/load.ts';

/** A customer's money as the customer page shows it: credit to spend and what moved. */
export interface CustomerAccountDto {
  currency: string;
  /** Account credit the customer can spend now (expired credit left out). */
  credit: number;
  /** Payments and refunds, newest first; refunds negative. */
  money: {
    _id: string;
    kind: 'payment' | 'refund';
    at: string;
    amount: number;
    method: string;
    status: string;
    bookingId: string | null;
  }[];
  /** What the customer unsubscribed from ('session reminders'), so the organiser knows why. */
  unsubscribed: string[];
}

const RECENT = 50;

/**
 * One customer's credit balance and latest payments and refunds, for an admin of their client.
 *
 * @example const { credit } = await loadCustomerAccount(db, clientId, userId);
 */
export async function loadCustomerAccount(
  db: Db,
  clientId: string,
  userId: string,
  now = Date.now(),
): Promise<CustomerAccountDto> {
  const user = await findUserById(db, clientId, userId);
  if (!user) throw notFound();
  const [client, credit, payments, refunds, unsubscribes] = await Promise.all([
    findClientById(db, clientId),
    loadAccountCredit(db, clientId, userId),
    db
      .selectFrom('payments as p')
      .leftJoin('bookings as b', (j) =>
        j.onRef('b.id', '=', 'p.booking_id').on('b.client_id', '=', clientId),
      )
      .select(['p.id', 'p.created_at', 'p.amount', 'p.provider', 'p.status', 'p.booking_id'])
      .where('p.client_id', '=', clientId)
      .where((eb) => eb.or([eb('p.user_id', '=', userId), eb('b.user_id', '=', userId)]))
      .orderBy('p.created_at', 'desc')
      .limit(RECENT)
      .execute(),
    db
      .selectFrom('refunds as r')
      .innerJoin('bookings as b', (j) =>
        j.onRef('b.id', '=', 'r.booking_id').on('b.client_id', '=', clientId),
      )
      .select(['r.id', 'r.created_at', 'r.amount', 'r.method', 'r.status', 'r.booking_id'])
      .where('r.client_id', '=', clientId)
      .where('b.user_id', '=', userId)
      .orderBy('r.created_at', 'desc')
      .limit(RECENT)
      .execute(),
    db
      .selectFrom('mail_unsubscribes')
      .select('category')
      .where('client_id', '=', clientId)
      .where('user_id', '=', userId)
      .execute(),
  ]);
  const money: CustomerAccountDto['money'] = [
    ...payments.map((p) => ({
      _id: p.id,
      kind: 'payment' as const,
      at: p.created_at,
      amount: p.amount,
      method: p.provider,
      status: p.status,
      bookingId: p.booking_id,
    })),
    ...refunds.map((r) => ({
      _id: r.id,
      kind: 'refund' as const,
      at: r.created_at,
      amount: -r.amount,
      method: r.method,
      status: r.status,
      bookingId: r.booking_id,
    })),
  ];
  money.sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : 0));
  return {
    currency: client?.currency ?? 'GBP',
    credit: accountCreditBalance(credit, now),
    money: money.slice(0, RECENT),
    unsubscribed: UNSUBSCRIBE_CATEGORIES.filter((category) =>
      unsubscribes.some((u) => u.category === category),
    ).map((category: UnsubscribeCategory) => unsubscribeCategoryName[category]),
  };
}
