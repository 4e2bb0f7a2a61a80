import type { Db } from '../db/connection.ts';
import { findClientById } from '../db/repositories/clients.ts';
import { fromFlag } from '../db/time.ts';
import { notFound } from '../http/errors.ts';

/** Client settings in the spec's names (§3), plus what the widget needs to render. */
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
  allowPayLater: boolean;
  formTemplate: string;
  buttonDisplay: string;
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
    allowPayLater: fromFlag(client.allow_pay_later),
    formTemplate: client.form_template,
    buttonDisplay: client.button_display,
  };
}
