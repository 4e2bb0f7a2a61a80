import { clientSettingsSchema } from '../../engine/index.ts';
import type { Db } from '../db/connection.ts';
import { findClientById } from '../db/repositories/clients.ts';
import { fromFlag, nowIso, toFlag } from '../db/time.ts';
import { notFound } from '../http/errors.ts';
import { parse } from '../http/validate.ts';
import { logoPath } from '../mail/logo.ts';

/**
 * Client settings under their wire names (docs/data-model.md), plus what the widget needs to
 * render.
 */
export interface ClientSettingsDto {
  _id: string;
  name: string;
  currency: string;
  country: string;
  dateFormat: string;
  timeZone: string;
  planLevel: number;
  onboardingInfo: { hasCreatedActivity: boolean };
  holdMinutes: number;
  /** Days an offline-paid booking keeps its places unpaid before they are released. */
  unpaidReleaseDays: number;
  allowPayLater: boolean;
  formTemplate: string;
  buttonDisplay: string;
  /** The name e-mails are sent under; null: the organisation's name. */
  senderName: string | null;
  /** Where parents' replies go; null: nowhere but the sending address. */
  replyTo: string | null;
  /** Whether parents are reminded of a booked session, and how many hours before it. */
  sessionReminders: boolean;
  sessionReminderHours: number;
  /** The organiser's terms and privacy pages the registration agreements link to; null: none. */
  termsUrl: string | null;
  privacyUrl: string | null;
  /** The organiser's logo on our origin (`/api/files/…`), for e-mails, the widget and hosted pages. */
  logoUrl: string | null;
}

export async function loadClientSettings(db: Db, clientId: string): Promise<ClientSettingsDto> {
  const client = await findClientById(db, clientId);
  if (!client) throw notFound();
  return {
    _id: client.id,
    name: client.name,
    currency: client.currency,
    country: client.country || 'GB',
    dateFormat: client.date_format,
    timeZone: client.time_zone,
    planLevel: client.plan_level,
    onboardingInfo: { hasCreatedActivity: fromFlag(client.has_created_activity) },
    holdMinutes: client.hold_minutes,
    unpaidReleaseDays: client.unpaid_release_days,
    allowPayLater: fromFlag(client.allow_pay_later),
    formTemplate: client.form_template,
    buttonDisplay: client.button_display,
    senderName: client.mail_sender_name ?? null,
    replyTo: client.mail_reply_to ?? null,
    sessionReminders: fromFlag(client.session_reminders),
    sessionReminderHours: client.session_reminder_hours,
    termsUrl: client.terms_url ?? null,
    privacyUrl: client.privacy_url ?? null,
    logoUrl: await logoPath(db, client.id),
  };
}

/**
 * Saves the organisation settings form, validated by the engine's schema with the currency lock
 * decided from the stored client (never from the browser).
 *
 * @example await saveClientSettings(db, clientId, { name: 'Demo Sports Club', … })
 */
export async function saveClientSettings(
  db: Db,
  clientId: string,
  form: unknown,
): Promise<ClientSettingsDto> {
  const client = await findClientById(db, clientId);
  if (!client) throw notFound();
  const input = parse(
    clientSettingsSchema({
      currencyLocked: fromFlag(client.has_created_activity),
      currentCurrency: client.currency,
    }),
    form,
  );
  await db
    .updateTable('clients')
    .set({
      name: input.name,
      country: input.country,
      currency: input.currency,
      time_zone: input.timeZone,
      date_format: input.dateFormat,
      hold_minutes: input.holdMinutes,
      ...(input.unpaidReleaseDays === null ? {} : { unpaid_release_days: input.unpaidReleaseDays }),
      allow_pay_later: toFlag(input.allowPayLater),
      form_template: input.formTemplate,
      button_display: input.buttonDisplay,
      ...(input.senderName === undefined ? {} : { mail_sender_name: input.senderName }),
      ...(input.replyTo === undefined ? {} : { mail_reply_to: input.replyTo }),
      ...(input.sessionReminders === null
        ? {}
        : { session_reminders: toFlag(input.sessionReminders) }),
      ...(input.sessionReminderHours === null
        ? {}
        : { session_reminder_hours: input.sessionReminderHours }),
      ...(input.termsUrl === undefined ? {} : { terms_url: input.termsUrl }),
      ...(input.privacyUrl === undefined ? {} : { privacy_url: input.privacyUrl }),
      updated_at: nowIso(),
    })
    .where('id', '=', clientId)
    .execute();
  return loadClientSettings(db, clientId);
}
