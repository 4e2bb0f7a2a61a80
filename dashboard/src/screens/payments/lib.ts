import type { PaymentMethod } from '../../../../engine/index.ts';
import type { BadgeTone } from '../../components/Badge.tsx';

/** How each Stripe payment method reads in the toggles (Stripe's own product names). */
export const METHOD_LABELS: Record<PaymentMethod, string> = {
  afterpay_clearpay: 'Afterpay / Clearpay',
  apple_pay: 'Apple Pay',
  card: 'Cards',
  google_pay: 'Google Pay',
  klarna: 'Klarna',
  link: 'Link',
  pay_by_bank: 'Pay by bank',
  revolut_pay: 'Revolut Pay',
};

export const BADGE_TONES: Record<'Disconnected' | 'Pending' | 'Connected', BadgeTone> = {
  Disconnected: 'neutral',
  Pending: 'warning',
  Connected: 'success',
};

/** The variables the server reads at start-up to take card payments (README "Payments"). */
export const STRIPE_ENV_VARS = [
  ['STRIPE_SECRET_KEY', 'your platform’s secret key (sk_live_… or sk_test_…)'],
  ['STRIPE_PUBLISHABLE_KEY', 'the matching publishable key (pk_…), for the payment page'],
  [
    'STRIPE_WEBHOOK_SECRET',
    'the signing secret (whsec_…) of the webhook endpoint /api/stripe/webhook',
  ],
] as const;
