import { itemNetPrice } from '../../../engine/booking-amounts.ts';
import {
  type CancelItem,
  type CancellationRuleData,
  itemAmountPaid,
  messages,
  owedAfterCancelling,
  quoteCancellation,
  type RefundKind,
  type RefundQuote,
  refundBreakdown,
  trimInstalments,
  zonedToInstant,
} from '../../../engine/index.ts';
import type { Db, Dialect } from '../../db/connection.ts';
import { newId } from '../../db/ids.ts';
import { writeJson } from '../../db/json.ts';
import { HttpError, notFound } from '../../http/errors.ts';
import { enqueueCancellationNotice } from '../../mail/booking-messages.ts';
import { endSubscriptions } from '../../payments/subscriptions.ts';
import { listAttendees } from '../attendees.ts';
import { listCancellationRules } from '../cancellation-rules.ts';
import { cardAvailable, loadClient } from './load.ts';
import { refundToCard } from './refund-to-card.ts';
import { inTransaction } from './transaction.ts';

/*
 * Cancelling booked places (docs/data-model.md, docs/rules/forms-and-messages.md): the engine
 * quotes the refund with each activity group's cancellation rules; cancelling applies that quote in
 * one transaction. A refund is never more than the booking has received and not yet refunded.
 */

export interface Canceller {
  clientId: string;
  userId: string;
  role: 'admin' | 'customer' | 'coach';
}

async function loadCancellable(
  db: Db,
  caller: Canceller,
  bookingId: string,
  placeIds: string[],
  now: number,
) {
  const booking = await db
    .selectFrom('bookings')
    .selectAll()
    .where('client_id', '=', caller.clientId)
    .where('id', '=', bookingId)
    .executeTakeFirst();
  if (!booking || (caller.role !== 'admin' && booking.user_id !== caller.userId)) throw notFound();
  const [items, places, payments, refunds] = await Promise.all([
    db
      .selectFrom('booking_items as i')
      .innerJoin('tickets as t', 't.id', 'i.ticket_id')
      .select([
        'i.id',
        'i.activity_group_id',
        'i.attendee_id',
        'i.ticket_id',
        'i.price',
        'i.discount',
        't.type',
        't.name as ticket_name',
      ])
      .where('i.client_id', '=', caller.clientId)
      .where('i.booking_id', '=', bookingId)
      .execute(),
    db
      .selectFrom('booking_places as p')
      .innerJoin('activities as s', 's.id', 'p.activity_id')
      .select([
        'p.id',
        'p.booking_item_id',
        'p.status',
        's.id as session_id',
        's.date',
        's.start_time',
      ])
      .where('p.client_id', '=', caller.clientId)
      .where('p.booking_id', '=', bookingId)
      .execute(),
    db
      .selectFrom('payments')
      .select(['amount'])
      .where('client_id', '=', caller.clientId)
      .where('booking_id', '=', bookingId)
      .where('status', '=', 'succeeded')
      .execute(),
    db
      .selectFrom('refunds')
      .select(['amount'])
      .where('client_id', '=', caller.clientId)
      .where('booking_id', '=', bookingId)
      .where('status', '!=', 'failed')
      .execute(),
  ]);
  const chosen = new Set(placeIds);
  const picked = places.filter((p) => chosen.has(p.id));
  if (picked.length !== chosen.size || picked.some((p) => p.status !== 'confirmed'))
    throw new HttpError(422, messages.placeNotCancellable, {
      places: messages.placeNotCancellable,
    });
  // A whole-term or subscription ticket is one purchase: cancelling any of its places cancels
  // all of its sessions still to come (the engine refunds their share); sessions already held
  // stay as they were, attended.
  const { time_zone: timeZone } = await loadClient(db, caller.clientId);
  const touchedItems = new Set(picked.map((p) => p.booking_item_id));
  const toCancel = places.filter(
    (p) =>
      p.status === 'confirmed' &&
      touchedItems.has(p.booking_item_id) &&
      (chosen.has(p.id) ||
        (items.find((i) => i.id === p.booking_item_id)?.type !== 'single' &&
          zonedToInstant(p.date, p.start_time, timeZone) > now)),
  );
  const received = payments.reduce((n, p) => n + p.amount, 0) + booking.credit_applied;
  const refunded = refunds.reduce((n, r) => n + r.amount, 0);
  return { booking, items, places, toCancel, received, refunded };
}

type Loaded = Awaited<ReturnType<typeof loadCancellable>>;

/** The engine's quote for the places, one call per activity group (each has its own rules). */
async function quoteFor(
  db: Db,
  caller: Canceller,
  loaded: Loaded,
  now: number,
  stripeConfigured: boolean,
) {
  const client = await loadClient(db, caller.clientId);
  const [rules, card] = await Promise.all([
    listCancellationRules(db, caller.clientId),
    cardAvailable(db, caller.clientId, stripeConfigured),
  ]);
  const { booking, items, places, toCancel } = loaded;
  const bookingNet = booking.subtotal - booking.discount_total;
  const cancelled = new Set(toCancel.map((p) => p.id));
  const byGroup = new Map<string, CancelItem[]>();
  for (const item of items) {
    const mine = places.filter((p) => p.booking_item_id === item.id);
    const cancelling = mine.filter((p) => cancelled.has(p.id));
    if (cancelling.length === 0) continue;
    const list = byGroup.get(item.activity_group_id) ?? [];
    list.push({
      itemId: item.id,
      ticketType: item.type,
      amountPaid: itemAmountPaid({
        itemNet: itemNetPrice(item),
        bookingNet,
        bookingPaid: loaded.received,
      }),
      sessions: mine.map((p) => ({ _id: p.session_id, date: p.date, startTime: p.start_time })),
      cancelSessionIds: cancelling.map((p) => p.session_id),
    });
    byGroup.set(item.activity_group_id, list);
  }
  const quotes = [...byGroup].map(([groupId, cancelItems]) =>
    quoteCancellation({
      items: cancelItems,
      rules: rules.filter((r) =>
        r.activityGroups.includes(groupId),
      ) as unknown as CancellationRuleData[],
      now,
      settings: {
        timeZone: client.time_zone,
        planLevel: client.plan_level,
        cardProviderEnabled: card,
      },
    }),
  );
  return capQuote(mergeQuotes(quotes), loaded.received - loaded.refunded);
}

/** One quote for places across groups: methods every group offers, amounts summed. */
function mergeQuotes(quotes: RefundQuote[]): RefundQuote {
  if (quotes.length === 1) return quotes[0]!;
  const paying = quotes.filter((q) => q.amount > 0);
  const amount = quotes.reduce((n, q) => n + q.amount, 0);
  const methods = (paying[0]?.methods ?? []).filter((m) =>
    paying.every((q) => q.methods.some((x) => x.method === m.method)),
  );
  const kind: RefundKind =
    amount === 0
      ? 'noRefund'
      : quotes.every((q) => q.kind === 'fullRefund' || q.amount === 0)
        ? 'fullRefund'
        : 'partialRefund';
  const canCancelOnline = amount === 0 || methods.length > 0;
  return {
    items: quotes.flatMap((q) => q.items),
    amount,
    kind,
    methods: amount === 0 ? [] : methods,
    unavailable: amount === 0 ? [] : quotes.flatMap((q) => q.unavailable),
    canCancelOnline,
    label: amount === 0 ? messages.noRefund : null,
    buttonText: amount === 0 ? messages.cancelWithoutRefund : null,
    message: canCancelOnline ? null : messages.cannotCancelOnline,
  };
}

/**
 * The unpaid value of cancelled places comes off what the booking still owes (engine rule): an
 * unpaid booking's total and amount due, so 'Mark as paid' records, and the parent is asked for,
 * only the places they still have; and a booking paid by schedule, its instalments not yet
 * taken, so a child who leaves the term stops being charged for it.
 */
async function lowerWhatIsOwed(trx: Db, loaded: Loaded, at: string) {
  const { booking } = loaded;
  const unpaidBooking = booking.status === 'awaiting_payment';
  const instalments = await trx
    .selectFrom('scheduled_payments')
    .select(['id', 'amount'])
    .where('client_id', '=', booking.client_id)
    .where('booking_id', '=', booking.id)
    .where('status', '=', 'scheduled')
    .orderBy('due_date')
    .execute();
  if (!unpaidBooking && instalments.length === 0) return;
  const owed = owedAfterCancelling(
    {
      subtotal: booking.subtotal,
      discountTotal: booking.discount_total,
      total: booking.total,
      amountDueNow: booking.amount_due_now,
      received: loaded.received,
    },
    loaded.items.map((item) => {
      const mine = loaded.places.filter((p) => p.booking_item_id === item.id);
      return {
        gross: item.price,
        discount: item.discount,
        places: mine.length,
        cancelledBefore: mine.filter((p) => p.status === 'cancelled').length,
        cancelling: loaded.toCancel.filter((p) => p.booking_item_id === item.id).length,
      };
    }),
  );
  await trx
    .updateTable('bookings')
    .set({
      subtotal: owed.subtotal,
      discount_total: owed.discountTotal,
      total: owed.total,
      // What was due at checkout is history once paid; only an unpaid booking's changes.
      amount_due_now: unpaidBooking ? owed.amountDueNow : booking.amount_due_now,
      updated_at: at,
    })
    .where('client_id', '=', booking.client_id)
    .where('id', '=', booking.id)
    .execute();
  const kept = trimInstalments(
    instalments.map((i) => i.amount),
    booking.total - owed.total,
  );
  for (const [index, instalment] of instalments.entries()) {
    const amount = kept[index]!;
    if (amount === instalment.amount) continue;
    await trx
      .updateTable('scheduled_payments')
      .set({ amount, status: amount === 0 ? 'cancelled' : 'scheduled', updated_at: at })
      .where('client_id', '=', booking.client_id)
      .where('id', '=', instalment.id)
      .where('status', '=', 'scheduled')
      .execute();
  }
}

/** The booking's total and what it still owes (now if unpaid, plus instalments to come). */
async function moneyOwed(trx: Db, clientId: string, bookingId: string) {
  const booking = await trx
    .selectFrom('bookings')
    .select(['total', 'amount_due_now', 'status'])
    .where('client_id', '=', clientId)
    .where('id', '=', bookingId)
    .executeTakeFirstOrThrow();
  const later = await trx
    .selectFrom('scheduled_payments')
    .select('amount')
    .where('client_id', '=', clientId)
    .where('booking_id', '=', bookingId)
    .where('status', '=', 'scheduled')
    .execute();
  const unpaid = booking.status === 'awaiting_payment' || booking.status === 'held';
  return {
    total: booking.total,
    owed: (unpaid ? booking.amount_due_now : 0) + later.reduce((n, r) => n + r.amount, 0),
  };
}

/**
 * Keeps what this cancellation did with the booking (issue 11): the places given up, the total
 * and what was owed before and after, and the refund's breakdown, so My bookings can say what
 * changed and how the refund was worked out long after the rules have changed.
 */
async function recordCancellation(
  trx: Db,
  caller: Canceller,
  loaded: Loaded,
  change: {
    before: { total: number; owed: number };
    after: { total: number; owed: number };
    quote: RefundQuote;
    method: string | null;
    at: string;
  },
) {
  const items = new Map(loaded.items.map((i) => [i.id, i]));
  const attendeeIds = [...new Set(loaded.items.map((i) => i.attendee_id))];
  const names = new Map(
    (await listAttendees(trx, caller.clientId, { ids: attendeeIds, admin: false })).map((a) => [
      a._id,
      a.name,
    ]),
  );
  const places = [...loaded.toCancel]
    .sort((a, b) => (a.date + a.start_time).localeCompare(b.date + b.start_time))
    .map((p) => {
      const item = items.get(p.booking_item_id);
      return {
        attendee: names.get(item?.attendee_id ?? '') ?? '',
        ticket: item?.ticket_name ?? '',
        date: p.date,
        startTime: p.start_time,
      };
    });
  await trx
    .insertInto('booking_cancellations')
    .values({
      id: newId(),
      client_id: caller.clientId,
      booking_id: loaded.booking.id,
      // Coaches never reach a cancellation (api/middleware/coach-scope.ts); the column knows two roles.
      by_role: caller.role === 'admin' ? 'admin' : 'customer',
      places: writeJson(places),
      total_before: change.before.total,
      total_after: change.after.total,
      owed_before: change.before.owed,
      owed_after: change.after.owed,
      refund:
        change.quote.amount > 0 ? writeJson(refundBreakdown(change.quote, change.method)) : null,
      created_at: change.at,
      updated_at: change.at,
    })
    .execute();
}

/** Never refund more than the booking has received and not yet had back. */
function capQuote(quote: RefundQuote, refundable: number): RefundQuote {
  const left = Math.max(0, refundable);
  if (quote.amount <= left) return quote;
  if (left > 0) return { ...quote, amount: left, kind: 'partialRefund' };
  return {
    ...quote,
    amount: 0,
    kind: 'noRefund',
    methods: [],
    unavailable: [],
    canCancelOnline: true,
    label: messages.noRefund,
    buttonText: messages.cancelWithoutRefund,
    message: null,
  };
}

/**
 * What cancelling these places would refund, and how (docs/rules/forms-and-messages.md).
 *
 * @example const quote = await quoteBookingCancellation(db, caller, bookingId, [placeId], Date.now(), true);
 */
export async function quoteBookingCancellation(
  db: Db,
  caller: Canceller,
  bookingId: string,
  placeIds: string[],
  now: number,
  stripeConfigured: boolean,
): Promise<RefundQuote> {
  const loaded = await loadCancellable(db, caller, bookingId, placeIds, now);
  return quoteFor(db, caller, loaded, now, stripeConfigured);
}

/**
 * Cancels places and refunds per the quote, in one transaction: places (and their add-ons)
 * cancelled, items and the booking cancelled once nothing of them is left, the refund recorded,
 * account credit written with the rule's expiry, or the card refund handed to the payments
 * side. On PostgreSQL the booking row is locked first, so two cancel clicks refund once.
 *
 * @example await cancelBookingPlaces({ db, dialect, stripeConfigured }, caller, bookingId, { places: [placeId], refundMethod: 'accountCredit' }, Date.now());
 */
export async function cancelBookingPlaces(
  handle: { db: Db; dialect: Dialect; stripeConfigured: boolean },
  caller: Canceller,
  bookingId: string,
  input: { places: string[]; refundMethod: 'stripe' | 'accountCredit' | null },
  now: number,
): Promise<void> {
  await inTransaction(handle.db, async (trx) => {
    if (handle.dialect === 'postgres') {
      await trx
        .selectFrom('bookings')
        .select('id')
        .where('client_id', '=', caller.clientId)
        .where('id', '=', bookingId)
        .forUpdate()
        .execute();
    }
    const loaded = await loadCancellable(trx, caller, bookingId, input.places, now);
    const quote = await quoteFor(trx, caller, loaded, now, handle.stripeConfigured);
    if (!quote.canCancelOnline && caller.role !== 'admin')
      throw new HttpError(422, quote.message ?? messages.cannotCancelOnline);
    const method =
      quote.amount > 0 ? quote.methods.find((m) => m.method === input.refundMethod) : undefined;
    if (quote.amount > 0 && !method)
      throw new HttpError(422, messages.chooseRefundMethod, {
        refundMethod: messages.chooseRefundMethod,
      });
    const at = new Date(now).toISOString();
    const { clientId } = caller;
    const ids = loaded.toCancel.map((p) => p.id);
    await trx
      .updateTable('booking_places')
      .set({ status: 'cancelled', updated_at: at })
      .where('client_id', '=', clientId)
      .where('id', 'in', ids)
      .execute();
    for (const item of new Set(loaded.toCancel.map((p) => p.booking_item_id))) {
      const sessions = loaded.toCancel
        .filter((p) => p.booking_item_id === item)
        .map((p) => p.session_id);
      await trx
        .updateTable('booking_add_ons')
        .set({ status: 'cancelled', updated_at: at })
        .where('client_id', '=', clientId)
        .where('booking_item_id', '=', item)
        .where((eb) => eb.or([eb('activity_id', 'in', sessions), eb('activity_id', 'is', null)]))
        .execute();
      const left = loaded.places.filter(
        (p) => p.booking_item_id === item && p.status === 'confirmed' && !ids.includes(p.id),
      );
      if (left.length === 0)
        await trx
          .updateTable('booking_items')
          .set({ status: 'cancelled', updated_at: at })
          .where('client_id', '=', clientId)
          .where('id', '=', item)
          .execute();
    }
    const before = await moneyOwed(trx, clientId, bookingId);
    await lowerWhatIsOwed(trx, loaded, at);
    // A cancelled subscription ticket stops its monthly payments at Stripe too.
    const touched = new Set(loaded.toCancel.map((p) => p.booking_item_id));
    const subscriptions = loaded.items.filter(
      (i) => touched.has(i.id) && i.type === 'subscription',
    );
    if (subscriptions.length > 0)
      await endSubscriptions(trx, {
        clientId,
        bookingId,
        items: subscriptions.map((i) => ({ attendeeId: i.attendee_id, ticketId: i.ticket_id })),
      });
    const anyLeft = loaded.places.some((p) => p.status === 'confirmed' && !ids.includes(p.id));
    if (!anyLeft)
      await trx
        .updateTable('bookings')
        .set({ status: 'cancelled', cancelled_at: at, hold_expires_at: null, updated_at: at })
        .where('client_id', '=', clientId)
        .where('id', '=', bookingId)
        .execute();

    await recordCancellation(trx, caller, loaded, {
      before,
      after: await moneyOwed(trx, clientId, bookingId),
      quote,
      method: method?.method ?? null,
      at,
    });
    await enqueueCancellationNotice(trx, { clientId, bookingId, placeIds: ids, at });

    if (quote.amount <= 0 || !method) return;
    const idempotencyKey = `cancel:${bookingId}:${[...ids].sort().join(',')}`;
    if (method.method === 'stripe') {
      await refundToCard(trx, {
        clientId,
        bookingId,
        amount: quote.amount,
        idempotencyKey,
        now: at,
      });
      return;
    }
    const refundId = newId();
    await trx
      .insertInto('refunds')
      .values({
        id: refundId,
        client_id: clientId,
        payment_id: null,
        booking_id: bookingId,
        amount: quote.amount,
        method: 'accountCredit',
        provider_ref: null,
        status: 'succeeded',
        idempotency_key: idempotencyKey,
        created_at: at,
        updated_at: at,
      })
      .execute();
    await trx
      .insertInto('account_credit_ledger')
      .values({
        id: newId(),
        client_id: clientId,
        user_id: loaded.booking.user_id,
        amount: quote.amount,
        expires_at: method.accountCreditExpiresAt,
        source: 'refund',
        booking_id: bookingId,
        refund_id: refundId,
        created_at: at,
        updated_at: at,
      })
      .execute();
  });
}
