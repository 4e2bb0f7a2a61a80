import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../connection.ts';
import type { ClientsTable } from '../schema.ts';

export type ClientRow = Selectable<ClientsTable>;

export const insertClient = (db: Db, row: Insertable<ClientsTable>) =>
  db.insertInto('clients').values(row).execute();

export const findClientById = (db: Db, clientId: string) =>
  db.selectFrom('clients').selectAll().where('id', '=', clientId).executeTakeFirst();

export const countClients = async (db: Db): Promise<number> => {
  const row = await db
    .selectFrom('clients')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
};

export const markClientHasCreatedActivity = (db: Db, clientId: string, now: string) =>
  db
    .updateTable('clients')
    .set({ has_created_activity: 1, updated_at: now })
    .where('id', '=', clientId)
    .execute();
