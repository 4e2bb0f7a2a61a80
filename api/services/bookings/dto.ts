import {
  bookingStatement,
  type CancellationRecord,
  type PriceResult,
  schedulePlan,
  subscriptionPlan,
  todayIn,
} from '../../../engine/index.ts';
import type { Db } from '../../db/connection.ts';
import { readJson } from '../../db/json.ts';
import { listAttendees } from '../attendees.ts';
import type { BookingDto, BookingItemDto, BookingPlanDto, PlaceStatus } from '../booking-dto.ts';

/**
 * Bookings in the wire shape (docs/api/bookings.md), in the order of `ids`, in a fixed number
 * of queries however many bookings are asked for. Ids of other clients are simply not found.
 * `now` dates the plans' next collections (the request's clock).
 *
 * @example const [booking] = await loadBookingDtos(db, clientId, [bookingId]);
 */
export async function loadBookingDtos(
  db: Db,
  clientId: string,
  ids: readonly string[],
  now: number = Date.now(),
): Promise<BookingDto[]> {
  if (ids.length === 0) return [];
  const list = [...ids];
  const [bookings, items, places, addOns, payments, money] = await Promise.all([
    db
      .selectFrom('bookings as b')
      .innerJoin('users as u', 'u.id', 'b.user_id')
      .leftJoin('users as admin', 'admin.id', 'b.created_by_admin_id')
      .leftJoin('users as booker', 'booker.id', 'b.booked_by_user_id')
      .leftJoin('childcare_voucher_providers as v', 'v.id', 'b.childcare_voucher_provider_id')
      .selectAll('b')
      .select([
        'u.full_name',
        'u.email',
        'admin.full_name as admin_name',
        'booker.full_name as booker_name',
        'v.name as voucher_name',
        'v.payment_instructions as voucher_instructions',
      ])
      .where('b.client_id', '=', clientId)
      .where('b.id', 'in', list)
      .execute(),
    db
      .selectFrom('booking_items as i')
      .innerJoin('activity_groups as g', 'g.id', 'i.activity_group_id')
      .innerJoin('tickets as t', 't.id', 'i.ticket_id')
      .selectAll('i')
      .select(['g.name as group_name', 't.name as ticket_name', 't.type as ticket_type'])
      .where('i.client_id', '=', clientId)
      .where('i.booking_id', 'in', list)
      .orderBy('i.created_at')
      .orderBy('i.id')
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
        's.end_time',
        's.place_limit',
        // Places sold on the session (as the Sales column counts them), so every screen listing
        // it can mark one an admin booked past its limit.
        (eb) =>
          eb
            .selectFrom('booking_places as q')
            .select((q) => q.fn.countAll<number>().as('n'))
            .where('q.client_id', '=', clientId)
            .whereRef('q.activity_id', '=', 's.id')
            .where('q.status', 'in', ['held', 'confirmed'])
            .as('taken'),
      ])
      .where('p.client_id', '=', clientId)
      .where('p.booking_id', 'in', list)
      .orderBy('s.date')
      .orderBy('s.start_time')
      .execute(),
    db
      .selectFrom('booking_add_ons as a')
      .innerJoin('add_ons as o', 'o.id', 'a.add_on_id')
      .select(['a.id', 'a.booking_item_id', 'a.activity_id', 'a.price', 'a.status', 'o.name'])
      .where('a.client_id', '=', clientId)
      .where('a.booking_id', 'in', list)
      .orderBy('a.created_at')
      .orderBy('a.id')
      .execute(),
    db
      .selectFrom('payments')
      .select(['booking_id', 'amount', 'amount_refunded'])
      .where('client_id', '=', clientId)
      .where('booking_id', 'in', list)
      .where('status', '=', 'succeeded')
      .execute(),
    loadMoneyRows(db, clientId, list),
  ]);
  const today = todayIn(now, money.client.time_zone);
  const attendeeIds = [...new Set(items.map((i) => i.attendee_id))];
  const attendees = await listAttendees(db, clientId, { ids: attendeeIds, admin: false });
  const names = new Map(attendees.map((a) => [a._id, a.name]));
  const byId = new Map(bookings.map((b) => [b.id, b]));
  return list.flatMap((id) => {
    const b = byId.get(id);
    if (!b) return [];
    const pricing = readJson<Partial<PriceResult>>(b.pricing, {});
    const received = payments.filter((p) => p.booking_id === id).reduce((n, p) => n + p.amount, 0);
    const dtoItems: BookingItemDto[] = items
      .filter((i) => i.booking_id === id)
      .map((i) => ({
        _id: i.id,
        activityGroup: { _id: i.activity_group_id, name: i.group_name },
        ticket: { _id: i.ticket_id, name: i.ticket_name, type: i.ticket_type },
        attendee: { _id: i.attendee_id, name: names.get(i.attendee_id) ?? '' },
        price: i.price,
        discount: i.discount,
        status: i.status,
        places: places
          .filter((p) => p.booking_item_id === i.id)
          .map((p) => ({
            _id: p.id,
            activity: {
              _id: p.session_id,
              date: p.date,
              startTime: p.start_time,
              endTime: p.end_time,
              placeLimit: p.place_limit,
              taken: Number(p.taken ?? 0),
            },
            status: p.status as PlaceStatus,
          })),
        addOns: addOns
          .filter((a) => a.booking_item_id === i.id)
          .map((a) => ({
            _id: a.id,
            name: a.name,
            price: a.price,
            activity: a.activity_id,
            status: a.status,
          })),
      }));
    const mine = <T extends { booking_id: string | null }>(rows: T[]) =>
      rows.filter((r) => r.booking_id === id);
    const instalments = mine(money.instalments);
    const plans: BookingPlanDto[] = [];
    for (const item of dtoItems.filter((i) => i.ticket.type === 'subscription')) {
      const line = pricing.lines?.find(
        (l) => l.attendeeId === item.attendee._id && l.ticketId === item.ticket._id,
      );
      const ended = mine(money.subscriptions).some(
        (r) =>
          r.attendee_id === item.attendee._id && r.ticket_id === item.ticket._id && r.cancelled_at,
      );
      const monthlyDiscount = pricing.recurring?.find((r) => r.lineKey === line?.key)?.discount;
      plans.push({
        itemId: item._id,
        label: `${item.attendee.name} · ${item.ticket.name}`,
        ...(monthlyDiscount ? { discount: monthlyDiscount } : {}),
        ...subscriptionPlan({
          monthlyAmount: line?.subscription?.monthlyAmount ?? item.price,
          bookedOn: todayIn(Date.parse(b.created_at), money.client.time_zone),
          today,
          cancelled: ended || item.status === 'cancelled' || b.status === 'cancelled',
          dateFormat: money.client.date_format,
        }),
      });
    }
    if (instalments.length > 0)
      plans.push({
        itemId: null,
        label: dtoItems
          .map((i) => i.activityGroup.name)
          .filter(unique)
          .join(', '),
        ...schedulePlan({
          instalments: instalments.map((i) => ({
            date: i.due_date,
            amount: i.amount,
            status: i.status,
          })),
          today,
          dateFormat: money.client.date_format,
        }),
      });
    const statement = bookingStatement({
      status: b.status,
      total: b.total,
      amountDueNow: b.amount_due_now,
      received: received + b.credit_applied,
      paymentMethod: b.payment_method,
      voucherInstructions: b.voucher_instructions,
      refunds: mine(money.refunds).map((r) => ({
        amount: r.amount,
        method: r.method,
        status: r.status,
        at: r.created_at,
        reason: r.reason,
      })),
      scheduled: instalments,
    });
    const cancellations: CancellationRecord[] = mine(money.cancellations).map((c) => ({
      at: c.created_at,
      by: c.by_role,
      places: readJson(c.places, []),
      totalBefore: c.total_before,
      totalAfter: c.total_after,
      owedBefore: c.owed_before,
      owedAfter: c.owed_after,
      refund: readJson(c.refund, null),
    }));
    return [
      {
        _id: b.id,
        status: b.status,
        createdAt: b.created_at,
        confirmedAt: b.confirmed_at,
        holdExpiresAt: b.status === 'held' ? b.hold_expires_at : null,
        paymentDueAt:
          b.status === 'awaiting_payment' || b.status === 'expired' ? b.payment_due_at : null,
        user: { _id: b.user_id, fullName: b.full_name, email: b.email },
        createdByAdmin: b.created_by_admin_id
          ? { _id: b.created_by_admin_id, fullName: b.admin_name ?? '' }
          : null,
        bookedBy: b.booked_by_user_id
          ? { _id: b.booked_by_user_id, fullName: b.booker_name ?? '' }
          : null,
        currency: b.currency,
        subtotal: b.subtotal,
        discountTotal: b.discount_total,
        creditApplied: b.credit_applied,
        total: b.total,
        amountDueNow: b.amount_due_now,
        // Account credit spent on the booking is money already paid.
        amountPaid: received + b.credit_applied,
        discountCode: b.discount_code,
        discounts: (pricing.discounts ?? []).map((d) => ({
          ruleName: d.ruleName,
          reason: d.reason,
          amount: d.amount,
        })),
        paymentMethod: b.payment_method
          ? {
              type: b.payment_method,
              ...(b.childcare_voucher_provider_id
                ? {
                    childcareVoucherProvider: {
                      _id: b.childcare_voucher_provider_id,
                      name: b.voucher_name ?? '',
                      paymentInstructions: b.voucher_instructions ?? '',
                    },
                  }
                : {}),
            }
          : null,
        items: dtoItems,
        statement,
        plans,
        cancellations,
      },
    ];
  });
}

const unique = <T>(value: T, index: number, all: T[]) => all.indexOf(value) === index;

/** The rows behind a booking's money and plans: refunds, instalments, subscriptions, cancellations. */
async function loadMoneyRows(db: Db, clientId: string, list: string[]) {
  const [client, refunds, instalments, subscriptions, cancellations] = await Promise.all([
    db
      .selectFrom('clients')
      .select(['time_zone', 'date_format'])
      .where('id', '=', clientId)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('refunds')
      .select(['booking_id', 'amount', 'method', 'status', 'created_at', 'reason'])
      .where('client_id', '=', clientId)
      .where('booking_id', 'in', list)
      .orderBy('created_at')
      .orderBy('id')
      .execute(),
    db
      .selectFrom('scheduled_payments')
      .select(['booking_id', 'due_date', 'amount', 'status'])
      .where('client_id', '=', clientId)
      .where('booking_id', 'in', list)
      .orderBy('due_date')
      .execute(),
    db
      .selectFrom('subscriptions')
      .select(['booking_id', 'attendee_id', 'ticket_id', 'cancelled_at'])
      .where('client_id', '=', clientId)
      .where('booking_id', 'in', list)
      .execute(),
    db
      .selectFrom('booking_cancellations')
      .selectAll()
      .where('client_id', '=', clientId)
      .where('booking_id', 'in', list)
      .orderBy('created_at')
      .orderBy('id')
      .execute(),
  ]);
  return { client, refunds, instalments, subscriptions, cancellations };
}
