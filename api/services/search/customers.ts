import { type Expression, type ExpressionBuilder, type SqlBool, sql } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { compactPhone, contains, phoneDigits } from './terms.ts';

/**
 * Whether the customer whose id is `userId` matches every word typed: each word may hit the
 * parent's name, e-mail, a phone answer (theirs or one given per child), or a child's first or
 * last name. Tenant-scoped: only this client's attendees and answers are read, found through
 * field_data's (client_id, owner_type, owner_id) index.
 *
 * @example base.where((eb) => customerMatches(eb, clientId, { id: 'u.id', name: 'u.full_name', email: 'u.email' }, ['ivy']))
 */
export function customerMatches<DB extends Database, TB extends keyof DB>(
  eb: ExpressionBuilder<DB, TB>,
  clientId: string,
  user: { id: string; name: string; email: string },
  words: string[],
): Expression<SqlBool> {
  const e = eb as unknown as ExpressionBuilder<Database, never>;
  const userId = sql.ref(user.id);
  return e.and(
    words.map((word) => {
      const phone = phoneDigits(word);
      const childName = e.exists(
        e
          .selectFrom('attendees as sa')
          .innerJoin('field_data as sf', (join) =>
            join
              .onRef('sf.owner_id', '=', 'sa.id')
              .on('sf.owner_type', '=', 'attendee')
              .on('sf.client_id', '=', clientId),
          )
          .innerJoin('custom_fields as sc', (join) =>
            join.onRef('sc.id', '=', 'sf.field_id').on('sc.client_id', '=', clientId),
          )
          .select('sa.id')
          .where('sa.client_id', '=', clientId)
          .where(sql<SqlBool>`${sql.ref('sa.user_id')} = ${userId}`)
          .where('sc.internal_key', 'in', ['firstName', 'lastName'])
          .where(contains(sql.ref('sf.value'), word)),
      );
      const phoneAnswer = e.exists(
        e
          .selectFrom('field_data as pf')
          .innerJoin('custom_fields as pc', (join) =>
            join.onRef('pc.id', '=', 'pf.field_id').on('pc.client_id', '=', clientId),
          )
          .select('pf.id')
          .where('pf.client_id', '=', clientId)
          // The parent's own phone question, or one asked per child (an emergency number).
          .where((w) =>
            w.or([
              w.and([
                w('pf.owner_type', '=', 'user'),
                sql<SqlBool>`${sql.ref('pf.owner_id')} = ${userId}`,
              ]),
              w.and([
                w('pf.owner_type', '=', 'attendee'),
                w(
                  'pf.owner_id',
                  'in',
                  w
                    .selectFrom('attendees as pa')
                    .select('pa.id')
                    .where('pa.client_id', '=', clientId)
                    .where(sql<SqlBool>`${sql.ref('pa.user_id')} = ${userId}`),
                ),
              ]),
            ]),
          )
          .where('pc.type', '=', 'phone')
          .where(phone ? contains(compactPhone(sql.ref('pf.value')), phone) : sql<SqlBool>`1 = 0`),
      );
      return e.or([
        contains(sql.ref(user.name), word),
        contains(sql.ref(user.email), word),
        childName,
        ...(phone ? [phoneAnswer] : []),
      ]);
    }),
  );
}
