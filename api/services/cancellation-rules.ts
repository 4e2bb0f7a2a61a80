import type { CancellationRuleData } from '../../engine/index.ts';
import type { Db } from '../db/connection.ts';
import { newId } from '../db/ids.ts';
import { readJson } from '../db/json.ts';
import { fromFlag, nowIso, toFlag } from '../db/time.ts';
import { notFound } from '../http/errors.ts';

const columns = (rule: CancellationRuleData) => ({
  name: rule.name,
  session_scope: rule.sessionScope,
  window_amount: rule.cancellationWindow.amount,
  window_unit: rule.cancellationWindow.unit,
  percentage_to_refund: rule.config.percentageToRefund,
  fee: rule.config.fee,
  refund_methods: JSON.stringify(rule.config.refundMethods),
  account_credit_expiry_amount: rule.config.accountCreditExpiry?.amount ?? null,
  account_credit_expiry_unit: rule.config.accountCreditExpiry?.unit ?? null,
  enabled: toFlag(rule.enabled),
});

/**
 * Creates a cancellation rule (as the engine's schema outputs it), optionally applying it to
 * activity groups at once.
 */
export async function createCancellationRule(
  db: Db,
  clientId: string,
  rule: CancellationRuleData,
  { activityGroups = [] }: { activityGroups?: string[] } = {},
): Promise<string> {
  const now = nowIso();
  const id = newId();
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('cancellation_rules')
      .values({ id, client_id: clientId, ...columns(rule), created_at: now, updated_at: now })
      .execute();
    if (activityGroups.length) {
      await trx
        .insertInto('activity_group_cancellation_rules')
        .values(
          activityGroups.map((groupId) => ({
            client_id: clientId,
            activity_group_id: groupId,
            cancellation_rule_id: id,
          })),
        )
        .execute();
    }
  });
  return id;
}

export async function updateCancellationRule(
  db: Db,
  clientId: string,
  id: string,
  rule: CancellationRuleData,
) {
  const result = await db
    .updateTable('cancellation_rules')
    .set({ ...columns(rule), updated_at: nowIso() })
    .where('client_id', '=', clientId)
    .where('id', '=', id)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) throw notFound();
}

/** Deleting a rule only stops it applying to future cancellations; past refunds keep their amounts. */
export async function deleteCancellationRule(db: Db, clientId: string, id: string) {
  await db.transaction().execute(async (trx) => {
    await trx
      .deleteFrom('activity_group_cancellation_rules')
      .where('client_id', '=', clientId)
      .where('cancellation_rule_id', '=', id)
      .execute();
    const result = await trx
      .deleteFrom('cancellation_rules')
      .where('client_id', '=', clientId)
      .where('id', '=', id)
      .executeTakeFirst();
    if (Number(result.numDeletedRows) === 0) throw notFound();
  });
}

/** Rules in the wire shape of docs/data-model.md, with the groups each applies to. */
export async function listCancellationRules(db: Db, clientId: string) {
  const [rules, links] = await Promise.all([
    db
      .selectFrom('cancellation_rules')
      .selectAll()
      .where('client_id', '=', clientId)
      .orderBy('created_at')
      .execute(),
    db
      .selectFrom('activity_group_cancellation_rules')
      .selectAll()
      .where('client_id', '=', clientId)
      .execute(),
  ]);
  return rules.map((r) => ({
    _id: r.id,
    name: r.name,
    sessionScope: r.session_scope,
    cancellationWindow: { amount: r.window_amount, unit: r.window_unit },
    config: {
      percentageToRefund: r.percentage_to_refund,
      fee: r.fee,
      refundMethods: readJson<string[]>(r.refund_methods, []),
      accountCreditExpiry:
        r.account_credit_expiry_amount === null
          ? null
          : {
              amount: r.account_credit_expiry_amount,
              unit: r.account_credit_expiry_unit ?? 'days',
            },
    },
    enabled: fromFlag(r.enabled),
    activityGroups: links
      .filter((l) => l.cancellation_rule_id === r.id)
      .map((l) => l.activity_group_id),
  }));
}
