import type * as v from 'valibot';
import {
  canDeleteVoucherProvider,
  createFundingAccountSchema,
  messages,
} from '../../engine/index.ts';
import type { Db } from '../db/connection.ts';
import { newId } from '../db/ids.ts';
import { fromFlag, nowIso, toFlag } from '../db/time.ts';
import { HttpError, notFound } from '../http/errors.ts';
import { parse } from '../http/validate.ts';

/*
 * The offline payment methods the widget offers next to cards: childcare voucher providers
 * (a name and the payment instructions parents follow) and the organiser's childcare funding
 * provider accounts (docs/rules/screens.md, docs/data-model.md, docs/rules/forms-and-messages.md).
 * Every query is scoped by the client.
 */

// ---- childcare voucher providers --------------------------------------------------------

export interface VoucherProviderInput {
  name: string;
  paymentInstructions: string;
  enabled?: boolean;
}

const providerDto = (row: {
  id: string;
  name: string;
  payment_instructions: string;
  enabled: number;
}) => ({
  _id: row.id,
  name: row.name,
  paymentInstructions: row.payment_instructions,
  enabled: fromFlag(row.enabled),
});

/** Every provider of a client, enabled or not, by name (the admin table). */
export async function listVoucherProviders(db: Db, clientId: string) {
  const rows = await db
    .selectFrom('childcare_voucher_providers')
    .selectAll()
    .where('client_id', '=', clientId)
    .orderBy('name')
    .orderBy('id')
    .execute();
  return rows.map(providerDto);
}

export async function loadVoucherProvider(db: Db, clientId: string, id: string) {
  const row = await db
    .selectFrom('childcare_voucher_providers')
    .selectAll()
    .where('client_id', '=', clientId)
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw notFound();
  return providerDto(row);
}

/** @example const id = await createChildcareVoucherProvider(db, clientId, { name: 'Edenred', paymentInstructions: '…' }); */
export async function createChildcareVoucherProvider(
  db: Db,
  clientId: string,
  input: VoucherProviderInput,
): Promise<string> {
  const now = nowIso();
  const id = newId();
  await db
    .insertInto('childcare_voucher_providers')
    .values({
      id,
      client_id: clientId,
      name: input.name,
      payment_instructions: input.paymentInstructions,
      enabled: toFlag(input.enabled ?? true),
      created_at: now,
      updated_at: now,
    })
    .execute();
  return id;
}

export async function updateVoucherProvider(
  db: Db,
  clientId: string,
  id: string,
  input: VoucherProviderInput,
) {
  const result = await db
    .updateTable('childcare_voucher_providers')
    .set({
      name: input.name,
      payment_instructions: input.paymentInstructions,
      enabled: toFlag(input.enabled ?? true),
      updated_at: nowIso(),
    })
    .where('client_id', '=', clientId)
    .where('id', '=', id)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) throw notFound();
}

/**
 * Deletes a provider nobody has paid with (docs/rules/forms-and-messages.md: otherwise disable it).
 * A booking that chose the provider counts too: its voucher payment is on its way.
 */
export async function deleteVoucherProvider(db: Db, clientId: string, id: string) {
  await db.transaction().execute(async (trx) => {
    await loadVoucherProvider(trx, clientId, id);
    const count = async (table: 'payments' | 'bookings') =>
      Number(
        (
          await trx
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('client_id', '=', clientId)
            .where('childcare_voucher_provider_id', '=', id)
            .executeTakeFirstOrThrow()
        ).n,
      );
    const guard = canDeleteVoucherProvider({
      payments: (await count('payments')) + (await count('bookings')),
    });
    if (!guard.ok) throw new HttpError(409, guard.message);
    await trx
      .deleteFrom('childcare_voucher_providers')
      .where('client_id', '=', clientId)
      .where('id', '=', id)
      .execute();
  });
}

// ---- childcare funding provider accounts ------------------------------------------------

const accountDto = (row: {
  id: string;
  name: string;
  reg_reference: string;
  postcode: string;
}) => ({
  _id: row.id,
  name: row.name,
  regReference: row.reg_reference,
  postcode: row.postcode,
});

export async function listFundingAccounts(db: Db, clientId: string) {
  const rows = await db
    .selectFrom('childcare_funding_accounts')
    .selectAll()
    .where('client_id', '=', clientId)
    .orderBy('name')
    .orderBy('id')
    .execute();
  return rows.map(accountDto);
}

/**
 * Validates a funding account form against the client's other accounts with the engine's rules
 * (name unique ignoring case and under 50 characters, reference unique ignoring the record
 * itself), then writes it. Runs in one transaction so two saves cannot both pass the check.
 *
 * @example await saveFundingAccount(db, clientId, null, { name: 'Tax-Free Childcare', regReference: 'R1', postcode: 'AB1 2CD' })
 */
export async function saveFundingAccount(
  db: Db,
  clientId: string,
  id: string | null,
  body: unknown,
) {
  try {
    return await writeFundingAccount(db, clientId, id, body);
  } catch (error) {
    // Two saves at once (PostgreSQL) can both pass the check above; the unique indexes
    // (migration 0046) stop the second, which gets the dialog's message all the same.
    const field = fundingAccountConflict(error);
    if (!field) throw error;
    const message = field === 'name' ? messages.nameExists : messages.regReferenceExists;
    throw new HttpError(400, message, { [field]: message });
  }
}

/** Which unique index of childcare_funding_accounts an error broke, if any. */
function fundingAccountConflict(error: unknown): 'name' | 'regReference' | null {
  const e = error as { code?: string; message?: string; constraint?: string };
  const unique = e?.code === '23505' || /UNIQUE constraint failed/i.test(String(e?.message));
  if (!unique) return null;
  const where = `${e.constraint ?? ''} ${e.message ?? ''}`;
  if (where.includes('childcare_funding_accounts_name_unique')) return 'name';
  if (where.includes('reg_reference')) return 'regReference';
  return null;
}

async function writeFundingAccount(db: Db, clientId: string, id: string | null, body: unknown) {
  return db.transaction().execute(async (trx) => {
    const others = await listFundingAccounts(trx, clientId);
    if (id && !others.some((o) => o._id === id)) throw notFound();
    if (typeof body !== 'object' || body === null || Array.isArray(body))
      throw new HttpError(400, 'The request body must be an object.');
    const form = { ...(body as Record<string, unknown>), ...(id ? { _id: id } : {}) };
    const input = parse(createFundingAccountSchema({ others }), form) as v.InferOutput<
      ReturnType<typeof createFundingAccountSchema>
    >;
    const now = nowIso();
    if (id) {
      await trx
        .updateTable('childcare_funding_accounts')
        .set({
          name: input.name,
          reg_reference: input.regReference,
          postcode: input.postcode,
          updated_at: now,
        })
        .where('client_id', '=', clientId)
        .where('id', '=', id)
        .execute();
      return accountDto({
        id,
        name: input.name,
        reg_reference: input.regReference,
        postcode: input.postcode,
      });
    }
    const newRow = {
      id: newId(),
      client_id: clientId,
      name: input.name,
      reg_reference: input.regReference,
      postcode: input.postcode,
      created_at: now,
      updated_at: now,
    };
    await trx.insertInto('childcare_funding_accounts').values(newRow).execute();
    return accountDto(newRow);
  });
}

export async function deleteFundingAccount(db: Db, clientId: string, id: string) {
  const result = await db
    .deleteFrom('childcare_funding_accounts')
    .where('client_id', '=', clientId)
    .where('id', '=', id)
    .executeTakeFirst();
  if (Number(result.numDeletedRows) === 0) throw notFound();
}
