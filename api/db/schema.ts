/*
 * Row types for every table of the initial migration. Booleans are 0 | 1 and timestamps are
 * ISO-8601 strings on both dialects; JSON columns are strings, parsed by the repositories.
 */
import type { Generated } from 'kysely';

type Flag = 0 | 1;
type Owned = { id: string; client_id: string; created_at: string; updated_at: string };

export interface ClientsTable {
  id: string;
  name: string;
  currency: string;
  country: string;
  date_format: string;
  time_zone: string;
  plan_level: number;
  has_created_activity: Generated<Flag>;
  hold_minutes: Generated<number>;
  unpaid_release_days: Generated<number>;
  allow_pay_later: Generated<Flag>;
  form_template: Generated<string>;
  button_display: Generated<string>;
  /** The name e-mails are sent under; null: `name`. */
  mail_sender_name: string | null;
  /** Where replies to e-mails go; null: no Reply-To header. */
  mail_reply_to: string | null;
  /** The organiser's logo (a public image in `files`), shown in e-mails and hosted pages. */
  logo_file_id: string | null;
  session_reminders: Generated<Flag>;
  session_reminder_hours: Generated<number>;
  /** The organiser's terms and privacy pages (http(s)); null: not set (docs/rules/account.md). */
  terms_url: string | null;
  privacy_url: string | null;
  created_at: string;
  updated_at: string;
}

export interface UsersTable extends Owned {
  /** 'coach': registers of assigned activities only (coach_activity_groups). */
  role: 'admin' | 'customer' | 'coach';
  email: string;
  full_name: string;
  password_hash: string;
  /** When an organiser erased this customer (docs/rules/data-rights.md); null: not erased. */
  erased_at: Generated<string | null>;
}

export interface AuthTokensTable {
  token_hash: string;
  client_id: string;
  user_id: string;
  expires_at: string;
  created_at: string;
}

export interface RateLimitsTable {
  key: string;
  window_start: number;
  count: number;
}

/** The request each booking Idempotency-Key was first sent with (see its migration). */
export interface IdempotencyKeysTable {
  client_id: string;
  user_id: string;
  key: string;
  fingerprint: string;
  created_at: string;
}

export interface FilesTable extends Owned {
  user_id: string | null;
  path: string;
  original_name: string;
  mime_type: string;
  size: number;
  is_authenticated: Generated<Flag>;
  is_temporary: Generated<Flag>;
}

export interface FileContentsTable {
  file_id: string;
  client_id: string;
  bytes: Buffer;
}

export interface VenuesTable extends Owned {
  name: string;
  address1: string | null;
  address2: string | null;
  city: string | null;
  state: string | null;
  postal_code: string | null;
  country: string | null;
  enabled: Generated<Flag>;
}

export interface CustomFieldsTable extends Owned {
  usage: string;
  title: string;
  help_text: string | null;
  type: string;
  internal_key: string | null;
  max_files: number | null;
  upload_type: string | null;
  activity_group_ids: Generated<string>;
  weight: Generated<number>;
  required: Generated<Flag>;
  admin_only: Generated<Flag>;
  enabled: Generated<Flag>;
  textarea_formatting: Generated<Flag>;
  applies_to_all_activity_groups: Generated<Flag>;
  use_for_admin_filtering: Generated<Flag>;
  /** Shown as a flag on registers (allergies, medical notes, who may collect). */
  safeguarding: Generated<Flag>;
}

export interface FieldOptionsTable extends Owned {
  field_id: string;
  name: string;
  weight: Generated<number>;
  enabled: Generated<Flag>;
}

export interface AttendeesTable extends Owned {
  user_id: string;
}

export interface FieldDataTable extends Owned {
  owner_type: 'attendee' | 'user' | 'activityGroup';
  owner_id: string;
  field_id: string;
  data_type: string;
  value: string | null;
  value_ref: string | null;
  value_ref_array: string | null;
  value_ref_venue: string | null;
}

export interface SubscriptionPlansTable extends Owned {
  name: string;
  amount: number;
  provider_product_id: string | null;
  provider_price_id: string | null;
  enabled: Generated<Flag>;
}

export interface ActivityGroupsTable extends Owned {
  name: string;
  description: Generated<string>;
  venue_id: string | null;
  min_age_months: number | null;
  max_age_months: number | null;
  /** UK school years, 0 = Reception … 13 (docs/rules/school-years.md); null: open end. */
  school_year_min: number | null;
  school_year_max: number | null;
  waitlist_type: string | null;
  weight: Generated<number>;
  block_out_of_range: Generated<Flag>;
  enabled: Generated<Flag>;
  /** Out of the widget and the default list; bookings and reports stay. */
  archived: Generated<Flag>;
}

export interface ActivitiesTable extends Owned {
  activity_group_id: string;
  date: string;
  start_time: string;
  end_time: string;
  place_limit: number | null;
  enabled: Generated<Flag>;
}

export interface TicketsTable extends Owned {
  activity_group_id: string;
  type: 'all' | 'single' | 'subscription';
  name: string;
  price: number;
  pro_rata_price: number | null;
  place_limit: number | null;
  sessions_can_be_used_for: Generated<string>;
  subscription_plan_id: string | null;
  cover_fee_per_session: number | null;
  time_display_start: string | null;
  time_display_end: string | null;
  weight: Generated<number>;
  should_pro_rata: Generated<Flag>;
  restrict_sessions: Generated<Flag>;
  allow_mid_month_bookings: Generated<Flag>;
  enabled: Generated<Flag>;
  /** A trial ticket (docs/rules/trials.md). */
  trial: Generated<Flag>;
}

export interface AddOnsTable extends Owned {
  activity_group_id: string;
  name: string;
  price: number;
  sessions_can_be_used_for: Generated<string>;
  weight: Generated<number>;
  restrict_sessions: Generated<Flag>;
  enabled: Generated<Flag>;
}

export interface DiscountRulesTable extends Owned {
  name: string;
  type: 'MultiPurchase' | 'MultiAttendee' | 'Code';
  multi_purchase_type: string | null;
  code: string | null;
  code_normalized: string | null;
  code_usage: string | null;
  unit: string | null;
  fixed_amount: number | null;
  percentage: number | null;
  amount_additional_attendee: number | null;
  percentage_additional_attendee: number | null;
  minimum_total: number | null;
  maximum_discount_amount: number | null;
  sessions_option: string | null;
  start_date: string | null;
  end_date: string | null;
  max_redemptions: number | null;
  max_user_redemptions: number | null;
  times_used: Generated<number>;
  only_allow_for_user_first_booking: Generated<Flag>;
  enabled: Generated<Flag>;
}

export interface DiscountRuleActivityGroupsTable {
  client_id: string;
  discount_rule_id: string;
  activity_group_id: string;
}

export interface DiscountConditionsTable extends Owned {
  discount_rule_id: string;
  kind: 'session' | 'activity';
  minimum: number;
  unit: string;
  fixed_amount: number | null;
  percentage: number | null;
  amount_per_session: number | null;
}

export interface CancellationRulesTable extends Owned {
  name: Generated<string>;
  session_scope: 'singleSession' | 'allSessions';
  window_amount: number;
  window_unit: string;
  percentage_to_refund: number;
  fee: Generated<number>;
  refund_methods: Generated<string>;
  account_credit_expiry_amount: number | null;
  account_credit_expiry_unit: string | null;
  enabled: Generated<Flag>;
}

export interface ActivityGroupCancellationRulesTable {
  client_id: string;
  activity_group_id: string;
  cancellation_rule_id: string;
}

export interface SessionPassesTable extends Owned {
  name: string;
  enabled: Generated<Flag>;
}

export interface SessionPassActivityGroupsTable {
  client_id: string;
  session_pass_id: string;
  activity_group_id: string;
}

export interface SessionPassPurchaseOptionsTable extends Owned {
  session_pass_id: string;
  credit_amount: number;
  price: number;
  expires_after_amount: number | null;
  expires_after_unit: Generated<string>;
  enabled: Generated<Flag>;
}

export interface HomeTabsTable extends Owned {
  name: string;
  path: string;
  type: 'venue' | 'fieldOption';
  field_id: string | null;
  value: Generated<string>;
  weight: Generated<number>;
  enabled: Generated<Flag>;
}

export interface ChildcareVoucherProvidersTable extends Owned {
  name: string;
  payment_instructions: Generated<string>;
  enabled: Generated<Flag>;
}

export interface ChildcareFundingAccountsTable extends Owned {
  name: string;
  reg_reference: string;
  postcode: string;
}

export interface PaymentSchedulesTable extends Owned {
  activity_group_id: string | null;
  ticket_id: string | null;
  type: 'regular' | 'fixed';
  frequency: Generated<string>;
  amount: number | null;
  first_payment_date: string | null;
  final_payment_date: string | null;
  schedule: Generated<string>;
  disable_after_first_payment_date: Generated<Flag>;
  enabled: Generated<Flag>;
}

export type BookingStatus = 'held' | 'awaiting_payment' | 'confirmed' | 'cancelled' | 'expired';

export interface BookingsTable extends Owned {
  user_id: string;
  status: BookingStatus;
  payment_method: string | null;
  childcare_voucher_provider_id: string | null;
  currency: string;
  subtotal: number;
  discount_total: Generated<number>;
  credit_applied: Generated<number>;
  pass_credits_used: Generated<number>;
  total: number;
  amount_due_now: number;
  discount_code: string | null;
  pricing: Generated<string>;
  hold_expires_at: string | null;
  /** Awaiting payment: when the places go back on sale unless paid (kept once released). */
  payment_due_at: Generated<string | null>;
  idempotency_key: string | null;
  created_by_admin_id: string | null;
  /** The guardian who booked (docs/rules/households.md); null: the account holder or an admin. */
  booked_by_user_id: Generated<string | null>;
  confirmed_at: string | null;
  cancelled_at: string | null;
}

export interface BookingItemsTable extends Owned {
  booking_id: string;
  activity_group_id: string;
  ticket_id: string;
  attendee_id: string;
  price: number;
  discount: Generated<number>;
  status: string;
}

export interface BookingPlacesTable extends Owned {
  booking_id: string;
  booking_item_id: string;
  activity_id: string;
  ticket_id: string;
  attendee_id: string;
  /** 'absent': the parent reported an absence (docs/rules/make-ups.md); it takes no place. */
  status: 'held' | 'confirmed' | 'cancelled' | 'expired' | 'absent';
  hold_expires_at: string | null;
}

/**
 * Confirmed places per session and ticket, kept by triggers on booking_places (migration
 * 2026_12_07_0600): what capacity reads instead of counting every place ever booked.
 */
export interface SessionPlaceCountsTable {
  activity_id: string;
  ticket_id: string;
  client_id: string;
  confirmed: number;
}

export interface BookingAddOnsTable extends Owned {
  booking_id: string;
  booking_item_id: string;
  add_on_id: string;
  activity_id: string | null;
  price: number;
  status: string;
}

export interface DiscountRedemptionsTable extends Owned {
  discount_rule_id: string;
  user_id: string;
  booking_id: string;
  amount: number;
}

export interface PaymentsTable extends Owned {
  booking_id: string | null;
  user_id: string | null;
  provider: string;
  provider_ref: string | null;
  childcare_voucher_provider_id: string | null;
  amount: number;
  amount_refunded: Generated<number>;
  currency: string;
  status: 'pending' | 'succeeded' | 'failed' | 'cancelled';
  /** What Stripe kept of a card payment, from its balance transaction; null until known. */
  stripe_fee: number | null;
}

export interface RefundsTable extends Owned {
  payment_id: string | null;
  booking_id: string;
  amount: number;
  method: string;
  provider_ref: string | null;
  status: string;
  idempotency_key: string;
  /** A manual refund's reason and the admin who gave it (docs/rules/refunds.md); else null. */
  reason: string | null;
  created_by_admin_id: string | null;
}

export interface AccountCreditLedgerTable extends Owned {
  user_id: string;
  amount: number;
  expires_at: string | null;
  source: string;
  booking_id: string | null;
  refund_id: string | null;
}

export interface PassCreditLedgerTable extends Owned {
  user_id: string;
  session_pass_id: string;
  credits: number;
  expires_at: string | null;
  booking_id: string | null;
  payment_id: string | null;
}

export interface WaitlistEntriesTable extends Owned {
  user_id: string;
  attendee_id: string;
  activity_group_id: string;
  activity_id: string | null;
  type: 'AllSessions' | 'SingleSession';
  status: string;
  offer_expires_at: string | null;
  /** Brothers and sisters who joined together share it (docs/rules/family.md); else null. */
  family_id: Generated<string | null>;
}

export interface SubscriptionsTable extends Owned {
  user_id: string;
  attendee_id: string;
  ticket_id: string;
  subscription_plan_id: string;
  booking_id: string | null;
  status: string;
  provider_subscription_id: string | null;
  cancelled_at: string | null;
  /** `created` of the newest Stripe event applied (Unix seconds); older ones are skipped. */
  stripe_event_at: Generated<number | null>;
}

/** A later instalment of a booking paid by payment schedule, charged to the saved card. */
export interface ScheduledPaymentsTable extends Owned {
  booking_id: string;
  due_date: string;
  amount: number;
  status: 'scheduled' | 'processing' | 'paid' | 'failed' | 'cancelled';
  provider_ref: string | null;
  last_error: string | null;
  /** Our payment row for this instalment's charge, written before Stripe is called. */
  payment_id: Generated<string | null>;
}

/** What one cancellation did: places given up, totals before and after, the refund's breakdown. */
export interface BookingCancellationsTable extends Owned {
  booking_id: string;
  by_role: 'customer' | 'admin';
  /** JSON: { attendee, ticket, date, startTime }[] */
  places: string;
  total_before: number;
  total_after: number;
  owed_before: number;
  owed_after: number;
  /** JSON RefundBreakdown, or null when nothing was refunded. */
  refund: string | null;
}

/** A customer's Stripe Customer on an organiser's connected account (saved card, subscriptions). */
export interface StripeCustomersTable extends Owned {
  user_id: string;
  account_id: string;
  customer_id: string;
}

export interface ConnectedAccountsTable extends Owned {
  provider: string;
  account_id: string;
  payment_method_config_id: string | null;
  connected: Generated<Flag>;
  details_submitted: Generated<Flag>;
  charges_enabled: Generated<Flag>;
  payouts_enabled: Generated<Flag>;
  /** `created` of the newest account.updated applied (Unix seconds); older ones are skipped. */
  stripe_event_at: Generated<number | null>;
}

export interface ProviderEventsTable {
  id: string;
  type: string;
  processed_at: string;
}

export interface JobsTable {
  id: string;
  name: string;
  payload: Generated<string>;
  run_at: string;
  status: 'queued' | 'running' | 'done' | 'failed';
  attempts: Generated<number>;
  locked_until: string | null;
  last_error: string | null;
  dedupe_key: string | null;
  created_at: string;
}

/** The e-mail outbox (api/mail): one row per message, written with the change that caused it. */
export interface MessagesTable {
  id: string;
  client_id: string;
  kind: string;
  /** What caused it, e.g. `booking-confirmation:<bookingId>`: unique per recipient. */
  event_key: string;
  recipient_email: string;
  recipient_name: string;
  user_id: string | null;
  booking_id: string | null;
  payload: string;
  /** skipped: no longer needed when its time came (e.g. an offer already taken); see last_error. */
  status: 'queued' | 'sending' | 'sent' | 'failed' | 'skipped';
  attempts: Generated<number>;
  last_error: string | null;
  next_attempt_at: string | null;
  subject: string | null;
  html: string | null;
  text_body: string | null;
  sending_since: string | null;
  sent_at: string | null;
  created_at: string;
  updated_at: string;
}

/** E-mailed password reset links: only the token's hash is kept. */
export interface PasswordResetsTable {
  token_hash: string;
  client_id: string;
  user_id: string;
  expires_at: string;
  used_at: string | null;
  created_at: string;
}

/** A guardian of another parent's household (docs/rules/households.md); one household each. */
export interface HouseholdGuardiansTable {
  user_id: string;
  client_id: string;
  /** The main account: the parent whose children and bookings the household shares. */
  household_id: string;
  invited_by: string | null;
  created_at: string;
}

/** An e-mailed invitation to join a household; only the token's hash is kept. */
export interface HouseholdInvitesTable {
  id: string;
  client_id: string;
  household_id: string;
  email: string;
  invited_by: string;
  token_hash: string | null;
  expires_at: string;
  accepted_at: string | null;
  cancelled_at: string | null;
  created_at: string;
}

/** An e-mailed one-time sign-in link (docs/rules/households.md). */
export interface LoginLinksTable {
  token_hash: string;
  client_id: string;
  user_id: string;
  expires_at: string;
  used_at: string | null;
  created_at: string;
}

/** One tap on a register; never updated (api/db/migrations/2026_11_25_1700_registers.ts). */
export interface RegisterMarksTable extends Owned {
  activity_id: string;
  attendee_id: string;
  kind: 'present' | 'late' | 'absent' | 'checkedOut' | 'cleared';
  marked_at: string;
  collected_by: string | null;
  marked_by_user_id: string;
}

export interface CoachActivityGroupsTable {
  client_id: string;
  user_id: string;
  activity_group_id: string;
  created_at: string;
}

/** One e-mailed unsubscribe link: only the SHA-256 of its random token is kept. */
export interface MailUnsubscribeLinksTable {
  token_hash: string;
  client_id: string;
  user_id: string;
  category: string;
  created_at: string;
}

/** A recipient who unsubscribed from a category of an organiser's messages. */
export interface MailUnsubscribesTable {
  client_id: string;
  user_id: string;
  category: string;
  created_at: string;
}

/** An admin's own choice of organiser e-mails (0/1 each); no row: none. */
export interface MailAdminNotificationsTable {
  client_id: string;
  user_id: string;
  new_booking: number;
  cancellation: number;
  payment_failed: number;
  daily_digest: number;
  updated_at: string;
}

/** An address a mail server refused for good, until the organiser clears it. */
export interface MailBouncesTable {
  client_id: string;
  email: string;
  reason: string;
  bounced_at: string;
}

/** A confirmation's 'Add to calendar' link: the SHA-256 of its token and the booking it opens. */
export interface CalendarLinksTable {
  token_hash: string;
  client_id: string;
  booking_id: string;
  created_at: string;
}

/** One action on a booking, refund, customer or setting (docs/rules/data-rights.md). */
export interface AuditEventsTable {
  id: string;
  client_id: string;
  actor_user_id: string | null;
  /** The actor's name when they acted. */
  actor_name: string;
  action: string;
  subject_type: string;
  subject_id: string;
  summary: string;
  /** JSON: a few facts (amounts, numbers, changed setting names), no personal data. */
  detail: Generated<string>;
  created_at: string;
}

/** The organiser's make-up rule (docs/rules/make-ups.md); no row: make-ups are off. */
export interface MakeUpRulesTable {
  client_id: string;
  enabled: Flag;
  notice_hours: number;
  per_term: number;
  expiry_days: number;
  spend_on: 'same' | 'any' | 'listed';
  /** JSON string[]: the activities a credit may be spent on when spend_on is 'listed'. */
  activity_group_ids: string;
  created_at: string;
  updated_at: string;
}

/** A reported absence of one child from one session, and the make-up credit it earned. */
export interface AbsencesTable extends Owned {
  user_id: string;
  attendee_id: string;
  booking_id: string;
  booking_place_id: string;
  activity_id: string;
  activity_group_id: string;
  credit: Flag;
  credit_expires_at: string | null;
  credit_used_at: string | null;
  make_up_booking_id: string | null;
  make_up_place_id: string | null;
}

/** A term rollover: re-enrolment from one activity onto its copy (docs/rules/re-enrolment.md). */
export interface ReEnrolmentsTable extends Owned {
  source_group_id: string;
  target_group_id: string;
  window_days: number;
  window_ends_at: string;
  /** When the window-end job lapsed the untaken offers; null while open. */
  closed_at: string | null;
}

/** One child's offer of the same place on the copy. */
export interface ReEnrolmentOffersTable extends Owned {
  re_enrolment_id: string;
  target_group_id: string;
  user_id: string;
  attendee_id: string;
  ticket_id: string;
  status: 'offered' | 'accepted' | 'declined' | 'lapsed';
  window_ends_at: string;
  /** The e-mailed link's token, hashed; null until the e-mail is composed. */
  token_hash: string | null;
  booking_id: string | null;
  answered_at: string | null;
}

export interface Database {
  clients: ClientsTable;
  users: UsersTable;
  auth_tokens: AuthTokensTable;
  rate_limits: RateLimitsTable;
  idempotency_keys: IdempotencyKeysTable;
  files: FilesTable;
  file_contents: FileContentsTable;
  venues: VenuesTable;
  custom_fields: CustomFieldsTable;
  field_options: FieldOptionsTable;
  attendees: AttendeesTable;
  field_data: FieldDataTable;
  subscription_plans: SubscriptionPlansTable;
  activity_groups: ActivityGroupsTable;
  activities: ActivitiesTable;
  tickets: TicketsTable;
  add_ons: AddOnsTable;
  discount_rules: DiscountRulesTable;
  discount_rule_activity_groups: DiscountRuleActivityGroupsTable;
  discount_conditions: DiscountConditionsTable;
  cancellation_rules: CancellationRulesTable;
  activity_group_cancellation_rules: ActivityGroupCancellationRulesTable;
  session_passes: SessionPassesTable;
  session_pass_activity_groups: SessionPassActivityGroupsTable;
  session_pass_purchase_options: SessionPassPurchaseOptionsTable;
  home_tabs: HomeTabsTable;
  childcare_voucher_providers: ChildcareVoucherProvidersTable;
  childcare_funding_accounts: ChildcareFundingAccountsTable;
  payment_schedules: PaymentSchedulesTable;
  bookings: BookingsTable;
  booking_items: BookingItemsTable;
  booking_places: BookingPlacesTable;
  session_place_counts: SessionPlaceCountsTable;
  booking_add_ons: BookingAddOnsTable;
  discount_redemptions: DiscountRedemptionsTable;
  payments: PaymentsTable;
  refunds: RefundsTable;
  account_credit_ledger: AccountCreditLedgerTable;
  pass_credit_ledger: PassCreditLedgerTable;
  waitlist_entries: WaitlistEntriesTable;
  subscriptions: SubscriptionsTable;
  connected_accounts: ConnectedAccountsTable;
  stripe_customers: StripeCustomersTable;
  scheduled_payments: ScheduledPaymentsTable;
  booking_cancellations: BookingCancellationsTable;
  provider_events: ProviderEventsTable;
  jobs: JobsTable;
  messages: MessagesTable;
  password_resets: PasswordResetsTable;
  register_marks: RegisterMarksTable;
  coach_activity_groups: CoachActivityGroupsTable;
  mail_unsubscribe_links: MailUnsubscribeLinksTable;
  mail_unsubscribes: MailUnsubscribesTable;
  mail_admin_notifications: MailAdminNotificationsTable;
  mail_bounces: MailBouncesTable;
  calendar_links: CalendarLinksTable;
  audit_events: AuditEventsTable;
  household_guardians: HouseholdGuardiansTable;
  household_invites: HouseholdInvitesTable;
  login_links: LoginLinksTable;
  trial_follow_ups: TrialFollowUpsTable;
  make_up_rules: MakeUpRulesTable;
  absences: AbsencesTable;
  re_enrolments: ReEnrolmentsTable;
  re_enrolment_offers: ReEnrolmentOffersTable;
}

/** The offer e-mailed after a trial session, one per trial place (docs/rules/trials.md). */
export interface TrialFollowUpsTable extends Owned {
  booking_place_id: string;
  booking_id: string;
  user_id: string;
  attendee_id: string;
  activity_group_id: string;
  activity_id: string;
}
