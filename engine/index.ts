/**
 * The rule engine: pure functions and schemas shared by the API, the dashboard and the widget.
 * No I/O, no clock (`now` is always an argument), money in integer minor units. Every export
 * below is documented with an `@example` where it is defined; this file only gathers them.
 *
 * @example import { priceBasket, messages } from '../engine/index.ts';
 */

/** Copying a group for a new term. @example copyName('Football') // 'Football (copy)' */
export * from './activity-group-copy.ts';
/** Admin bookings: offline payment only. @example adminPaymentMethodProblem({ type: 'card' }) */
export * from './admin-booking.ts';
/** Places left and admin booking warnings. @example sessionAvailability({ sessionId, placeLimit: 10, places: [], waitlist: [], now }) */
export * from './availability.ts';
/** Booking rules: payment methods, new booking state, capacity. @example newBookingState(0, 'card') */
export * from './bookings.ts';
/** Countries an organiser can be in. @example isCountryCode('CY') // true */
export { COUNTRY_CODES, isCountryCode } from './countries.ts';
/** Civil dates, times and zone maths. @example formatTime('15:30') // '3.30pm' */
export {
  addDays,
  addMonths,
  daysBetween,
  firstOfNextMonth,
  formatTime,
  formatTimeRange,
  isDate,
  isTime,
  isTimeZone,
  shiftInstant,
  todayIn,
  WEEKDAYS,
  type Weekday,
  weekdayOf,
  zonedParts,
  zonedToInstant,
} from './dates.ts';
/** Dates and ages as people read them. @example formatCivilDate('2026-03-07', 'dd/MM/yyyy') */
export * from './display.ts';
/** Waitlists for families. @example waitlistOfferPlan({ entries, placesFree: 2, skip: () => null }).offer */
export * from './family-waitlist.ts';
/** Deletion guards. @example canDeleteTicket({ bookings: 0 }) // { ok: true } */
export * from './guards.ts';
/** Holds and payment deadlines. @example releaseDue(booking, now) // 'hold' */
export * from './holds.ts';
/** Home tab listings. @example groupMatchesTab(group, tab) */
export * from './home-tab-filter.ts';
/** Households: guardians, invitations, link sign-in. @example inviteProblem(input) // null */
export * from './households.ts';
export * from './mail-settings.ts';
/** Absences and make-up credits. @example absenceOutcome({ rule, now, sessionStart, earnedThisTerm: 0 }).ok */
export * from './make-ups.ts';
/** Every user-facing message, once. @example messages.required // 'Required' */
export { messages } from './messages.ts';
/** Money: minor units, one rounding rule (half-up). @example majorToMinor('2.675') // 268 */
export { allocate, formatMoney, majorToMinor, minorToMajor, mulDiv, percentOf } from './money.ts';
/** Payment schedules. @example isScheduleUsable(schedule, '2025-01-10') */
export * from './payment-schedule.ts';
/** Plans and payment settings. @example hasFeature(20, 'waitlists') // true */
export * from './plans.ts';
/** Basket pricing. @example priceBasket(input).amountDueNow */
export { accountCreditBalance, priceBasket } from './pricing/basket.ts';
export { computeDiscounts, ruleInDateRange } from './pricing/discounts.ts';
export { allowedSessions, isUpcoming, proRataPrice } from './pricing/lines.ts';
export type * from './pricing/types.ts';
/** Recurring charges need a card; plans as people read them. @example recurringPaymentProblem(input) */
export * from './recurring-payments.ts';
/** What an unpaid booking still owes after cancelling places. @example owedAfterCancelling(booking, items).amountDueNow */
export * from './refunds/owed.ts';
/** Cancellation quotes. @example quoteCancellation({ items, rules, now, settings }).amount */
export * from './refunds/quote.ts';
/** A booking's money: total, paid, owed, refunds. @example bookingStatement(input).owed */
export * from './refunds/statement.ts';
/** Cancellation rules as parents read them. @example cancellationTermsText(rule, money) */
export * from './refunds/terms.ts';
/** Registers: marks, corrections and the register's counts. @example markState(marks).attendance */
export * from './registers.ts';
/** When scheduled messages go out. @example offerReminderAt(offeredAt, expiresAt) */
export * from './reminders.ts';
/** Schemas (valibot), one per form or payload. @example v.parse(ticketSchema, form) */
export * from './schemas/account.ts';
export * from './schemas/activity-group.ts';
export * from './schemas/activity-group-copy.ts';
export * from './schemas/add-on.ts';
export * from './schemas/attendee.ts';
export * from './schemas/auth.ts';
export * from './schemas/basket.ts';
export * from './schemas/booking-wizard.ts';
export * from './schemas/cancellation-rule.ts';
export * from './schemas/childcare.ts';
export * from './schemas/client-settings.ts';
export {
  boundedText,
  email,
  type FieldIssue,
  fieldErrors,
  finiteNumber,
  formSchema,
  isBlank,
  LIMITS,
  queryLimit,
  queryPage,
  requiredString,
  toNumber,
} from './schemas/common.ts';
export * from './schemas/custom-field.ts';
export * from './schemas/discount-rule.ts';
export * from './schemas/field-option.ts';
export * from './schemas/home-tab.ts';
export * from './schemas/inputs.ts';
export * from './schemas/password-reset.ts';
export * from './schemas/requests.ts';
export * from './schemas/session.ts';
export * from './schemas/session-pass.ts';
export * from './schemas/ticket.ts';
export * from './schemas/uploads.ts';
export * from './schemas/venue.ts';
/** Session repeat expansion. @example generateSessions(sessionFormOutput, 'Europe/London') */
export * from './sessions/repeat.ts';
/** What the overview counts as money taken. @example isMoneyOut({ status: 'succeeded', method: 'stripe' }) // true */
export * from './takings.ts';
export * from './trials.ts';
export * from './unsubscribe.ts';
/** Waitlist join view and status transitions. @example waitlistTransitionError('Waiting', 'Pending') // null */
export * from './waitlist.ts';
