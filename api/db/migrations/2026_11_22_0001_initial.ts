import type { CreateTableBuilder, Kysely } from 'kysely';

/*
 * The whole data model of docs/data-model.md, frozen in time: this file never imports app code.
 *
 * Portable between SQLite and PostgreSQL on purpose:
 * - ids are text (`_id` on the wire), timestamps are ISO-8601 text in UTC,
 * - booleans are integers 0/1, money is an integer in minor units,
 * - nested lists that are only ever read with their owner are JSON text.
 * Every tenant-owned row carries client_id, and every lookup index starts with it.
 */

type Table = CreateTableBuilder<string, never>;

const owned = (t: Table): Table =>
  t
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('client_id', 'text', (c) => c.notNull().references('clients.id'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull());

const flag = (t: Table, name: string, value: 0 | 1): Table =>
  t.addColumn(name, 'integer', (c) => c.notNull().defaultTo(value));

export async function up(db: Kysely<any>): Promise<void> {
  const create = (name: string, build: (t: Table) => Table) =>
    build(owned(db.schema.createTable(name) as Table)).execute();
  const index = (name: string, table: string, columns: string[], unique = false) => {
    const builder = db.schema.createIndex(name).on(table).columns(columns);
    return (unique ? builder.unique() : builder).execute();
  };

  await db.schema
    .createTable('clients')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('country', 'text', (c) => c.notNull().defaultTo('GB'))
    .addColumn('date_format', 'text', (c) => c.notNull())
    .addColumn('time_zone', 'text', (c) => c.notNull())
    .addColumn('plan_level', 'integer', (c) => c.notNull())
    .addColumn('has_created_activity', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('hold_minutes', 'integer', (c) => c.notNull().defaultTo(15))
    .addColumn('allow_pay_later', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('form_template', 'text', (c) => c.notNull().defaultTo('Default'))
    .addColumn('button_display', 'text', (c) => c.notNull().defaultTo('align right'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await create('users', (t) =>
    t
      .addColumn('role', 'text', (c) => c.notNull()) // 'admin' | 'customer'
      .addColumn('email', 'text', (c) => c.notNull()) // stored lower-cased
      .addColumn('full_name', 'text', (c) => c.notNull())
      .addColumn('password_hash', 'text', (c) => c.notNull()),
  );
  await index('users_client_email', 'users', ['client_id', 'email'], true);

  // Only a hash of each bearer token is stored, so a leaked database cannot sign anyone in.
  await db.schema
    .createTable('auth_tokens')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('client_id', 'text', (c) => c.notNull().references('clients.id'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  // Fixed-window counters live in the database so several API processes share one limit.
  await db.schema
    .createTable('rate_limits')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('window_start', 'bigint', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull())
    .execute();

  await create('files', (t) =>
    flag(
      flag(
        t
          .addColumn('user_id', 'text')
          .addColumn('path', 'text', (c) => c.notNull())
          .addColumn('original_name', 'text', (c) => c.notNull())
          .addColumn('mime_type', 'text', (c) => c.notNull())
          .addColumn('size', 'integer', (c) => c.notNull()),
        'is_authenticated',
        0,
      ),
      'is_temporary',
      1,
    ),
  );

  await create('venues', (t) =>
    flag(
      t
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('address1', 'text')
        .addColumn('address2', 'text')
        .addColumn('city', 'text')
        .addColumn('state', 'text')
        .addColumn('postal_code', 'text')
        .addColumn('country', 'text'),
      'enabled',
      1,
    ),
  );
  await index('venues_client', 'venues', ['client_id']);

  await create('custom_fields', (t) => {
    let b = t
      .addColumn('usage', 'text', (c) => c.notNull()) // 'activity' | 'attendee' | 'user'
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('help_text', 'text')
      .addColumn('type', 'text', (c) => c.notNull())
      .addColumn('internal_key', 'text')
      .addColumn('max_files', 'integer')
      .addColumn('upload_type', 'text')
      .addColumn('activity_group_ids', 'text', (c) => c.notNull().defaultTo('[]'))
      .addColumn('weight', 'integer', (c) => c.notNull().defaultTo(0));
    for (const [name, value] of [
      ['required', 0],
      ['admin_only', 0],
      ['enabled', 1],
      ['textarea_formatting', 0],
      ['applies_to_all_activity_groups', 1],
      ['use_for_admin_filtering', 0],
    ] as const) {
      b = flag(b, name, value);
    }
    return b;
  });
  await index('custom_fields_client_usage', 'custom_fields', ['client_id', 'usage']);

  await create('field_options', (t) =>
    flag(
      t
        .addColumn('field_id', 'text', (c) => c.notNull().references('custom_fields.id'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('weight', 'integer', (c) => c.notNull().defaultTo(0)),
      'enabled',
      1,
    ),
  );
  await index('field_options_field', 'field_options', ['client_id', 'field_id']);

  await create('attendees', (t) =>
    t.addColumn('user_id', 'text', (c) => c.notNull().references('users.id')),
  );
  await index('attendees_user', 'attendees', ['client_id', 'user_id']);

  // One row per answered field, whoever owns it (attendee, user, activity group), so the
  // "field option already has data" guard and admin filtering are plain indexed queries.
  await create('field_data', (t) =>
    t
      .addColumn('owner_type', 'text', (c) => c.notNull()) // 'attendee' | 'user' | 'activityGroup'
      .addColumn('owner_id', 'text', (c) => c.notNull())
      .addColumn('field_id', 'text', (c) => c.notNull().references('custom_fields.id'))
      .addColumn('data_type', 'text', (c) => c.notNull())
      .addColumn('value', 'text') // JSON of the plain value
      .addColumn('value_ref', 'text')
      .addColumn('value_ref_array', 'text') // JSON list of option ids
      .addColumn('value_ref_venue', 'text'),
  );
  await index('field_data_owner', 'field_data', ['client_id', 'owner_type', 'owner_id']);
  await index('field_data_field', 'field_data', ['client_id', 'field_id']);

  await create('subscription_plans', (t) =>
    flag(
      t
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('amount', 'integer', (c) => c.notNull())
        .addColumn('provider_product_id', 'text')
        .addColumn('provider_price_id', 'text'),
      'enabled',
      1,
    ),
  );

  await create('activity_groups', (t) =>
    flag(
      flag(
        t
          .addColumn('name', 'text', (c) => c.notNull())
          .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
          .addColumn('venue_id', 'text', (c) => c.references('venues.id'))
          .addColumn('min_age_months', 'integer')
          .addColumn('max_age_months', 'integer')
          .addColumn('waitlist_type', 'text') // null: no waitlist; 'AllSessions' | 'SingleSession'
          .addColumn('weight', 'integer', (c) => c.notNull().defaultTo(0)),
        'block_out_of_range',
        0,
      ),
      'enabled',
      1,
    ),
  );
  await index('activity_groups_client', 'activity_groups', ['client_id']);

  // An activity is one session of a group (spec: "activities (sessions)").
  await create('activities', (t) =>
    flag(
      t
        .addColumn('activity_group_id', 'text', (c) => c.notNull().references('activity_groups.id'))
        .addColumn('date', 'text', (c) => c.notNull()) // yyyy-MM-dd in the client's time zone
        .addColumn('start_time', 'text', (c) => c.notNull()) // HH:mm
        .addColumn('end_time', 'text', (c) => c.notNull())
        .addColumn('place_limit', 'integer'),
      'enabled',
      1,
    ),
  );
  await index('activities_group', 'activities', ['client_id', 'activity_group_id', 'date']);

  await create('tickets', (t) => {
    let b = t
      .addColumn('activity_group_id', 'text', (c) => c.notNull().references('activity_groups.id'))
      .addColumn('type', 'text', (c) => c.notNull()) // 'all' | 'single' | 'subscription'
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('price', 'integer', (c) => c.notNull())
      .addColumn('pro_rata_price', 'integer')
      .addColumn('place_limit', 'integer')
      .addColumn('sessions_can_be_used_for', 'text', (c) => c.notNull().defaultTo('[]'))
      .addColumn('subscription_plan_id', 'text', (c) => c.references('subscription_plans.id'))
      .addColumn('cover_fee_per_session', 'integer')
      .addColumn('time_display_start', 'text')
      .addColumn('time_display_end', 'text')
      .addColumn('weight', 'integer', (c) => c.notNull().defaultTo(0));
    for (const [name, value] of [
      ['should_pro_rata', 0],
      ['restrict_sessions', 0],
      ['allow_mid_month_bookings', 0],
      ['enabled', 1],
    ] as const) {
      b = flag(b, name, value);
    }
    return b;
  });
  await index('tickets_group', 'tickets', ['client_id', 'activity_group_id']);

  await create('add_ons', (t) =>
    flag(
      flag(
        t
          .addColumn('activity_group_id', 'text', (c) =>
            c.notNull().references('activity_groups.id'),
          )
          .addColumn('name', 'text', (c) => c.notNull())
          .addColumn('price', 'integer', (c) => c.notNull())
          .addColumn('sessions_can_be_used_for', 'text', (c) => c.notNull().defaultTo('[]'))
          .addColumn('weight', 'integer', (c) => c.notNull().defaultTo(0)),
        'restrict_sessions',
        0,
      ),
      'enabled',
      1,
    ),
  );
  await index('add_ons_group', 'add_ons', ['client_id', 'activity_group_id']);

  await create('discount_rules', (t) => {
    let b = t
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('type', 'text', (c) => c.notNull()) // MultiPurchase | MultiAttendee | Code
      .addColumn('multi_purchase_type', 'text') // Activity | Session
      .addColumn('code', 'text')
      .addColumn('code_normalized', 'text') // upper-cased, for case-insensitive lookup
      .addColumn('code_usage', 'text') // AllActivities | SelectedActivities
      .addColumn('unit', 'text')
      .addColumn('fixed_amount', 'integer')
      .addColumn('percentage', 'integer')
      .addColumn('amount_additional_attendee', 'integer')
      .addColumn('percentage_additional_attendee', 'integer')
      .addColumn('minimum_total', 'integer')
      .addColumn('maximum_discount_amount', 'integer')
      .addColumn('sessions_option', 'text') // SameActivity | MultipleActivities
      .addColumn('start_date', 'text')
      .addColumn('end_date', 'text')
      .addColumn('max_redemptions', 'integer')
      .addColumn('max_user_redemptions', 'integer')
      .addColumn('times_used', 'integer', (c) => c.notNull().defaultTo(0));
    b = flag(b, 'only_allow_for_user_first_booking', 0);
    return flag(b, 'enabled', 1);
  });
  await index('discount_rules_code', 'discount_rules', ['client_id', 'code_normalized']);

  await db.schema
    .createTable('discount_rule_activity_groups')
    .addColumn('client_id', 'text', (c) => c.notNull().references('clients.id'))
    .addColumn('discount_rule_id', 'text', (c) => c.notNull().references('discount_rules.id'))
    .addColumn('activity_group_id', 'text', (c) => c.notNull().references('activity_groups.id'))
    .addPrimaryKeyConstraint('discount_rule_activity_groups_pk', [
      'discount_rule_id',
      'activity_group_id',
    ])
    .execute();

  await create('discount_conditions', (t) =>
    t
      .addColumn('discount_rule_id', 'text', (c) => c.notNull().references('discount_rules.id'))
      .addColumn('kind', 'text', (c) => c.notNull()) // 'session' | 'activity'
      .addColumn('minimum', 'integer', (c) => c.notNull())
      .addColumn('unit', 'text', (c) => c.notNull())
      .addColumn('fixed_amount', 'integer')
      .addColumn('percentage', 'integer')
      .addColumn('amount_per_session', 'integer'),
  );

  await create('cancellation_rules', (t) =>
    flag(
      t
        .addColumn('name', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('session_scope', 'text', (c) => c.notNull()) // singleSession | allSessions
        .addColumn('window_amount', 'integer', (c) => c.notNull())
        .addColumn('window_unit', 'text', (c) => c.notNull())
        .addColumn('percentage_to_refund', 'integer', (c) => c.notNull())
        .addColumn('fee', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('refund_methods', 'text', (c) => c.notNull().defaultTo('[]'))
        .addColumn('account_credit_expiry_amount', 'integer')
        .addColumn('account_credit_expiry_unit', 'text'),
      'enabled',
      1,
    ),
  );

  await db.schema
    .createTable('activity_group_cancellation_rules')
    .addColumn('client_id', 'text', (c) => c.notNull().references('clients.id'))
    .addColumn('activity_group_id', 'text', (c) => c.notNull().references('activity_groups.id'))
    .addColumn('cancellation_rule_id', 'text', (c) =>
      c.notNull().references('cancellation_rules.id'),
    )
    .addPrimaryKeyConstraint('activity_group_cancellation_rules_pk', [
      'activity_group_id',
      'cancellation_rule_id',
    ])
    .execute();

  await create('session_passes', (t) =>
    flag(
      t.addColumn('name', 'text', (c) => c.notNull()),
      'enabled',
      1,
    ),
  );
  // The unique index is the rule 'Another pass already applied': one pass per activity group.
  await db.schema
    .createTable('session_pass_activity_groups')
    .addColumn('client_id', 'text', (c) => c.notNull().references('clients.id'))
    .addColumn('session_pass_id', 'text', (c) => c.notNull().references('session_passes.id'))
    .addColumn('activity_group_id', 'text', (c) =>
      c.notNull().primaryKey().references('activity_groups.id'),
    )
    .execute();
  await create('session_pass_purchase_options', (t) =>
    flag(
      t
        .addColumn('session_pass_id', 'text', (c) => c.notNull().references('session_passes.id'))
        .addColumn('credit_amount', 'integer', (c) => c.notNull())
        .addColumn('price', 'integer', (c) => c.notNull())
        .addColumn('expires_after_amount', 'integer')
        .addColumn('expires_after_unit', 'text', (c) => c.notNull().defaultTo('days')),
      'enabled',
      1,
    ),
  );

  await create('home_tabs', (t) =>
    flag(
      t
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('path', 'text', (c) => c.notNull())
        .addColumn('type', 'text', (c) => c.notNull()) // 'venue' | 'fieldOption'
        .addColumn('field_id', 'text', (c) => c.references('custom_fields.id'))
        .addColumn('value', 'text', (c) => c.notNull().defaultTo('[]'))
        .addColumn('weight', 'integer', (c) => c.notNull().defaultTo(0)),
      'enabled',
      1,
    ),
  );
  await index('home_tabs_path', 'home_tabs', ['client_id', 'path'], true);

  await create('childcare_voucher_providers', (t) =>
    flag(
      t
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('payment_instructions', 'text', (c) => c.notNull().defaultTo('')),
      'enabled',
      1,
    ),
  );

  await create('childcare_funding_accounts', (t) =>
    t
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('reg_reference', 'text', (c) => c.notNull())
      .addColumn('postcode', 'text', (c) => c.notNull()),
  );

  await create('payment_schedules', (t) =>
    flag(
      flag(
        t
          .addColumn('activity_group_id', 'text', (c) => c.references('activity_groups.id'))
          .addColumn('ticket_id', 'text', (c) => c.references('tickets.id'))
          .addColumn('type', 'text', (c) => c.notNull()) // regular | fixed
          .addColumn('frequency', 'text', (c) => c.notNull().defaultTo('monthly'))
          .addColumn('amount', 'integer')
          .addColumn('first_payment_date', 'text')
          .addColumn('final_payment_date', 'text')
          .addColumn('schedule', 'text', (c) => c.notNull().defaultTo('[]')),
        'disable_after_first_payment_date',
        0,
      ),
      'enabled',
      1,
    ),
  );

  await create('bookings', (t) =>
    t
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
      // held | awaiting_payment | confirmed | cancelled | expired
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('payment_method', 'text')
      .addColumn('childcare_voucher_provider_id', 'text', (c) =>
        c.references('childcare_voucher_providers.id'),
      )
      .addColumn('currency', 'text', (c) => c.notNull())
      .addColumn('subtotal', 'integer', (c) => c.notNull())
      .addColumn('discount_total', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('credit_applied', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('pass_credits_used', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('total', 'integer', (c) => c.notNull())
      .addColumn('amount_due_now', 'integer', (c) => c.notNull())
      .addColumn('discount_code', 'text')
      .addColumn('pricing', 'text', (c) => c.notNull().defaultTo('{}')) // the engine's breakdown
      .addColumn('hold_expires_at', 'text')
      .addColumn('idempotency_key', 'text')
      .addColumn('created_by_admin_id', 'text', (c) => c.references('users.id'))
      .addColumn('confirmed_at', 'text')
      .addColumn('cancelled_at', 'text'),
  );
  await index('bookings_client_status', 'bookings', ['client_id', 'status']);
  await index('bookings_user', 'bookings', ['client_id', 'user_id']);
  await index(
    'bookings_idempotency',
    'bookings',
    ['client_id', 'user_id', 'idempotency_key'],
    true,
  );

  // One item per attendee per ticket in a booking.
  await create('booking_items', (t) =>
    t
      .addColumn('booking_id', 'text', (c) => c.notNull().references('bookings.id'))
      .addColumn('activity_group_id', 'text', (c) => c.notNull().references('activity_groups.id'))
      .addColumn('ticket_id', 'text', (c) => c.notNull().references('tickets.id'))
      .addColumn('attendee_id', 'text', (c) => c.notNull().references('attendees.id'))
      .addColumn('price', 'integer', (c) => c.notNull())
      .addColumn('discount', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('status', 'text', (c) => c.notNull()),
  );
  await index('booking_items_booking', 'booking_items', ['client_id', 'booking_id']);
  await index('booking_items_ticket', 'booking_items', ['client_id', 'ticket_id']);

  // A place is one attendee in one session: the unit that capacity counts. A held place
  // counts against the limit until it is confirmed or its hold expires.
  await create('booking_places', (t) =>
    t
      .addColumn('booking_id', 'text', (c) => c.notNull().references('bookings.id'))
      .addColumn('booking_item_id', 'text', (c) => c.notNull().references('booking_items.id'))
      .addColumn('activity_id', 'text', (c) => c.notNull().references('activities.id'))
      .addColumn('ticket_id', 'text', (c) => c.notNull().references('tickets.id'))
      .addColumn('attendee_id', 'text', (c) => c.notNull().references('attendees.id'))
      .addColumn('status', 'text', (c) => c.notNull()) // held | confirmed | cancelled | expired
      .addColumn('hold_expires_at', 'text'),
  );
  await index('booking_places_activity', 'booking_places', ['client_id', 'activity_id', 'status']);
  await index('booking_places_booking', 'booking_places', ['client_id', 'booking_id']);

  await create('booking_add_ons', (t) =>
    t
      .addColumn('booking_id', 'text', (c) => c.notNull().references('bookings.id'))
      .addColumn('booking_item_id', 'text', (c) => c.notNull().references('booking_items.id'))
      .addColumn('add_on_id', 'text', (c) => c.notNull().references('add_ons.id'))
      .addColumn('activity_id', 'text', (c) => c.references('activities.id'))
      .addColumn('price', 'integer', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull()),
  );
  await index('booking_add_ons_add_on', 'booking_add_ons', ['client_id', 'add_on_id']);

  await create('discount_redemptions', (t) =>
    t
      .addColumn('discount_rule_id', 'text', (c) => c.notNull().references('discount_rules.id'))
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
      .addColumn('booking_id', 'text', (c) => c.notNull().references('bookings.id'))
      .addColumn('amount', 'integer', (c) => c.notNull()),
  );
  await index('discount_redemptions_rule', 'discount_redemptions', [
    'client_id',
    'discount_rule_id',
  ]);

  await create(
    'payments',
    (t) =>
      t
        .addColumn('booking_id', 'text', (c) => c.references('bookings.id'))
        .addColumn('user_id', 'text', (c) => c.references('users.id'))
        // stripe | childcareVoucher | payLater | accountCredit | passCredit
        .addColumn('provider', 'text', (c) => c.notNull())
        .addColumn('provider_ref', 'text')
        .addColumn('childcare_voucher_provider_id', 'text', (c) =>
          c.references('childcare_voucher_providers.id'),
        )
        .addColumn('amount', 'integer', (c) => c.notNull())
        .addColumn('amount_refunded', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('currency', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull()), // pending | succeeded | failed | cancelled
  );
  await index('payments_booking', 'payments', ['client_id', 'booking_id']);
  await index('payments_provider_ref', 'payments', ['provider_ref']);

  await create('refunds', (t) =>
    t
      .addColumn('payment_id', 'text', (c) => c.references('payments.id'))
      .addColumn('booking_id', 'text', (c) => c.notNull().references('bookings.id'))
      .addColumn('amount', 'integer', (c) => c.notNull())
      .addColumn('method', 'text', (c) => c.notNull()) // card provider | accountCredit
      .addColumn('provider_ref', 'text')
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('idempotency_key', 'text', (c) => c.notNull()),
  );
  await index('refunds_idempotency', 'refunds', ['client_id', 'idempotency_key'], true);

  // Account credit is a ledger: the balance is the sum of unexpired entries, never a mutable total.
  await create('account_credit_ledger', (t) =>
    t
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
      .addColumn('amount', 'integer', (c) => c.notNull())
      .addColumn('expires_at', 'text')
      .addColumn('source', 'text', (c) => c.notNull()) // refund | admin | booking
      .addColumn('booking_id', 'text', (c) => c.references('bookings.id'))
      .addColumn('refund_id', 'text', (c) => c.references('refunds.id')),
  );
  await index('account_credit_user', 'account_credit_ledger', ['client_id', 'user_id']);

  await create('pass_credit_ledger', (t) =>
    t
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
      .addColumn('session_pass_id', 'text', (c) => c.notNull().references('session_passes.id'))
      .addColumn('credits', 'integer', (c) => c.notNull())
      .addColumn('expires_at', 'text')
      .addColumn('booking_id', 'text', (c) => c.references('bookings.id'))
      .addColumn('payment_id', 'text', (c) => c.references('payments.id')),
  );
  await index('pass_credit_user', 'pass_credit_ledger', ['client_id', 'user_id']);

  await create('waitlist_entries', (t) =>
    t
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
      .addColumn('attendee_id', 'text', (c) => c.notNull().references('attendees.id'))
      .addColumn('activity_group_id', 'text', (c) => c.notNull().references('activity_groups.id'))
      .addColumn('activity_id', 'text', (c) => c.references('activities.id')) // null: all sessions
      .addColumn('type', 'text', (c) => c.notNull()) // AllSessions | SingleSession
      // Waiting | Pending | Ready | Used | Expired | Cancelled | Archived
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('offer_expires_at', 'text'),
  );
  await index('waitlist_group', 'waitlist_entries', ['client_id', 'activity_group_id', 'status']);

  await create('subscriptions', (t) =>
    t
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
      .addColumn('attendee_id', 'text', (c) => c.notNull().references('attendees.id'))
      .addColumn('ticket_id', 'text', (c) => c.notNull().references('tickets.id'))
      .addColumn('subscription_plan_id', 'text', (c) =>
        c.notNull().references('subscription_plans.id'),
      )
      .addColumn('booking_id', 'text', (c) => c.references('bookings.id'))
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('provider_subscription_id', 'text')
      .addColumn('cancelled_at', 'text'),
  );

  await create('connected_accounts', (t) => {
    let b = t
      .addColumn('provider', 'text', (c) => c.notNull()) // 'stripe'
      .addColumn('account_id', 'text', (c) => c.notNull())
      .addColumn('payment_method_config_id', 'text');
    for (const name of ['connected', 'details_submitted', 'charges_enabled', 'payouts_enabled']) {
      b = flag(b, name, 0);
    }
    return b;
  });
  await index('connected_accounts_client', 'connected_accounts', ['client_id']);

  // Webhook events applied exactly once: the event id is the primary key.
  await db.schema
    .createTable('provider_events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('processed_at', 'text', (c) => c.notNull())
    .execute();

  // One jobs table serves the in-process scheduler and several processes alike: a job is taken
  // with a conditional update on locked_until, so two workers never run it twice.
  await db.schema
    .createTable('jobs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('run_at', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull()) // queued | running | done | failed
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('locked_until', 'text')
    .addColumn('last_error', 'text')
    .addColumn('dedupe_key', 'text', (c) => c.unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('jobs_due').on('jobs').columns(['status', 'run_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  const tables = [
    'jobs',
    'provider_events',
    'connected_accounts',
    'subscriptions',
    'waitlist_entries',
    'pass_credit_ledger',
    'account_credit_ledger',
    'refunds',
    'payments',
    'discount_redemptions',
    'booking_add_ons',
    'booking_places',
    'booking_items',
    'bookings',
    'payment_schedules',
    'childcare_funding_accounts',
    'childcare_voucher_providers',
    'home_tabs',
    'session_pass_purchase_options',
    'session_pass_activity_groups',
    'session_passes',
    'activity_group_cancellation_rules',
    'cancellation_rules',
    'discount_conditions',
    'discount_rule_activity_groups',
    'discount_rules',
    'add_ons',
    'tickets',
    'activities',
    'activity_groups',
    'subscription_plans',
    'field_data',
    'attendees',
    'field_options',
    'custom_fields',
    'venues',
    'files',
    'rate_limits',
    'auth_tokens',
    'users',
    'clients',
  ];
  for (const table of tables) await db.schema.dropTable(table).ifExists().execute();
}
