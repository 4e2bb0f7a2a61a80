import { type Migration, type MigrationProvider, Migrator } from 'kysely';
import type { Db } from './connection.ts';
import * as initial from './migrations/2026_11_22_0001_initial.ts';
import * as fileContents from './migrations/2026_11_22_0020_file_contents.ts';
import * as payments from './migrations/2026_11_22_0040_payments.ts';
import * as paymentRefs from './migrations/2026_11_22_0041_payment_refs.ts';
import * as stripeCustomers from './migrations/2026_11_22_0042_stripe_customers.ts';
import * as scheduledPayments from './migrations/2026_11_22_0043_scheduled_payments.ts';
import * as instalmentPayments from './migrations/2026_11_22_0044_instalment_payments.ts';
import * as stripeEventTimes from './migrations/2026_11_22_0045_stripe_event_times.ts';
import * as fundingAccountUnique from './migrations/2026_11_22_0046_funding_account_unique.ts';
import * as paymentHolds from './migrations/2026_11_25_1330_payment_holds.ts';
import * as bookingCancellations from './migrations/2026_11_25_1400_booking_cancellations.ts';
import * as idempotencyFingerprints from './migrations/2026_11_25_1500_idempotency_fingerprints.ts';
import * as messagesOutbox from './migrations/2026_11_25_1600_messages_outbox.ts';
import * as registers from './migrations/2026_11_25_1700_registers.ts';
import * as coaches from './migrations/2026_11_25_1710_coaches.ts';
import * as searchExportIndexes from './migrations/2026_11_25_1810_search_export_indexes.ts';
import * as mailSettings from './migrations/2026_11_25_1900_h12b_mail_settings.ts';
import * as mailUnsubscribe from './migrations/2026_11_25_1910_h12b_unsubscribe.ts';
import * as hotIndexes from './migrations/2026_11_25_1920_h18_hot_indexes.ts';
import * as archiveGroups from './migrations/2026_11_25_1930_h17a_archive_groups.ts';
import * as mailNotifications from './migrations/2026_11_25_2010_mail_h12c_notifications.ts';
import * as gdprAuditEvents from './migrations/2026_11_25_2040_gdpr_audit_events.ts';
import * as accountLegalLinks from './migrations/2026_11_25_2050_account_legal_links.ts';
import * as refundReason from './migrations/2026_11_25_2100_termphone_refund_reason.ts';
import * as capacityIndex from './migrations/2026_11_25_2120_h18perf_capacity_index.ts';
import * as stripeFee from './migrations/2026_11_25_2140_termpolish_stripe_fee.ts';
import * as schoolYears from './migrations/2026_11_25_2200_lead_school_years.ts';
import * as makeUpAbsences from './migrations/2026_11_28_1540_makeup_absences.ts';
import * as households from './migrations/2026_11_28_1545_hh_households.ts';
import * as reEnrolOffers from './migrations/2026_11_28_1550_reenrol_offers.ts';
import * as trialTickets from './migrations/2026_11_28_1550_trials_trial_tickets.ts';
import * as familyWaitlists from './migrations/2026_11_28_1600_famwait_family_waitlists.ts';
import * as listingPaging from './migrations/2026_11_28_1620_listing_paging_indexes.ts';
import * as historyIndexes from './migrations/2026_12_07_0100_history_indexes.ts';
import * as sessionPlaceCounts from './migrations/2026_12_07_0600_session_place_counts.ts';

/*
 * Migrations are listed here rather than read from the folder, so the same list works under
 * tsx, in a bundle and in tests. Names sort by their timestamp prefix; never rename one.
 */
const migrations: Record<string, Migration> = {
  '2026_11_22_0001_initial': initial,
  '2026_11_22_0020_file_contents': fileContents,
  '2026_11_22_0040_payments': payments,
  '2026_11_22_0041_payment_refs': paymentRefs,
  '2026_11_22_0042_stripe_customers': stripeCustomers,
  '2026_11_22_0043_scheduled_payments': scheduledPayments,
  '2026_11_22_0044_instalment_payments': instalmentPayments,
  '2026_11_22_0045_stripe_event_times': stripeEventTimes,
  '2026_11_22_0046_funding_account_unique': fundingAccountUnique,
  '2026_11_25_1330_payment_holds': paymentHolds,
  '2026_11_25_1400_booking_cancellations': bookingCancellations,
  '2026_11_25_1500_idempotency_fingerprints': idempotencyFingerprints,
  '2026_11_25_1600_messages_outbox': messagesOutbox,
  '2026_11_25_1700_registers': registers,
  '2026_11_25_1710_coaches': coaches,
  '2026_11_25_1810_search_export_indexes': searchExportIndexes,
  '2026_11_25_1900_h12b_mail_settings': mailSettings,
  '2026_11_25_1910_h12b_unsubscribe': mailUnsubscribe,
  '2026_11_25_1920_h18_hot_indexes': hotIndexes,
  '2026_11_25_1930_h17a_archive_groups': archiveGroups,
  '2026_11_25_2010_mail_h12c_notifications': mailNotifications,
  '2026_11_25_2040_gdpr_audit_events': gdprAuditEvents,
  '2026_11_25_2050_account_legal_links': accountLegalLinks,
  '2026_11_25_2100_termphone_refund_reason': refundReason,
  '2026_11_25_2120_h18perf_capacity_index': capacityIndex,
  '2026_11_25_2140_termpolish_stripe_fee': stripeFee,
  '2026_11_25_2200_lead_school_years': schoolYears,
  '2026_11_28_1550_trials_trial_tickets': trialTickets,
  '2026_11_28_1540_makeup_absences': makeUpAbsences,
  '2026_11_28_1545_hh_households': households,
  '2026_11_28_1550_reenrol_offers': reEnrolOffers,
  '2026_11_28_1600_famwait_family_waitlists': familyWaitlists,
  '2026_11_28_1620_listing_paging_indexes': listingPaging,
  '2026_12_07_0100_history_indexes': historyIndexes,
  '2026_12_07_0600_session_place_counts': sessionPlaceCounts,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

/**
 * Brings the database to the newest schema; throws with the failing migration's error.
 *
 * @example await migrateToLatest(db);
 */
export async function migrateToLatest(db: Db): Promise<string[]> {
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error;
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
