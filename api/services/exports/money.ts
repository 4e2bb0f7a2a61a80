import { addDays, zonedToInstant } from '../../../engine/index.ts';
import type { Db } from '../../db/connection.ts';
import { batches, EXPORT_BATCH } from './csv.ts';

/** A payment received or a refund given, with who it was for and which booking. */
export interface MoneyLine {
  id: string;
  /** A fee line is what Stripe kept of a card payment (the accounting export's own line). */
  kind: 'payment' | 'refund' | 'fee';
  at: string;
  /** Positive for a payment, negative for a refund. */
  amount: number;
  currency: string;
  /** stripe, childcareVoucher, payLater, offline…; for refunds stripe or accountCredit. */
  method: string;
  status: string;
  reference: string | null;
  bookingId: string | null;
  customer: string;
  email: string;
  /** Why an organiser refunded by hand (docs/rules/refunds.md); empty otherwise. */
  reason?: string | null;
  /** A card payment's Stripe fee once Stripe has reported it (docs/rules/exports.md). */
  fee?: number | null;
}

export interface MoneyRange {
  /** Civil dates in the organiser's time zone, inclusive. */
  from?: string;
  to?: string;
}

/** The instants a civil date range covers in a zone, as the ISO strings created_at holds. */
function bounds(range: MoneyRange, timeZone: string) {
  return {
    start: range.from
      ? new Date(zonedToInstant(range.from, '00:00', timeZone)).toISOString()
      : null,
    end: range.to
      ? new Date(zonedToInstant(addDays(range.to, 1), '00:00', timeZone)).toISOString()
      : null,
  };
}

/**
 * Every payment of the client (each status, so a failed card shows as failed) and then every
 * refund, in the range, a batch at a time. Refunds come out negative so a column sums to what
 * was kept.
 *
 * @example for await (const lines of moneyLines(db, clientId, 'Europe/London', { from: '2026-09-01' })) …
 */
export async function* moneyLines(
  db: Db,
  clientId: string,
  timeZone: string,
  range: MoneyRange,
): AsyncGenerator<MoneyLine[]> {
  const { start, end } = bounds(range, timeZone);
  const payments = batches((after) => {
    let q = db
      .selectFrom('payments as p')
      .leftJoin('bookings as bk', (j) =>
        j.onRef('bk.id', '=', 'p.booking_id').on('bk.client_id', '=', clientId),
      )
      .leftJoin('users as pu', (j) =>
        j.onRef('pu.id', '=', 'p.user_id').on('pu.client_id', '=', clientId),
      )
      .leftJoin('users as bu', (j) =>
        j.onRef('bu.id', '=', 'bk.user_id').on('bu.client_id', '=', clientId),
      )
      .select([
        'p.id as id',
        'p.created_at',
        'p.amount',
        'p.currency',
        'p.provider',
        'p.provider_ref',
        'p.status',
        'p.stripe_fee',
        'p.booking_id',
        'pu.full_name as payer_name',
        'pu.email as payer_email',
        'bu.full_name as booker_name',
        'bu.email as booker_email',
      ])
      .where('p.client_id', '=', clientId);
    if (start) q = q.where('p.created_at', '>=', start);
    if (end) q = q.where('p.created_at', '<', end);
    if (after) q = q.where('p.id', '>', after);
    return q.orderBy('p.id').limit(EXPORT_BATCH).execute();
  });
  for await (const rows of payments) {
    yield rows.map((r) => ({
      id: r.id,
      kind: 'payment',
      at: r.created_at,
      amount: r.amount,
      currency: r.currency,
      method: r.provider,
      status: r.status,
      reference: r.provider_ref,
      bookingId: r.booking_id,
      customer: r.payer_name ?? r.booker_name ?? '',
      email: r.payer_email ?? r.booker_email ?? '',
      fee: r.stripe_fee,
    }));
  }
  const refunds = batches((after) => {
    let q = db
      .selectFrom('refunds as r')
      .innerJoin('bookings as bk', (j) =>
        j.onRef('bk.id', '=', 'r.booking_id').on('bk.client_id', '=', clientId),
      )
      .innerJoin('users as u', (j) =>
        j.onRef('u.id', '=', 'bk.user_id').on('u.client_id', '=', clientId),
      )
      .select([
        'r.id as id',
        'r.created_at',
        'r.amount',
        'bk.currency',
        'r.method',
        'r.provider_ref',
        'r.status',
        'r.booking_id',
        'r.reason',
        'u.full_name',
        'u.email',
      ])
      .where('r.client_id', '=', clientId);
    if (start) q = q.where('r.created_at', '>=', start);
    if (end) q = q.where('r.created_at', '<', end);
    if (after) q = q.where('r.id', '>', after);
    return q.orderBy('r.id').limit(EXPORT_BATCH).execute();
  });
  for await (const rows of refunds) {
    yield rows.map((r) => ({
      id: r.id,
      kind: 'refund',
      at: r.created_at,
      amount: -r.amount,
      currency: r.currency,
      method: r.method,
      status: r.status,
      reference: r.provider_ref,
      bookingId: r.booking_id,
      customer: r.full_name,
      email: r.email,
      reason: r.reason,
    }));
  }
}
