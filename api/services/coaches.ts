import { type CoachInput, messages } from '../../engine/index.ts';
import { hashPassword } from '../auth/passwords.ts';
import type { Db } from '../db/connection.ts';
import { newId } from '../db/ids.ts';
import { findUserByEmail } from '../db/repositories/users.ts';
import { nowIso } from '../db/time.ts';
import { HttpError, notFound } from '../http/errors.ts';

/*
 * The organiser's coaches (issue 17): users with role 'coach' and the activity groups whose
 * registers they take. What a coach may call is api/middleware/coach-scope.ts's rule.
 */

export interface CoachDto {
  _id: string;
  fullName: string;
  email: string;
  activityGroups: string[];
}

/** @example const coaches = await listCoaches(db, admin.clientId); */
export async function listCoaches(db: Db, clientId: string, ids?: string[]): Promise<CoachDto[]> {
  let query = db
    .selectFrom('users')
    .select(['id', 'full_name', 'email'])
    .where('client_id', '=', clientId)
    .where('role', '=', 'coach')
    .orderBy('full_name')
    .orderBy('id');
  if (ids) query = query.where('id', 'in', ids);
  const coaches = await query.execute();
  if (coaches.length === 0) return [];
  const groups = await db
    .selectFrom('coach_activity_groups')
    .select(['user_id', 'activity_group_id'])
    .where('client_id', '=', clientId)
    .where(
      'user_id',
      'in',
      coaches.map((c) => c.id),
    )
    .orderBy('created_at')
    .execute();
  return coaches.map((c) => ({
    _id: c.id,
    fullName: c.full_name,
    email: c.email,
    activityGroups: groups.filter((g) => g.user_id === c.id).map((g) => g.activity_group_id),
  }));
}

/** The client's own activity groups among `ids`; 422 naming the field when one is not theirs. */
async function ownGroups(db: Db, clientId: string, ids: readonly string[]) {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  const found = await db
    .selectFrom('activity_groups')
    .select('id')
    .where('client_id', '=', clientId)
    .where('id', 'in', unique)
    .execute();
  if (found.length !== unique.length)
    throw new HttpError(422, messages.unknownOption, { activityGroups: messages.unknownOption });
  return unique;
}

async function assign(db: Db, clientId: string, userId: string, groupIds: string[]) {
  await db
    .deleteFrom('coach_activity_groups')
    .where('client_id', '=', clientId)
    .where('user_id', '=', userId)
    .execute();
  if (groupIds.length === 0) return;
  const now = nowIso();
  await db
    .insertInto('coach_activity_groups')
    .values(
      groupIds.map((g) => ({
        client_id: clientId,
        user_id: userId,
        activity_group_id: g,
        created_at: now,
      })),
    )
    .execute();
}

/**
 * Adds a coach who signs in to the dashboard with the e-mail and password given.
 *
 * @example const coach = await createCoach(db, admin.clientId, v.parse(coachSchema, form));
 */
export async function createCoach(db: Db, clientId: string, input: CoachInput): Promise<CoachDto> {
  if (!input.password) throw new HttpError(400, messages.required, { password: messages.required });
  const groups = await ownGroups(db, clientId, input.activityGroups);
  const taken = () => new HttpError(409, messages.emailTaken, { email: messages.emailTaken });
  if (await findUserByEmail(db, clientId, input.email)) throw taken();
  const passwordHash = await hashPassword(input.password);
  const id = newId();
  try {
    await db.transaction().execute(async (trx) => {
      const now = nowIso();
      await trx
        .insertInto('users')
        .values({
          id,
          client_id: clientId,
          role: 'coach',
          email: input.email,
          full_name: input.fullName,
          password_hash: passwordHash,
          created_at: now,
          updated_at: now,
        })
        .execute();
      await assign(trx, clientId, id, groups);
    });
  } catch (error) {
    // Two adds of one e-mail racing: the unique index decides, the loser hears why.
    if (await findUserByEmail(db, clientId, input.email)) throw taken();
    throw error;
  }
  return (await listCoaches(db, clientId, [id]))[0]!;
}

/**
 * Renames a coach, changes their activities and (when given) their password. The e-mail stays:
 * it is how they sign in.
 *
 * @example await updateCoach(db, admin.clientId, coachId, v.parse(coachSchema, form));
 */
export async function updateCoach(
  db: Db,
  clientId: string,
  coachId: string,
  input: CoachInput,
): Promise<CoachDto> {
  const [existing] = await listCoaches(db, clientId, [coachId]);
  if (!existing) throw notFound();
  const groups = await ownGroups(db, clientId, input.activityGroups);
  const passwordHash = input.password ? await hashPassword(input.password) : null;
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('users')
      .set({
        full_name: input.fullName,
        ...(passwordHash ? { password_hash: passwordHash } : {}),
        updated_at: nowIso(),
      })
      .where('client_id', '=', clientId)
      .where('id', '=', coachId)
      .where('role', '=', 'coach')
      .execute();
    await assign(trx, clientId, coachId, groups);
  });
  return (await listCoaches(db, clientId, [coachId]))[0]!;
}
