import { describe, expect, it } from 'vitest';
import { readStripeSettings } from './stripe.ts';

/* Stripe's settings come from the environment, all three keys or none. */

const all = {
  STRIPE_SECRET_KEY: 'sk_test_1',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_1',
  STRIPE_WEBHOOK_SECRET: 'whsec_1',
};

describe('readStripeSettings', () => {
  it('takes the three keys together', () => {
    const warnings: string[] = [];
    expect(
      readStripeSettings({ ...all, STRIPE_API_BASE: ' http://127.0.0.1:1 ' }, (m) =>
        warnings.push(m),
      ),
    ).toEqual({
      secretKey: 'sk_test_1',
      publishableKey: 'pk_test_1',
      webhookSecret: 'whsec_1',
      apiBase: 'http://127.0.0.1:1',
    });
    expect(warnings).toEqual([]);
  });

  it('is off, quietly, with no keys (the demo)', () => {
    const warnings: string[] = [];
    expect(readStripeSettings({}, (m) => warnings.push(m))).toBeNull();
    expect(warnings).toEqual([]);
  });

  it('is off, with a warning naming what is missing, with only some keys', () => {
    const warnings: string[] = [];
    // The secret key alone used to turn card payments on with an empty publishable key.
    expect(
      readStripeSettings({ STRIPE_SECRET_KEY: 'sk_test_1' }, (m) => warnings.push(m)),
    ).toBeNull();
    expect(
      readStripeSettings({ ...all, STRIPE_WEBHOOK_SECRET: '  ' }, (m) => warnings.push(m)),
    ).toBeNull();
    expect(warnings).toHaveLength(2);
    expect(warnings[0]).toContain('STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET are not set');
    expect(warnings[1]).toContain('STRIPE_WEBHOOK_SECRET is not set');
    expect(warnings[1]).not.toContain('STRIPE_SECRET_KEY is');
  });
});
