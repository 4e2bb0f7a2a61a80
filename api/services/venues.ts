import { canDeleteVenue } from '../../engine/index.ts';
import type { Db } from '../db/connection.ts';
import { newId } from '../db/ids.ts';
import { readJson } from '../db/json.ts';
import { nowIso, toFlag } from '../db/time.ts';
import { HttpError, notFound } from '../http/errors.ts';
import { venueDto } from './activity-groups.ts';

/** A venue as the 'Create venue' form outputs it (engine `createVenueSchema`). */
export interface VenueWrite {
  name: string;
  address?: {
    address1?: string | null;
    address2?: string | null;
    city?: string | null;
    state?: string | null;
    postalCode?: string | null;
  };
  enabled?: boolean;
}

const columns = (input: VenueWrite) => ({
  name: input.name,
  address1: input.address?.address1 || null,
  address2: input.address?.address2 || null,
  city: input.address?.city || null,
  state: input.address?.state || null,
  postal_code: input.address?.postalCode || null,
  enabled: toFlag(input.enabled ?? true),
});

export async function createVenue(db: Db, clientId: string, input: VenueWrite): Promise<string> {
  const now = nowIso();
  const id = newId();
  await db
    .insertInto('venues')
    .values({ id, client_id: clientId, ...columns(input), created_at: now, updated_at: now })
    .execute();
  return id;
}

export async function updateVenue(db: Db, clientId: string, id: string, input: VenueWrite) {
  const result = await db
    .updateTable('venues')
    .set({ ...columns(input), updated_at: nowIso() })
    .where('client_id', '=', clientId)
    .where('id', '=', id)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) throw notFound();
}

export async function listVenueDtos(db: Db, clientId: string) {
  const rows = await db
    .selectFrom('venues')
    .selectAll()
    .where('client_id', '=', clientId)
    .orderBy('name')
    .execute();
  return rows.map(venueDto);
}

export async function loadVenue(db: Db, clientId: string, id: string) {
  const row = await db
    .selectFrom('venues')
    .selectAll()
    .where('client_id', '=', clientId)
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw notFound();
  return venueDto(row);
}

/** Deletes a venue nothing uses; one in use answers 409 with the engine's message. */
export async function deleteVenue(db: Db, clientId: string, id: string) {
  await db.transaction().execute(async (trx) => {
    await loadVenue(trx, clientId, id);
    const groups = await trx
      .selectFrom('activity_groups')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('client_id', '=', clientId)
      .where('venue_id', '=', id)
      .executeTakeFirstOrThrow();
    const tabs = await trx
      .selectFrom('home_tabs')
      .select('value')
      .where('client_id', '=', clientId)
      .where('type', '=', 'venue')
      .execute();
    const verdict = canDeleteVenue({
      activityGroups: Number(groups.n),
      homeTabs: tabs.filter((t) => readJson<string[]>(t.value, []).includes(id)).length,
    });
    if (!verdict.ok) throw new HttpError(409, verdict.message);
    await trx.deleteFrom('venues').where('client_id', '=', clientId).where('id', '=', id).execute();
  });
}
