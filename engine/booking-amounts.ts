/**
 * Small money facts about a booking that e-mails, exports and screens each state, kept here so
 * they all say the same amount (minor units throughout).
 */

/** What one booked item costs the parent: its price less its discount, never below zero. */
export function itemNetPrice(item: { price: number; discount: number }): number {
  return Math.max(0, item.price - item.discount);
}

/**
 * What an unpaid booking owed when its places were released for not being paid in time: its
 * statement owes nothing by then, so the notice says what was still to pay at the deadline.
 */
export function owedWhenReleased(booking: { total: number; amountPaid: number }): number {
  return Math.max(0, booking.total - booking.amountPaid);
}
