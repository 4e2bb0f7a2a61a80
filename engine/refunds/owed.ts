import { itemAmountPaid } from '../bookings.ts';
import { mulDiv } from '../money.ts';

/** One booked item some of whose places are being cancelled. */
export interface OwedCancelItem {
  /** The item's price before discounts, and its discount, minor units. */
  gross: number;
  discount: number;
  /** Places the item was booked with, those cancelled earlier, and those cancelled now. */
  places: number;
  cancelledBefore: number;
  cancelling: number;
}

/** The money fields of a booking not yet (fully) paid. */
export interface OwedBooking {
  subtotal: number;
  discountTotal: number;
  total: number;
  amountDueNow: number;
  /** What the booking has received so far (payments and account credit spent on it). */
  received: number;
}

/**
 * What a booking still owes after some of its places are cancelled before it was paid
 * (docs/rules/forms-and-messages.md: a parent never pays for places they no longer have). Each
 * item's price and discount are shared over its places, so cancelling every place of an item takes
 * off exactly its price; the part of the cancelled value the booking already received is the refund
 * quote's to give back (quoteCancellation), and only the unpaid part comes off what is owed.
 *
 * @example owedAfterCancelling({ subtotal: 6000, discountTotal: 0, total: 6000, amountDueNow: 6000, received: 0 }, [{ gross: 3000, discount: 0, places: 1, cancelledBefore: 0, cancelling: 1 }]) // { subtotal: 3000, discountTotal: 0, total: 3000, amountDueNow: 3000 }
 */
export function owedAfterCancelling(
  booking: OwedBooking,
  items: readonly OwedCancelItem[],
): Omit<OwedBooking, 'received'> {
  let grossOff = 0;
  let discountOff = 0;
  for (const item of items) {
    if (item.places <= 0 || item.cancelling <= 0) continue;
    const gone = Math.min(item.places, item.cancelledBefore + item.cancelling);
    const before = Math.min(item.places, item.cancelledBefore);
    const share = (amount: number) =>
      mulDiv(amount, gone, item.places) - mulDiv(amount, before, item.places);
    grossOff += share(item.gross);
    discountOff += share(item.discount);
  }
  const value = grossOff - discountOff;
  const net = booking.subtotal - booking.discountTotal;
  const paid = itemAmountPaid({ itemNet: value, bookingNet: net, bookingPaid: booking.received });
  const unpaid = Math.max(0, value - paid);
  return {
    subtotal: Math.max(0, booking.subtotal - grossOff),
    discountTotal: Math.max(0, booking.discountTotal - discountOff),
    total: Math.max(0, booking.total - unpaid),
    amountDueNow: Math.max(0, booking.amountDueNow - unpaid),
  };
}

/**
 * A payment schedule's instalments not yet taken, after `reduceBy` of unpaid value was cancelled
 * (the part of `owedAfterCancelling`'s reduction the schedule was going to collect). Each
 * instalment keeps its share of what is left, so when one of two children leaves a term, both
 * dates drop by that child's part; rounding pennies go to the latest instalments. Never below 0.
 *
 * @example trimInstalments([6000, 6000], 6000) // [3000, 3000]
 */
export function trimInstalments(amounts: readonly number[], reduceBy: number): number[] {
  const total = amounts.reduce((n, a) => n + a, 0);
  if (reduceBy <= 0 || total <= 0) return [...amounts];
  if (reduceBy >= total) return amounts.map(() => 0);
  const left = total - reduceBy;
  const kept = amounts.map((a) => Math.floor((a * left) / total));
  let pennies = left - kept.reduce((n, a) => n + a, 0);
  for (let i = kept.length - 1; pennies > 0; i = (i - 1 + kept.length) % kept.length) {
    if (kept[i]! < amounts[i]!) {
      kept[i] = kept[i]! + 1;
      pennies -= 1;
    }
  }
  return kept;
}
