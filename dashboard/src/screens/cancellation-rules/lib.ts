/*
 * Form values and wording of the cancellation rule dialog. Values are the engine schema's input
 * (major units, numbers as typed text); saved rules come from the API in minor units.
 */
import {
  type CancellationRuleForm,
  formatMoney,
  messages,
  minorToMajor,
} from '../../../../engine/index.ts';
import type { CancellationRule } from './queries.ts';

/** The dialog's state: every field present, so inputs are always controlled. */
export interface RuleValues extends CancellationRuleForm {
  name: string;
  sessionScope: string;
  cancellationWindow: { amount: string; unit: string };
  config: {
    percentageToRefund: string;
    fee: string;
    refundMethods: string[];
    accountCreditExpiry: { amount: string; unit: string };
  };
  enabled: boolean;
}

export const SCOPE_LABELS: Record<string, string> = {
  singleSession: 'Single session',
  allSessions: 'All sessions',
};
export const METHOD_LABELS: Record<string, string> = {
  stripe: 'Refund to card',
  accountCredit: 'Account credit',
};

/**
 * docs/rules/constants.md: window default unit hours, percentage default 100, credit expiry default
 * days.
 */
export const newRuleValues = (): RuleValues => ({
  name: '',
  sessionScope: 'singleSession',
  cancellationWindow: { amount: '', unit: 'hours' },
  config: {
    percentageToRefund: '100',
    fee: '',
    refundMethods: [],
    accountCreditExpiry: { amount: '', unit: 'days' },
  },
  enabled: true,
});

/** A saved rule as the dialog edits it: the fee back in major units. */
export const ruleValuesOf = (rule: CancellationRule): RuleValues => ({
  _id: rule._id,
  name: rule.name,
  sessionScope: rule.sessionScope,
  cancellationWindow: {
    amount: String(rule.cancellationWindow.amount),
    unit: rule.cancellationWindow.unit,
  },
  config: {
    percentageToRefund: String(rule.config.percentageToRefund),
    fee: rule.config.fee ? String(minorToMajor(rule.config.fee)) : '',
    refundMethods: [...rule.config.refundMethods],
    accountCreditExpiry: {
      amount:
        rule.config.accountCreditExpiry?.amount == null
          ? ''
          : String(rule.config.accountCreditExpiry.amount),
      unit: rule.config.accountCreditExpiry?.unit ?? 'days',
    },
  },
  enabled: rule.enabled,
});

/** '48 hours', '1 week'. */
export const windowText = ({ amount, unit }: { amount: number; unit: string }) =>
  `${amount} ${amount === 1 ? unit.replace(/s$/, '') : unit}`;

/**
 * 'Full refund', '50% refund less £1.00 per ticket', 'No refund'
 * (docs/rules/forms-and-messages.md).
 */
export function refundText(rule: CancellationRule, currency: string, locale: string): string {
  const pct = rule.config.percentageToRefund;
  if (pct <= 0) return messages.noRefund;
  const base = pct >= 100 ? 'Full refund' : `${pct}% refund`;
  return rule.config.fee > 0
    ? `${base} less ${formatMoney(rule.config.fee, currency, locale)} per ticket`
    : base;
}

/** The label a rule goes by: its name, else what it does. */
export const ruleLabel = (rule: CancellationRule, currency: string, locale: string) =>
  rule.name ||
  `${refundText(rule, currency, locale)} up to ${windowText(rule.cancellationWindow)} before`;
