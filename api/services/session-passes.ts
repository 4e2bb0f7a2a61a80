import { messages, type PassPurchaseOption, type SessionPassData } from '../../engine/index.ts';
import type { Db } from '../db/connection.ts';
import { isTempId, newId } from '../db/ids.ts';
import { fromFlag, nowIso, toFlag } from '../db/time.ts';
import { HttpError, notFound } from '../http/errors.ts';

/** A purchase option as stored: price in minor units. */
export type PurchaseOptionDto = Required<PassPurchaseOption>;

export interface SessionPassDto {
  _id: string;
  name: string;
  activityGroups: string[];
  purchaseOptions: PurchaseOptionDto[];
  enabled: boolean;
}

/** What a parent sees of a pass: enabled options only, and the activities it pays for by name. */
export interface PublicSessionPassDto {
  _id: string;
  name: string;
  activityGroups: { _id: string; name: string }[];
  purchaseOptions: PurchaseOptionDto[];
}

/**
 * Every pass of a client with its activities and purchase options, in three queries.
 *
 * @example const passes = await listSessionPasses(db, clientId);
 */
export async function listSessionPasses(db: Db, clientId: string): Promise<SessionPassDto[]> {
  const [passes, groups, options] = await Promise.all([
    db
      .selectFrom('session_passes')
      .selectAll()
      .where('client_id', '=', clientId)
      .orderBy('created_at')
      .orderBy('id')
      .execute(),
    db
      .selectFrom('session_pass_activity_groups')
      .selectAll()
      .where('client_id', '=', clientId)
      .execute(),
    db
      .selectFrom('session_pass_purchase_options')
      .selectAll()
      .where('client_id', '=', clientId)
      .orderBy('credit_amount')
      .orderBy('created_at')
      .execute(),
  ]);
  return passes.map((p) => ({
    _id: p.id,
    name: p.name,
    activityGroups: groups
      .filter((g) => g.session_pass_id === p.id)
      .map((g) => g.activity_group_id),
    purchaseOptions: options
      .filter((o) => o.session_pass_id === p.id)
      .map((o) => ({
        _id: o.id,
        creditAmount: o.credit_amount,
        price: o.price,
        expiresAfter: {
          amount: o.expires_after_amount,
          unit: o.expires_after_unit as PurchaseOptionDto['expiresAfter']['unit'],
        },
        enabled: fromFlag(o.enabled),
      })),
    enabled: fromFlag(p.enabled),
  }));
}

export async function loadSessionPass(
  db: Db,
  clientId: string,
  id: string,
): Promise<SessionPassDto> {
  const pass = (await listSessionPasses(db, clientId)).find((p) => p._id === id);
  if (!pass) throw notFound();
  return pass;
}

/**
 * The passes parents can buy: enabled, with their enabled options, naming only enabled
 * activities. A pass with nothing to buy is left out.
 */
export async function listPublicSessionPasses(
  db: Db,
  clientId: string,
): Promise<PublicSessionPassDto[]> {
  const passes = (await listSessionPasses(db, clientId)).filter((p) => p.enabled);
  const groups = await db
    .selectFrom('activity_groups')
    .select(['id', 'name'])
    .where('client_id', '=', clientId)
    .where('enabled', '=', 1)
    .execute();
  const nameOf = new Map(groups.map((g) => [g.id, g.name]));
  return passes
    .map((p) => ({
      _id: p._id,
      name: p.name,
      activityGroups: p.activityGroups
        .filter((id) => nameOf.has(id))
        .map((id) => ({ _id: id, name: nameOf.get(id)! })),
      purchaseOptions: p.purchaseOptions.filter((o) => o.enabled),
    }))
    .filter((p) => p.purchaseOptions.length > 0);
}

const isUniqueViolation = (error: unknown) => {
  const e = error as { code?: string; message?: string };
  return (
    e?.code === '23505' || /UNIQUE constraint failed|PRIMARYKEY/i.test(`${e?.code} ${e?.message}`)
  );
};

const optionColumns = (o: PassPurchaseOption) => ({
  credit_amount: o.creditAmount,
  price: o.price,
  expires_after_amount: o.expiresAfter.amount,
  expires_after_unit: o.expiresAfter.unit,
  enabled: toFlag(o.enabled),
});

/**
 * Creates (id null) or replaces a pass with its activities and purchase options, in one
 * transaction. Options with `temp_` ids are created, saved ones updated, saved ones missing from
 * the body deleted. An option id that is neither temporary nor the pass's own is refused: it
 * could only point at another pass or tenant. The primary key on the activity link is the last
 * word on 'Another pass already applied' when two saves race.
 */
export async function saveSessionPass(
  db: Db,
  clientId: string,
  passId: string | null,
  pass: SessionPassData,
): Promise<string> {
  const now = nowIso();
  try {
    return await db.transaction().execute(async (trx) => {
      const id = passId ?? newId();
      if (pass.activityGroups.length) {
        const owned = await trx
          .selectFrom('activity_groups')
          .select('id')
          .where('client_id', '=', clientId)
          .where('id', 'in', pass.activityGroups)
          .execute();
        if (owned.length !== pass.activityGroups.length)
          throw new HttpError(400, messages.unknownOption, {
            activityGroups: messages.unknownOption,
          });
      }
      let savedOptionIds = new Set<string>();
      if (passId) {
        const result = await trx
          .updateTable('session_passes')
          .set({ name: pass.name, enabled: toFlag(pass.enabled), updated_at: now })
          .where('client_id', '=', clientId)
          .where('id', '=', passId)
          .executeTakeFirst();
        if (Number(result.numUpdatedRows) === 0) throw notFound();
        const saved = await trx
          .selectFrom('session_pass_purchase_options')
          .select('id')
          .where('client_id', '=', clientId)
          .where('session_pass_id', '=', passId)
          .execute();
        savedOptionIds = new Set(saved.map((o) => o.id));
        await trx
          .deleteFrom('session_pass_activity_groups')
          .where('client_id', '=', clientId)
          .where('session_pass_id', '=', passId)
          .execute();
      } else {
        await trx
          .insertInto('session_passes')
          .values({
            id,
            client_id: clientId,
            name: pass.name,
            enabled: toFlag(pass.enabled),
            created_at: now,
            updated_at: now,
          })
          .execute();
      }

      const kept = new Set<string>();
      for (const [index, option] of pass.purchaseOptions.entries()) {
        if (option._id && !isTempId(option._id)) {
          if (!savedOptionIds.has(option._id))
            throw new HttpError(400, messages.unknownOption, {
              [`purchaseOptions.${index}`]: messages.unknownOption,
            });
          kept.add(option._id);
          await trx
            .updateTable('session_pass_purchase_options')
            .set({ ...optionColumns(option), updated_at: now })
            .where('client_id', '=', clientId)
            .where('id', '=', option._id)
            .execute();
        } else {
          await trx
            .insertInto('session_pass_purchase_options')
            .values({
              ...optionColumns(option),
              id: newId(),
              client_id: clientId,
              session_pass_id: id,
              created_at: now,
              updated_at: now,
            })
            .execute();
        }
      }
      const dropped = [...savedOptionIds].filter((o) => !kept.has(o));
      if (dropped.length)
        await trx
          .deleteFrom('session_pass_purchase_options')
          .where('client_id', '=', clientId)
          .where('id', 'in', dropped)
          .execute();

      if (pass.activityGroups.length)
        await trx
          .insertInto('session_pass_activity_groups')
          .values(
            pass.activityGroups.map((groupId) => ({
              client_id: clientId,
              session_pass_id: id,
              activity_group_id: groupId,
            })),
          )
          .execute();
      return id;
    });
  } catch (error) {
    if (isUniqueViolation(error))
      throw new HttpError(400, messages.anotherPassApplied, {
        activityGroups: messages.anotherPassApplied,
      });
    throw error;
  }
}

/**
 * Deletes a pass no one holds credits of. Once credits were issued (bought, granted or spent),
 * the ledger keeps pointing at it, so the organiser disables it instead.
 */
export async function deleteSessionPass(db: Db, clientId: string, id: string) {
  await db.transaction().execute(async (trx) => {
    const pass = await trx
      .selectFrom('session_passes')
      .select('id')
      .where('client_id', '=', clientId)
      .where('id', '=', id)
      .executeTakeFirst();
    if (!pass) throw notFound();
    const used = await trx
      .selectFrom('pass_credit_ledger')
      .select('id')
      .where('client_id', '=', clientId)
      .where('session_pass_id', '=', id)
      .limit(1)
      .executeTakeFirst();
    if (used) throw new HttpError(409, messages.sessionPassHasCredits);
    for (const table of ['session_pass_purchase_options', 'session_pass_activity_groups'] as const)
      await trx
        .deleteFrom(table)
        .where('client_id', '=', clientId)
        .where('session_pass_id', '=', id)
        .execute();
    await trx
      .deleteFrom('session_passes')
      .where('client_id', '=', clientId)
      .where('id', '=', id)
      .execute();
  });
}

/**
 * An admin gives a customer credits of a pass (a goodwill gesture, a purchase taken in person):
 * one ledger row, no payment. Answers the customer's balance of that pass that has not expired.
 */
export async function grantPassCredits(
  db: Db,
  clientId: string,
  passId: string,
  grant: { userId: string; credits: number; expiresAt: string | null },
  now: string = nowIso(),
): Promise<{ userId: string; sessionPassId: string; balance: number }> {
  return db.transaction().execute(async (trx) => {
    const pass = await trx
      .selectFrom('session_passes')
      .select('id')
      .where('client_id', '=', clientId)
      .where('id', '=', passId)
      .executeTakeFirst();
    if (!pass) throw notFound();
    const user = await trx
      .selectFrom('users')
      .select('id')
      .where('client_id', '=', clientId)
      .where('id', '=', grant.userId)
      .where('role', '=', 'customer')
      .executeTakeFirst();
    if (!user) throw new HttpError(400, messages.unknownOption, { userId: messages.unknownOption });
    await trx
      .insertInto('pass_credit_ledger')
      .values({
        id: newId(),
        client_id: clientId,
        user_id: grant.userId,
        session_pass_id: passId,
        credits: grant.credits,
        expires_at: grant.expiresAt,
        booking_id: null,
        payment_id: null,
        created_at: now,
        updated_at: now,
      })
      .execute();
    const balance = await trx
      .selectFrom('pass_credit_ledger')
      .select((eb) => eb.fn.sum<number>('credits').as('credits'))
      .where('client_id', '=', clientId)
      .where('user_id', '=', grant.userId)
      .where('session_pass_id', '=', passId)
      .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]))
      .executeTakeFirst();
    return {
      userId: grant.userId,
      sessionPassId: passId,
      balance: Math.max(0, Number(balance?.credits ?? 0)),
    };
  });
}
