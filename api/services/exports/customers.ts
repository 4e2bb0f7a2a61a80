import type { Db } from '../../db/connection.ts';
import { fieldDataValue } from '../../db/field-values.ts';
import { listAttendees } from '../attendees.ts';
import { customerMatches } from '../search/customers.ts';
import { searchWords } from '../search/terms.ts';
import { batches, type CsvColumn, EXPORT_BATCH } from './csv.ts';

/** One line of the customers CSV: a child with its parent, or a parent with no child yet. */
export interface CustomerLine {
  customer: string;
  email: string;
  phone: string;
  child: string;
  dateOfBirth: string;
  since: string;
}

export const customerColumns: CsvColumn<CustomerLine>[] = [
  { header: 'Customer', cell: (r) => r.customer },
  { header: 'Email', cell: (r) => r.email },
  { header: 'Phone', cell: (r) => r.phone },
  { header: 'Child', cell: (r) => r.child },
  { header: 'Child date of birth', cell: (r) => r.dateOfBirth },
  { header: 'Customer since', cell: (r) => r.since },
];

/**
 * The client's customers matching the Customers screen's search, each child on its own line
 * under its parent's name, e-mail and phone (their answer to the first phone question).
 *
 * @example for await (const lines of exportCustomers(db, clientId, { search: 'dove' })) …
 */
export async function* exportCustomers(db: Db, clientId: string, filters: { search?: string }) {
  const words = searchWords(filters.search);
  const phoneField = await db
    .selectFrom('custom_fields')
    .select('id')
    .where('client_id', '=', clientId)
    .where('usage', '=', 'user')
    .where('type', '=', 'phone')
    .orderBy('weight')
    .orderBy('id')
    .executeTakeFirst();
  const users = batches((after) => {
    let page = db
      .selectFrom('users')
      .select(['id', 'full_name', 'email', 'created_at'])
      .where('client_id', '=', clientId)
      .where('role', '=', 'customer');
    if (words.length)
      page = page.where((eb) =>
        customerMatches(eb, clientId, { id: 'users.id', name: 'full_name', email: 'email' }, words),
      );
    if (after) page = page.where('id', '>', after);
    return page.orderBy('id').limit(EXPORT_BATCH).execute();
  });
  for await (const rows of users) {
    const userIds = rows.map((r) => r.id);
    const [childIds, phones] = await Promise.all([
      db
        .selectFrom('attendees')
        .select('id')
        .where('client_id', '=', clientId)
        .where('user_id', 'in', userIds)
        .execute(),
      phoneField
        ? db
            .selectFrom('field_data')
            .selectAll()
            .where('client_id', '=', clientId)
            .where('owner_type', '=', 'user')
            .where('field_id', '=', phoneField.id)
            .where('owner_id', 'in', userIds)
            .execute()
        : Promise.resolve([]),
    ]);
    const children = await listAttendees(db, clientId, {
      ids: childIds.map((c) => c.id),
      admin: true,
    });
    const phoneOf = new Map(phones.map((p) => [p.owner_id, String(fieldDataValue(p) ?? '')]));
    yield rows.flatMap((u): CustomerLine[] => {
      const parent = {
        customer: u.full_name,
        email: u.email,
        phone: phoneOf.get(u.id) ?? '',
        since: u.created_at.slice(0, 10),
      };
      const mine = children.filter((c) => c.user === u.id);
      if (!mine.length) return [{ ...parent, child: '', dateOfBirth: '' }];
      return mine.map((c) => ({ ...parent, child: c.name, dateOfBirth: c.dateOfBirth ?? '' }));
    });
  }
}
