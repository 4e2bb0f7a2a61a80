import { bookingReference } from '../../../engine/index.ts';
import type { Db } from '../../db/connection.ts';
import { findClientById } from '../../db/repositories/clients.ts';
import { notFound } from '../../http/errors.ts';
import type { CsvColumn } from '../exports/csv.ts';
import { answerFileIds, type ReadableAnswer, readableAnswers } from './answers.ts';

/*
 * Everything one organiser holds about one customer (docs/rules/data-rights.md "Export"), in one
 * object: the JSON download is this object, the CSV download is the same facts one per line.
 * Every query names the client, so nothing another organiser holds about the same person (a
 * separate account there) can appear.
 */

export interface CustomerExport {
  exportedAt: string;
  organiser: { name: string };
  customer: {
    id: string;
    fullName: string;
    email: string;
    createdAt: string;
    erasedAt: string | null;
    answers: ReadableAnswer[];
  };
  attendees: { id: string; createdAt: string; answers: ReadableAnswer[] }[];
  bookings: Record<string, unknown>[];
  payments: Record<string, unknown>[];
  refunds: Record<string, unknown>[];
  accountCredit: Record<string, unknown>[];
  passCredits: Record<string, unknown>[];
  waitlistEntries: Record<string, unknown>[];
  messages: Record<string, unknown>[];
  /** Uploaded files with their contents (base64), so the export stands on its own. */
  files: {
    id: string;
    name: string;
    mimeType: string;
    size: number;
    uploadedAt: string;
    contentBase64: string;
  }[];
}

/**
 * Builds a customer's export for an admin of `clientId`; 404 for a user of another client.
 *
 * @example const data = await exportCustomer(db, admin.clientId, userId);
 */
export async function exportCustomer(
  db: Db,
  clientId: string,
  userId: string,
): Promise<CustomerExport> {
  const user = await db
    .selectFrom('users')
    .selectAll()
    .where('client_id', '=', clientId)
    .where('id', '=', userId)
    .where('role', '=', 'customer')
    .executeTakeFirst();
  if (!user) throw notFound();
  const client = await findClientById(db, clientId);
  const attendees = await db
    .selectFrom('attendees')
    .select(['id', 'created_at'])
    .where('client_id', '=', clientId)
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  const attendeeIds = attendees.map((a) => a.id);
  const answers = await readableAnswers(db, clientId, [userId, ...attendeeIds]);
  const bookings = await db
    .selectFrom('bookings')
    .selectAll()
    .where('client_id', '=', clientId)
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  const bookingIds = bookings.map((b) => b.id);
  const anyBooking = bookingIds.length ? bookingIds : ['-'];
  const [places, payments, refunds, credit, passes, waitlist, messages, fileIds] =
    await Promise.all([
      db
        .selectFrom('booking_places as p')
        .innerJoin('activities as s', 's.id', 'p.activity_id')
        .innerJoin('activity_groups as g', 'g.id', 's.activity_group_id')
        .innerJoin('tickets as t', 't.id', 'p.ticket_id')
        .select([
          'p.booking_id',
          'p.attendee_id',
          'p.status',
          'g.name as activity',
          't.name as ticket',
          's.date',
          's.start_time',
        ])
        .where('p.client_id', '=', clientId)
        .where('p.booking_id', 'in', anyBooking)
        .orderBy('s.date')
        .orderBy('s.start_time')
        .execute(),
      db
        .selectFrom('payments')
        .select(['id', 'booking_id', 'provider', 'amount', 'amount_refunded', 'currency'])
        .select(['status', 'created_at'])
        .where('client_id', '=', clientId)
        .where((eb) => eb.or([eb('user_id', '=', userId), eb('booking_id', 'in', anyBooking)]))
        .orderBy('created_at')
        .execute(),
      db
        .selectFrom('refunds')
        .select(['id', 'booking_id', 'payment_id', 'amount', 'method', 'status', 'created_at'])
        .where('client_id', '=', clientId)
        .where('booking_id', 'in', anyBooking)
        .orderBy('created_at')
        .execute(),
      db
        .selectFrom('account_credit_ledger')
        .select(['id', 'amount', 'source', 'booking_id', 'expires_at', 'created_at'])
        .where('client_id', '=', clientId)
        .where('user_id', '=', userId)
        .orderBy('created_at')
        .execute(),
      db
        .selectFrom('pass_credit_ledger as l')
        .innerJoin('session_passes as sp', 'sp.id', 'l.session_pass_id')
        .select(['l.id', 'sp.name as pass', 'l.credits', 'l.booking_id', 'l.expires_at'])
        .select('l.created_at')
        .where('l.client_id', '=', clientId)
        .where('l.user_id', '=', userId)
        .orderBy('l.created_at')
        .execute(),
      db
        .selectFrom('waitlist_entries as w')
        .innerJoin('activity_groups as g', 'g.id', 'w.activity_group_id')
        .leftJoin('activities as s', 's.id', 'w.activity_id')
        .select(['w.id', 'w.attendee_id', 'g.name as activity', 's.date', 's.start_time'])
        .select(['w.type', 'w.status', 'w.created_at'])
        .where('w.client_id', '=', clientId)
        .where('w.user_id', '=', userId)
        .orderBy('w.created_at')
        .execute(),
      db
        .selectFrom('messages')
        .select(['id', 'kind', 'recipient_email', 'subject', 'text_body', 'status'])
        .select(['created_at', 'sent_at'])
        .where('client_id', '=', clientId)
        .where((eb) => eb.or([eb('user_id', '=', userId), eb('recipient_email', '=', user.email)]))
        .orderBy('created_at')
        .execute(),
      answerFileIds(db, clientId, [userId, ...attendeeIds]),
    ]);
  const files = await db
    .selectFrom('files as f')
    .innerJoin('file_contents as c', 'c.file_id', 'f.id')
    .select(['f.id', 'f.original_name', 'f.mime_type', 'f.size', 'f.created_at', 'c.bytes'])
    .where('f.client_id', '=', clientId)
    .where((eb) =>
      eb.or([eb('f.user_id', '=', userId), eb('f.id', 'in', fileIds.length ? fileIds : ['-'])]),
    )
    .orderBy('f.created_at')
    .execute();

  return {
    exportedAt: new Date().toISOString(),
    organiser: { name: client?.name ?? '' },
    customer: {
      id: user.id,
      fullName: user.full_name,
      email: user.email,
      createdAt: user.created_at,
      erasedAt: user.erased_at,
      answers: answers.get(user.id) ?? [],
    },
    attendees: attendees.map((a) => ({
      id: a.id,
      createdAt: a.created_at,
      answers: answers.get(a.id) ?? [],
    })),
    bookings: bookings.map((b) => ({
      id: b.id,
      number: bookingReference(b.id),
      status: b.status,
      createdAt: b.created_at,
      confirmedAt: b.confirmed_at,
      cancelledAt: b.cancelled_at,
      paymentMethod: b.payment_method,
      currency: b.currency,
      subtotal: b.subtotal,
      discountTotal: b.discount_total,
      creditApplied: b.credit_applied,
      total: b.total,
      discountCode: b.discount_code,
      bookedByOrganiser: b.created_by_admin_id !== null,
      places: places
        .filter((p) => p.booking_id === b.id)
        .map((p) => ({
          attendeeId: p.attendee_id,
          activity: p.activity,
          ticket: p.ticket,
          date: p.date,
          startTime: p.start_time,
          status: p.status,
        })),
    })),
    payments: payments.map((p) => ({
      id: p.id,
      bookingNumber: p.booking_id ? bookingReference(p.booking_id) : null,
      method: p.provider,
      amount: p.amount,
      amountRefunded: p.amount_refunded,
      currency: p.currency,
      status: p.status,
      createdAt: p.created_at,
    })),
    refunds: refunds.map((r) => ({
      id: r.id,
      bookingNumber: bookingReference(r.booking_id),
      amount: r.amount,
      method: r.method,
      status: r.status,
      createdAt: r.created_at,
    })),
    accountCredit: credit.map((c) => ({
      id: c.id,
      amount: c.amount,
      source: c.source,
      bookingNumber: c.booking_id ? bookingReference(c.booking_id) : null,
      expiresAt: c.expires_at,
      createdAt: c.created_at,
    })),
    passCredits: passes.map((p) => ({
      id: p.id,
      pass: p.pass,
      credits: p.credits,
      bookingNumber: p.booking_id ? bookingReference(p.booking_id) : null,
      expiresAt: p.expires_at,
      createdAt: p.created_at,
    })),
    waitlistEntries: waitlist.map((w) => ({
      id: w.id,
      attendeeId: w.attendee_id,
      activity: w.activity,
      session: w.date ? `${w.date} ${w.start_time}` : 'All sessions',
      type: w.type,
      status: w.status,
      createdAt: w.created_at,
    })),
    messages: messages.map((m) => ({
      id: m.id,
      kind: m.kind,
      to: m.recipient_email,
      subject: m.subject,
      body: m.text_body,
      status: m.status,
      createdAt: m.created_at,
      sentAt: m.sent_at,
    })),
    files: files.map((f) => ({
      id: f.id,
      name: f.original_name,
      mimeType: f.mime_type,
      size: f.size,
      uploadedAt: f.created_at,
      contentBase64: Buffer.from(f.bytes).toString('base64'),
    })),
  };
}

/** One line of the CSV export: which part, which record, which fact, its value. */
export interface ExportLine {
  section: string;
  record: string;
  field: string;
  value: string | number;
}

export const exportLineColumns: CsvColumn<ExportLine>[] = [
  { header: 'Section', cell: (l) => l.section },
  { header: 'Record', cell: (l) => l.record },
  { header: 'Field', cell: (l) => l.field },
  { header: 'Value', cell: (l) => l.value },
];

/** Nested values as `places.1.date` lines; null and empty values are left out. */
function flatten(prefix: string, value: unknown, out: [string, string | number][]) {
  if (value === null || value === undefined || value === '') return;
  if (Array.isArray(value)) {
    // Answers read best as 'Allergies: nuts', not 'answers.3.value'.
    if (value.every((v) => v && typeof v === 'object' && 'field' in v && 'value' in v)) {
      for (const a of value as ReadableAnswer[]) flatten(a.field, a.value, out);
      return;
    }
    if (value.every((v) => typeof v !== 'object' || v === null)) {
      out.push([prefix, value.join(', ')]);
      return;
    }
    for (const [i, v] of value.entries()) flatten(`${prefix}.${i + 1}`, v, out);
    return;
  }
  if (typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) flatten(prefix ? `${prefix}.${k}` : k, v, out);
    return;
  }
  out.push([prefix, typeof value === 'number' ? value : String(value)]);
}

/**
 * The export as CSV lines, one fact each. File contents stay in the JSON download; the CSV
 * names each file and its size.
 *
 * @example exportLines(data)[0] // { section: 'customer', record: '6740…', field: 'fullName', value: 'Sam Lee' }
 */
export function exportLines(data: CustomerExport): ExportLine[] {
  const lines: ExportLine[] = [];
  const add = (section: string, record: Record<string, unknown> & { id: string }) => {
    const out: [string, string | number][] = [];
    flatten('', record, out);
    for (const [field, value] of out)
      if (field !== 'id') lines.push({ section, record: record.id, field, value });
  };
  add('customer', data.customer);
  for (const a of data.attendees) add('attendee', a);
  for (const b of data.bookings) add('booking', b as { id: string });
  for (const p of data.payments) add('payment', p as { id: string });
  for (const r of data.refunds) add('refund', r as { id: string });
  for (const c of data.accountCredit) add('account credit', c as { id: string });
  for (const p of data.passCredits) add('pass credits', p as { id: string });
  for (const w of data.waitlistEntries) add('waitlist entry', w as { id: string });
  for (const m of data.messages) add('message', m as { id: string });
  for (const { contentBase64: _, ...f } of data.files) add('file', f);
  return lines;
}
