import { messages } from './messages.ts';

/**
 * Plan levels. docs/rules/roles-and-plans.md: account credit needs level 20 and its message names
 * the Premium plan, so Premium is 20; add-ons are on Standard and Premium, so Standard is 10. A
 * further check needs level 30; the spec does not say what it guards, so it is exposed as
 * `level30`.
 */
export const PLAN_LEVELS = { Starter: 0, Standard: 10, Premium: 20, Level30: 30 } as const;

/** The lowest plan level each gated feature needs. */
export const FEATURE_LEVELS = {
  addOns: PLAN_LEVELS.Standard,
  waitlists: PLAN_LEVELS.Premium,
  accountCredit: PLAN_LEVELS.Premium,
  level30: PLAN_LEVELS.Level30,
} as const;
export type Feature = keyof typeof FEATURE_LEVELS;

/**
 * Whether a plan level includes a feature.
 *
 * @example hasFeature(10, 'waitlists') // false
 */
export function hasFeature(planLevel: number, feature: Feature): boolean {
  return planLevel >= FEATURE_LEVELS[feature];
}

/**
 * What to show when a feature is missing: the 'Feature not available' dialog (Upgrade, Cancel)
 * or, for waitlists, the 'Upgrade to Premium' button; both open /admin/settings/subscription.
 *
 * @example featureGate(0, 'addOns') // { allowed: false, title: 'Feature not available', upgradeUrl: '/admin/settings/subscription' }
 */
export function featureGate(planLevel: number, feature: Feature) {
  if (hasFeature(planLevel, feature)) return { allowed: true as const };
  return {
    allowed: false as const,
    title: feature === 'waitlists' ? messages.upgradeToPremium : messages.featureNotAvailable,
    upgradeUrl: '/admin/settings/subscription',
  };
}

export const PAYMENT_METHODS = [
  'afterpay_clearpay',
  'apple_pay',
  'card',
  'google_pay',
  'klarna',
  'link',
  'pay_by_bank',
  'revolut_pay',
] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

const REVOLUT_COUNTRIES = new Set(['GB', 'IE', 'NO', 'ES', 'CY']);
const KLARNA_COUNTRIES = new Set([
  'US',
  'CA',
  'AT',
  'BE',
  'DE',
  'NL',
  'CH',
  'DK',
  'FI',
  'NO',
  'SE',
  'CZ',
  'FR',
  'GR',
  'IE',
  'IT',
  'PL',
  'PT',
  'RO',
  'ES',
  'GB',
  'AU',
  'NZ',
]);

/**
 * The payment method toggles shown for a client country (docs/rules/constants.md): card is always
 * on and disabled; Revolut Pay and Klarna only in their countries.
 *
 * @example paymentMethodToggles('US').map((t) => t.method).includes('revolut_pay') // false
 */
export function paymentMethodToggles(
  country: string,
  preferences: Partial<Record<PaymentMethod, 'on' | 'off'>> = {},
) {
  return PAYMENT_METHODS.filter(
    (m) =>
      (m !== 'revolut_pay' || REVOLUT_COUNTRIES.has(country)) &&
      (m !== 'klarna' || KLARNA_COUNTRIES.has(country)),
  ).map((method) => ({
    method,
    on: method === 'card' ? true : preferences[method] === 'on',
    disabled: method === 'card',
  }));
}

export interface ConnectedAccountStatus {
  connected: boolean;
  detailsSubmitted: boolean;
  chargesEnabled: boolean;
  payoutsEnabled: boolean;
}

/**
 * The connected payment account badge (docs/rules/editing-and-states.md).
 *
 * @example connectedAccountBadge({ connected: true, detailsSubmitted: true, chargesEnabled: false, payoutsEnabled: true }) // 'Pending'
 */
export function connectedAccountBadge(
  a: ConnectedAccountStatus,
): 'Disconnected' | 'Pending' | 'Connected' {
  if (!a.connected) return messages.badgeDisconnected;
  if (!a.detailsSubmitted || !a.chargesEnabled || !a.payoutsEnabled) return messages.badgePending;
  return messages.badgeConnected;
}

/**
 * Whether card refunds are possible: the card provider must be connected and its card method
 * enabled (docs/rules/roles-and-plans.md).
 *
 * @example cardProviderEnabled({ connected: true, detailsSubmitted: true, chargesEnabled: true, payoutsEnabled: true }) // true
 */
export function cardProviderEnabled(a: ConnectedAccountStatus | null | undefined): boolean {
  return !!a && a.connected && a.chargesEnabled;
}
