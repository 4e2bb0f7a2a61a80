import {
  clientDate,
  formatMoney,
  formatTime,
  localeFor,
  zonedParts,
} from '../../../engine/index.ts';
import type { Db } from '../../db/connection.ts';
import { logoPath } from '../logo.ts';

/**
 * The organiser a message is from, with formatters for its currency, date format and zone, so
 * every amount and date in a message reads as the organiser's own screens show it.
 *
 * The logo, when the organiser has one, is an absolute URL on our origin (`publicUrl`), so mail
 * apps load it as a picture instead of carrying it as an attachment.
 *
 * @example const o = await loadOrganiser(db, clientId, publicUrl); o.money(1250) // '£12.50'
 */
export async function loadOrganiser(db: Db, clientId: string, publicUrl?: string) {
  const client = await db
    .selectFrom('clients')
    .select(['name', 'currency', 'country', 'date_format', 'time_zone'])
    .where('id', '=', clientId)
    .executeTakeFirstOrThrow();
  const locale = localeFor(client.country);
  const logo = publicUrl ? await logoPath(db, clientId) : null;
  const date = (civil: string) => clientDate(civil, client.date_format, locale);
  return {
    name: client.name,
    logoUrl: logo ? `${publicUrl}${logo}` : null,
    timeZone: client.time_zone,
    money: (minor: number) => formatMoney(minor, client.currency, locale),
    date,
    /** An instant as a date and time on the organiser's clock. */
    instant: (iso: string) => {
      const parts = zonedParts(Date.parse(iso), client.time_zone);
      return `${date(parts.date)} at ${formatTime(parts.time)}`;
    },
  };
}

export type OrganiserView = Awaited<ReturnType<typeof loadOrganiser>>;
