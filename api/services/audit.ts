import type { AuditAction, AuditSubjectType } from '../../engine/data-rights.ts';
import { bookingReference, formatMoney, localeFor } from '../../engine/index.ts';
import type { Caller } from '../context.ts';
import type { Db } from '../db/connection.ts';
import { newId } from '../db/ids.ts';
import { readJson } from '../db/json.ts';
import { nowIso } from '../db/time.ts';

/*
 * The audit log (docs/rules/data-rights.md): who did what to bookings, refunds, customers and
 * settings. One function writes it, always with the transaction of the change it records, so an
 * entry exists exactly when the change was committed.
 */

export interface AuditEntry {
  action: AuditAction;
  subjectType: AuditSubjectType;
  subjectId: string;
  /** One line a person reads, e.g. 'Marked booking #3B4D paid'; no personal data beyond names. */
  summary: string;
  /** A few facts (amounts in minor units, booking numbers, changed setting names). */
  detail?: Record<string, unknown>;
}

/**
 * Records one action by `actor` inside `trx`. The actor's name is copied as it is now, so the
 * log still reads right after the actor is renamed; erasing a customer replaces it
 * (services/customer-data/erase.ts).
 *
 * @example await db.transaction().execute(async (trx) => { await markPaid(trx, …); await recordAudit(trx, admin, { action: 'booking.markedPaid', subjectType: 'booking', subjectId: id, summary: 'Marked booking #3B4D paid' }); });
 */
export async function recordAudit(trx: Db, actor: Caller, entry: AuditEntry): Promise<void> {
  const user = await trx
    .selectFrom('users')
    .select('full_name')
    .where('client_id', '=', actor.clientId)
    .where('id', '=', actor.userId)
    .executeTakeFirst();
  await trx
    .insertInto('audit_events')
    .values({
      id: newId(),
      client_id: actor.clientId,
      actor_user_id: actor.userId,
      actor_name: user?.full_name ?? 'Unknown',
      action: entry.action,
      subject_type: entry.subjectType,
      subject_id: entry.subjectId,
      summary: entry.summary,
      detail: JSON.stringify(entry.detail ?? {}),
      created_at: nowIso(),
    })
    .execute();
}

/**
 * Runs `work` and records its audit entry in one transaction: the shape of most audited routes.
 * `entry` may depend on what the work returned.
 *
 * @example const saved = await audited(db, admin, (trx) => saveClientSettings(trx, clientId, body), () => ({ action: 'settings.organisation', … }));
 */
export function audited<T>(
  db: Db,
  actor: Caller,
  work: (trx: Db) => Promise<T>,
  entry: (result: T) => AuditEntry | null,
): Promise<T> {
  const run = async (trx: Db) => {
    const result = await work(trx);
    const e = entry(result);
    if (e) await recordAudit(trx, actor, e);
    return result;
  };
  return db.isTransaction ? run(db) : db.transaction().execute(run);
}

export interface AuditEventDto {
  _id: string;
  action: string;
  subjectType: string;
  subjectId: string;
  summary: string;
  detail: Record<string, unknown>;
  actor: { _id: string | null; name: string };
  createdAt: string;
}

/**
 * A client's audit entries, newest first, paged; optionally one subject type, one subject, or
 * every entry about a customer (their own record and their bookings'), for the customer page.
 *
 * @example await listAudit(db, clientId, { subjectType: 'booking', page: 1, limit: 20 })
 */
export async function listAudit(
  db: Db,
  clientId: string,
  filters: {
    subjectType?: string;
    subjectId?: string;
    customerId?: string;
    page: number;
    limit: number;
  },
): Promise<{ data: AuditEventDto[]; total: number }> {
  let base = db.selectFrom('audit_events').where('client_id', '=', clientId);
  if (filters.subjectType) base = base.where('subject_type', '=', filters.subjectType);
  if (filters.subjectId) base = base.where('subject_id', '=', filters.subjectId);
  if (filters.customerId) {
    const customerId = filters.customerId;
    base = base.where((eb) =>
      eb.or([
        eb.and([eb('subject_type', '=', 'customer'), eb('subject_id', '=', customerId)]),
        eb.and([
          eb('subject_type', 'in', ['booking', 'refund']),
          eb(
            'subject_id',
            'in',
            eb
              .selectFrom('bookings')
              .select('bookings.id')
              .where('bookings.client_id', '=', clientId)
              .where('bookings.user_id', '=', customerId),
          ),
        ]),
      ]),
    );
  }
  const [{ total }, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
    base
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(filters.limit)
      .offset((filters.page - 1) * filters.limit)
      .execute(),
  ]);
  return {
    total: Number(total),
    data: rows.map((r) => ({
      _id: r.id,
      action: r.action,
      subjectType: r.subject_type,
      subjectId: r.subject_id,
      summary: r.summary,
      detail: readJson<Record<string, unknown>>(r.detail, {}),
      actor: { _id: r.actor_user_id, name: r.actor_name },
      createdAt: r.created_at,
    })),
  };
}

/**
 * The refund ids a booking has now: read before a change, then handed to `recordNewRefunds`
 * after it, so a cancellation that refunded money also logs the refund itself.
 *
 * @example const before = await refundIds(trx, clientId, bookingId);
 */
export async function refundIds(trx: Db, clientId: string, bookingId: string): Promise<string[]> {
  const rows = await trx
    .selectFrom('refunds')
    .select('id')
    .where('client_id', '=', clientId)
    .where('booking_id', '=', bookingId)
    .execute();
  return rows.map((r) => r.id);
}

/**
 * Records 'refund.created' for each refund of the booking not in `before`.
 *
 * @example await recordNewRefunds(trx, caller, bookingId, before);
 */
export async function recordNewRefunds(
  trx: Db,
  actor: Caller,
  bookingId: string,
  before: string[],
): Promise<void> {
  const rows = await trx
    .selectFrom('refunds as r')
    .innerJoin('bookings as b', 'b.id', 'r.booking_id')
    .innerJoin('clients as c', 'c.id', 'r.client_id')
    .select(['r.id', 'r.amount', 'r.method', 'b.currency', 'c.country'])
    .where('r.client_id', '=', actor.clientId)
    .where('r.booking_id', '=', bookingId)
    .execute();
  for (const r of rows.filter((r) => !before.includes(r.id)))
    await recordAudit(trx, actor, {
      action: 'refund.created',
      // A refund is found under Refunds, and its subject id is the booking it was given on.
      subjectType: 'refund',
      subjectId: bookingId,
      summary: `Refunded ${formatMoney(r.amount, r.currency, localeFor(r.country))} (${r.method}) on booking #${bookingReference(bookingId)}`,
      detail: { refundId: r.id, amount: r.amount, method: r.method },
    });
}

/** The organisation form's mail settings: logged as their own action, so they can be found. */
const MAIL_SETTINGS = new Set([
  'senderName',
  'replyTo',
  'sessionReminders',
  'sessionReminderHours',
]);

/**
 * The audit entries for an organisation settings save: which settings changed (names only,
 * never values, so an address typed there is not copied into the log), split into mail
 * settings and the rest; none when nothing changed.
 *
 * @example settingsEntries({ name: 'A', replyTo: null }, { name: 'B', replyTo: null }) // [{ action: 'settings.organisation', … }]
 */
export function settingsEntries(
  clientId: string,
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): AuditEntry[] {
  const changed = Object.keys(after).filter(
    (k) => JSON.stringify(before[k]) !== JSON.stringify(after[k]),
  );
  const mail = changed.filter((k) => MAIL_SETTINGS.has(k));
  const other = changed.filter((k) => !MAIL_SETTINGS.has(k));
  const entries: AuditEntry[] = [];
  if (other.length)
    entries.push({
      action: 'settings.organisation',
      subjectType: 'settings',
      subjectId: clientId,
      summary: `Changed organisation settings: ${other.join(', ')}`,
      detail: { changed: other },
    });
  if (mail.length)
    entries.push({
      action: 'settings.mail',
      subjectType: 'settings',
      subjectId: clientId,
      summary: `Changed mail settings: ${mail.join(', ')}`,
      detail: { changed: mail },
    });
  return entries;
}
