import { canDeleteDiscountRule, type DiscountRuleData, messages } from '../../engine/index.ts';
import type { Db } from '../db/connection.ts';
import { newId } from '../db/ids.ts';
import { fromFlag, nowIso, toFlag } from '../db/time.ts';
import { HttpError, notFound } from '../http/errors.ts';

export type SavedDiscountRule = DiscountRuleData & { _id: string };

const columns = (rule: DiscountRuleData) => ({
  name: rule.name,
  type: rule.type,
  multi_purchase_type: rule.multiPurchaseType,
  code: rule.code,
  code_normalized: rule.code ? rule.code.toUpperCase() : null,
  code_usage: rule.codeUsage,
  unit: rule.unit,
  fixed_amount: rule.fixedAmount,
  percentage: rule.percentage,
  amount_additional_attendee: rule.amountAdditionalAttendee,
  percentage_additional_attendee: rule.percentageAdditionalAttendee,
  minimum_total: rule.minimumTotal,
  maximum_discount_amount: rule.maximumDiscountAmount,
  sessions_option: rule.sessionsOption,
  start_date: rule.startDate,
  end_date: rule.endDate,
  max_redemptions: rule.maxRedemptions,
  max_user_redemptions: rule.maxUserRedemptions,
  only_allow_for_user_first_booking: toFlag(rule.onlyAllowForUserFirstBooking),
  enabled: toFlag(rule.enabled),
});

/**
 * Every discount rule of a client as the engine prices with them (conditions and groups
 * included), in three queries.
 *
 * @example const rules = await listDiscountRules(db, clientId); priceBasket({ …, rules })
 */
export async function listDiscountRules(db: Db, clientId: string): Promise<SavedDiscountRule[]> {
  const [rules, conditions, groups] = await Promise.all([
    db
      .selectFrom('discount_rules')
      .selectAll()
      .where('client_id', '=', clientId)
      .orderBy('created_at')
      .execute(),
    db
      .selectFrom('discount_conditions')
      .selectAll()
      .where('client_id', '=', clientId)
      .orderBy('minimum')
      .execute(),
    db
      .selectFrom('discount_rule_activity_groups')
      .selectAll()
      .where('client_id', '=', clientId)
      .execute(),
  ]);
  return rules.map((r) => {
    const mine = conditions.filter((c) => c.discount_rule_id === r.id);
    return {
      _id: r.id,
      name: r.name,
      type: r.type,
      multiPurchaseType: r.multi_purchase_type as DiscountRuleData['multiPurchaseType'],
      code: r.code,
      codeUsage: r.code_usage as DiscountRuleData['codeUsage'],
      activityGroups: groups
        .filter((g) => g.discount_rule_id === r.id)
        .map((g) => g.activity_group_id),
      unit: r.unit as DiscountRuleData['unit'],
      fixedAmount: r.fixed_amount,
      percentage: r.percentage,
      amountAdditionalAttendee: r.amount_additional_attendee,
      percentageAdditionalAttendee: r.percentage_additional_attendee,
      minimumTotal: r.minimum_total,
      maximumDiscountAmount: r.maximum_discount_amount,
      sessionsOption: r.sessions_option as DiscountRuleData['sessionsOption'],
      multiSessionConditions: mine
        .filter((c) => c.kind === 'session')
        .map((c) => ({
          _id: c.id,
          minimumSessions: c.minimum,
          unit: c.unit as 'FixedAmount' | 'Percentage' | 'AmountPerSession',
          fixedAmount: c.fixed_amount,
          percentage: c.percentage,
          amountPerSession: c.amount_per_session,
        })),
      multiActivityConditions: mine
        .filter((c) => c.kind === 'activity')
        .map((c) => ({
          _id: c.id,
          minimumActivities: c.minimum,
          unit: c.unit as 'FixedAmount' | 'Percentage',
          fixedAmount: c.fixed_amount,
          percentage: c.percentage,
        })),
      startDate: r.start_date,
      endDate: r.end_date,
      maxRedemptions: r.max_redemptions,
      maxUserRedemptions: r.max_user_redemptions,
      timesUsed: r.times_used,
      onlyAllowForUserFirstBooking: fromFlag(r.only_allow_for_user_first_booking),
      enabled: fromFlag(r.enabled),
    };
  });
}

export async function loadDiscountRule(
  db: Db,
  clientId: string,
  id: string,
): Promise<SavedDiscountRule> {
  const rule = (await listDiscountRules(db, clientId)).find((r) => r._id === id);
  if (!rule) throw notFound();
  return rule;
}

/**
 * Creates (id null) or replaces a rule with its conditions and groups, in one transaction.
 * Codes are unique per client, ignoring case, so a parent's code can only mean one rule.
 * `timesUsed` is never written from a form: only redemptions change it.
 */
export async function saveDiscountRule(
  db: Db,
  clientId: string,
  ruleId: string | null,
  rule: DiscountRuleData,
): Promise<string> {
  const now = nowIso();
  return db.transaction().execute(async (trx) => {
    const id = ruleId ?? newId();
    if (rule.code) {
      let clash = trx
        .selectFrom('discount_rules')
        .select('id')
        .where('client_id', '=', clientId)
        .where('code_normalized', '=', rule.code.toUpperCase());
      if (ruleId) clash = clash.where('id', '!=', ruleId);
      if (await clash.executeTakeFirst())
        throw new HttpError(400, messages.codeTaken, { code: messages.codeTaken });
    }
    if (rule.activityGroups.length) {
      const owned = await trx
        .selectFrom('activity_groups')
        .select('id')
        .where('client_id', '=', clientId)
        .where('id', 'in', rule.activityGroups)
        .execute();
      if (owned.length !== new Set(rule.activityGroups).size) {
        throw new HttpError(400, messages.unknownOption, {
          activityGroups: messages.unknownOption,
        });
      }
    }
    if (ruleId) {
      const result = await trx
        .updateTable('discount_rules')
        .set({ ...columns(rule), updated_at: now })
        .where('client_id', '=', clientId)
        .where('id', '=', ruleId)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) throw notFound();
      await trx
        .deleteFrom('discount_conditions')
        .where('client_id', '=', clientId)
        .where('discount_rule_id', '=', id)
        .execute();
      await trx
        .deleteFrom('discount_rule_activity_groups')
        .where('client_id', '=', clientId)
        .where('discount_rule_id', '=', id)
        .execute();
    } else {
      await trx
        .insertInto('discount_rules')
        .values({ ...columns(rule), id, client_id: clientId, created_at: now, updated_at: now })
        .execute();
    }
    const conditions = [
      ...rule.multiSessionConditions.map((c) => ({
        kind: 'session' as const,
        minimum: c.minimumSessions,
        unit: c.unit,
        fixed_amount: c.fixedAmount,
        percentage: c.percentage,
        amount_per_session: c.amountPerSession,
      })),
      ...rule.multiActivityConditions.map((c) => ({
        kind: 'activity' as const,
        minimum: c.minimumActivities,
        unit: c.unit,
        fixed_amount: c.fixedAmount,
        percentage: c.percentage,
        amount_per_session: null,
      })),
    ];
    if (conditions.length) {
      await trx
        .insertInto('discount_conditions')
        .values(
          conditions.map((c) => ({
            ...c,
            id: newId(),
            client_id: clientId,
            discount_rule_id: id,
            created_at: now,
            updated_at: now,
          })),
        )
        .execute();
    }
    if (rule.activityGroups.length) {
      await trx
        .insertInto('discount_rule_activity_groups')
        .values(
          [...new Set(rule.activityGroups)].map((groupId) => ({
            client_id: clientId,
            discount_rule_id: id,
            activity_group_id: groupId,
          })),
        )
        .execute();
    }
    return id;
  });
}

export async function deleteDiscountRule(db: Db, clientId: string, id: string) {
  await db.transaction().execute(async (trx) => {
    const rule = await trx
      .selectFrom('discount_rules')
      .select('times_used')
      .where('client_id', '=', clientId)
      .where('id', '=', id)
      .executeTakeFirst();
    if (!rule) throw notFound();
    const verdict = canDeleteDiscountRule({ timesUsed: rule.times_used });
    if (!verdict.ok) throw new HttpError(409, verdict.message);
    await trx
      .deleteFrom('discount_conditions')
      .where('client_id', '=', clientId)
      .where('discount_rule_id', '=', id)
      .execute();
    await trx
      .deleteFrom('discount_rule_activity_groups')
      .where('client_id', '=', clientId)
      .where('discount_rule_id', '=', id)
      .execute();
    await trx
      .deleteFrom('discount_rules')
      .where('client_id', '=', clientId)
      .where('id', '=', id)
      .execute();
  });
}
