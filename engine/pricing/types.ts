import type { PaymentScheduleData } from '../payment-schedule.ts';
import type { AddOnData } from '../schemas/add-on.ts';
import type { DiscountRuleData } from '../schemas/discount-rule.ts';
import type { TicketData } from '../schemas/ticket.ts';

/** One session of an activity group: a civil date and times in the client's zone. */
export interface SessionRow {
  _id: string;
  date: string;
  startTime: string;
  endTime: string;
  enabled: boolean;
  placeLimit?: number | null;
}

/** An activity group as pricing needs it, straight from database rows. */
export interface ActivityGroupRow {
  _id: string;
  name: string;
  sessions: readonly SessionRow[];
  tickets: readonly (TicketData & { _id: string })[];
  addOns: readonly (AddOnData & { _id: string })[];
  /** A schedule the parent may choose to pay all-sessions tickets by. */
  paymentSchedule?: PaymentScheduleData | null;
}

/** One attendee on one ticket. `sessionIds` are required for single-session tickets. */
export interface BasketLine {
  attendeeId: string;
  activityGroupId: string;
  ticketId: string;
  sessionIds?: readonly string[];
  /** Each add-on is charged per session; sessionIds default to every allowed session of the line. */
  addOns?: readonly { addOnId: string; sessionIds?: readonly string[] }[];
}

export interface PassCreditRow {
  _id: string;
  name: string;
  credits: number;
  /** ISO instant; null never expires. */
  expiresAt: string | null;
  activityGroupIds: readonly string[];
}

/** A child of the same customer already booked on an activity group in an earlier checkout. */
export interface FamilyBooking {
  attendeeId: string;
  activityGroupId: string;
}

export interface AccountCreditEntry {
  amount: number;
  expiresAt: string | null;
}

export interface PriceInput {
  groups: readonly ActivityGroupRow[];
  lines: readonly BasketLine[];
  rules?: readonly (DiscountRuleData & { _id: string })[];
  /** A discount code typed by the parent (matched ignoring case). */
  code?: string | null;
  /** The user's history: confirmed bookings before this one, and redemptions per rule id. */
  history?: { confirmedBookings: number; redemptions: Readonly<Record<string, number>> };
  accountCredit?: readonly AccountCreditEntry[];
  useAccountCredit?: boolean;
  passCredits?: readonly PassCreditRow[];
  usePassCredits?: boolean;
  /** Pay all-sessions tickets by the group's payment schedule when it is usable. */
  payBySchedule?: boolean;
  attendeeNames?: Readonly<Record<string, string>>;
  /**
   * The customer's children already booked in earlier checkouts (confirmed or awaiting payment,
   * not cancelled), one row per child and activity group: a sibling discount counts them
   * (docs/rules/family.md). The API loads them for the basket's customer only.
   */
  familyBookings?: readonly FamilyBooking[];
  now: number;
  /**
   * `dateFormat` is the client's (e.g. 'dd/MM/yyyy'), for the schedule texts' dates; `country`
   * picks how amounts in messages read (a US client's '$25.00', not 'US$25.00').
   */
  settings: {
    timeZone: string;
    currency: string;
    planLevel: number;
    dateFormat?: string;
    country?: string;
  };
}

export interface BreakdownItem {
  kind: 'ticket' | 'addOn' | 'coverFee' | 'subscription' | 'passCredit';
  label: string;
  amount: number;
}

export interface PricedLine {
  key: number;
  attendeeId: string;
  activityGroupId: string;
  ticketId: string;
  ticketType: 'all' | 'single' | 'subscription';
  label: string;
  /** Sessions the attendee gets a place in (including ones paid with pass credits). */
  sessionIds: string[];
  passCreditSessionIds: string[];
  items: BreakdownItem[];
  ticketAmount: number;
  addOnAmount: number;
  /** ticketAmount + addOnAmount. */
  gross: number;
  discount: number;
  net: number;
  proRata: { fullPrice: number; remaining: number; total: number } | null;
  /**
   * `monthlyAmount` is what is collected each month, after `monthlyDiscount` (a sibling
   * discount on a membership, docs/rules/family.md; absent when none).
   */
  subscription: {
    monthlyAmount: number;
    firstPaymentDate: string;
    monthlyDiscount?: number;
  } | null;
}

export interface AppliedDiscount {
  ruleId: string;
  ruleName: string;
  type: DiscountRuleData['type'];
  reason: string;
  amount: number;
  allocations: { lineKey: number; amount: number }[];
}

export interface PriceResult {
  currency: string;
  lines: PricedLine[];
  discounts: AppliedDiscount[];
  subtotal: number;
  discountTotal: number;
  creditApplied: number;
  total: number;
  amountDueNow: number;
  passCreditsUsed: { passCreditId: string; credits: number }[];
  schedule: { date: string; amount: number }[];
  scheduleTexts: string[];
  recurring: {
    lineKey: number;
    amount: number;
    firstPaymentDate: string;
    text: string;
    /** The sibling discount taken off each month's plan price (docs/rules/family.md). */
    discount?: { ruleName: string; reason: string; amount: number };
  }[];
  code: { code: string; applied: boolean; message: string | null } | null;
  problems: { lineKey: number; message: string }[];
}
