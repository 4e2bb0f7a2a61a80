import type {
  CancellationRecord,
  PlanView,
  PriceResult,
  RefundQuote,
  Statement,
} from '../../engine/index.ts';
import type { BookingStatus } from '../db/schema.ts';

/*
 * The booking shapes on the wire (docs/api/bookings.md). They live apart from the service so the
 * widget and the dashboard can import them through api-client/types.ts without pulling any
 * server code into their bundles.
 */

export type { BookingStatus };

export type PlaceStatus = 'held' | 'confirmed' | 'cancelled' | 'expired' | 'absent';

export interface BookingPlaceDto {
  _id: string;
  activity: {
    _id: string;
    date: string;
    startTime: string;
    endTime: string;
    placeLimit: number | null;
    /** Places sold on the session (held or confirmed): above placeLimit means over capacity. */
    taken: number;
  };
  status: PlaceStatus;
}

export interface BookingAddOnDto {
  _id: string;
  name: string;
  price: number;
  /** The session the add-on is for; null for an add-on bought once for the whole item. */
  activity: string | null;
  status: string;
}

export interface BookingItemDto {
  _id: string;
  activityGroup: { _id: string; name: string };
  ticket: { _id: string; name: string; type: string };
  attendee: { _id: string; name: string };
  price: number;
  discount: number;
  status: string;
  places: BookingPlaceDto[];
  addOns: BookingAddOnDto[];
}

export interface BookingPaymentMethodDto {
  type: string;
  childcareVoucherProvider?: { _id: string; name: string; paymentInstructions: string };
}

export interface BookingDto {
  _id: string;
  status: BookingStatus;
  createdAt: string;
  confirmedAt: string | null;
  /** While held: when unpaid places are released. */
  holdExpiresAt: string | null;
  /**
   * Awaiting an offline payment: when its places are released unless the organiser marks it
   * paid. On an expired booking, the deadline it missed (an expired card or checkout hold has
   * none).
   */
  paymentDueAt: string | null;
  user: { _id: string; fullName: string; email: string };
  /** The organiser's staff member who booked on the customer's behalf; null when they booked. */
  createdByAdmin: { _id: string; fullName: string } | null;
  /**
   * The guardian of the household who booked (docs/rules/households.md); null for bookings by an
   * admin or from before households.
   */
  bookedBy: { _id: string; fullName: string } | null;
  currency: string;
  subtotal: number;
  discountTotal: number;
  creditApplied: number;
  total: number;
  amountDueNow: number;
  amountPaid: number;
  discountCode: string | null;
  discounts: { ruleName: string; reason: string; amount: number }[];
  paymentMethod: BookingPaymentMethodDto | null;
  items: BookingItemDto[];
  /** Total, paid, refunded, still owed and how to pay it (engine `bookingStatement`). */
  statement: Statement;
  /** Monthly subscriptions and payment schedules of the booking, with their next collection. */
  plans: BookingPlanDto[];
  /** What each cancellation changed, oldest first. */
  cancellations: CancellationRecord[];
}

/** One recurring plan: a subscription ticket's (per item) or the booking's payment schedule. */
export interface BookingPlanDto extends PlanView {
  /** The subscription's booking item; null for the booking's payment schedule. */
  itemId: string | null;
  label: string;
  /** A sibling discount taken off each month (docs/rules/family.md); absent when none. */
  discount?: { ruleName: string; reason: string; amount: number };
}

/** `POST /api/bookings/quote`: the engine's price, with every problem of the basket. */
export type QuoteDto = PriceResult;

/** `POST /api/bookings/{id}/cancel-quote`: the engine's refund quote for the chosen places. */
export type CancelQuoteDto = RefundQuote;

export interface PaymentOptionsDto {
  childcareVoucherProviders: { _id: string; name: string; paymentInstructions: string }[];
  payLater: boolean;
  card: boolean;
  holdMinutes: number;
  /** The signed-in customer's account credit balance, else 0. */
  accountCredit: number;
  /**
   * The signed-in customer's session-pass credits left, one entry per pass and expiry (`_id` is
   * the pass), soonest expiring first; expired and used-up credits are left out. Else [].
   */
  passCredits: PassCreditBalanceDto[];
}

export interface PassCreditBalanceDto {
  _id: string;
  name: string;
  credits: number;
  /** ISO instant the credits lapse; null never. */
  expiresAt: string | null;
  /** The activity groups the pass can be used for. */
  activityGroupIds: string[];
}

/** The basket body of quote and create (docs/api/bookings.md). */
export interface BasketBody {
  activityGroups: {
    activityGroup: string;
    items: {
      ticket: string;
      activities?: string[];
      addOns?: { addOn: string; activities?: string[] }[];
      attendees: string[];
    }[];
  }[];
  discountCode?: string | null;
  useAccountCredit?: boolean;
  usePassCredits?: boolean;
  payBySchedule?: boolean;
  paymentMethod?: {
    type: 'childcareVoucher' | 'payLater' | 'card';
    childcareVoucherProvider?: string;
  } | null;
}
