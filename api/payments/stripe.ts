import Stripe from 'stripe';
import type { AppConfig } from '../context.ts';
import { HttpError } from '../http/errors.ts';

/** What the product needs to talk to Stripe; all of it comes from the environment. */
export interface StripeSettings {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  /** Where the API is: unset for api.stripe.com, `http://127.0.0.1:12111` for the test server. */
  apiBase?: string;
}

/** Why card payments are off, shown by the dashboard and answered by the API (ours). */
export const STRIPE_NOT_CONFIGURED =
  'Card payments are not set up on this server. Set STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET, then restart it to connect a Stripe account.';

const STRIPE_KEYS = [
  'STRIPE_SECRET_KEY',
  'STRIPE_PUBLISHABLE_KEY',
  'STRIPE_WEBHOOK_SECRET',
] as const;

/**
 * Reads Stripe's settings from an environment. Card payments need all three keys: the secret
 * key to call Stripe, the publishable key for the /pay page's Stripe.js, the webhook secret to
 * believe Stripe's events (without which no booking would ever be confirmed). With none set
 * there is no Stripe at all (the demo); with some but not all, the server warns once, naming
 * what is missing, and runs as without Stripe: every payment path then says so instead of
 * pretending to charge.
 *
 * @example readStripeSettings({ STRIPE_SECRET_KEY: 'sk_test_…', STRIPE_PUBLISHABLE_KEY: 'pk_test_…', STRIPE_WEBHOOK_SECRET: 'whsec_…' })
 */
export function readStripeSettings(
  env: NodeJS.ProcessEnv,
  warn: (message: string) => void = (message) => console.warn(message),
): StripeSettings | null {
  const [secretKey, publishableKey, webhookSecret] = STRIPE_KEYS.map((k) => env[k]?.trim() ?? '');
  const missing = STRIPE_KEYS.filter((k) => !env[k]?.trim());
  if (missing.length === STRIPE_KEYS.length) return null;
  if (missing.length > 0) {
    warn(
      `[stripe] Card payments are OFF: ${missing.join(' and ')} ${missing.length === 1 ? 'is' : 'are'} not set. Set all of ${STRIPE_KEYS.join(', ')} (or none) and restart.`,
    );
    return null;
  }
  return {
    secretKey: secretKey!,
    publishableKey: publishableKey!,
    webhookSecret: webhookSecret!,
    ...(env.STRIPE_API_BASE?.trim() ? { apiBase: env.STRIPE_API_BASE.trim() } : {}),
  };
}

const clients = new WeakMap<StripeSettings, Stripe>();

/**
 * One SDK client per settings object. `apiBase` becomes the SDK's host, port and protocol
 * options, which is how tests point the real SDK at the local test server.
 *
 * @example const stripe = stripeClient(settings); await stripe.accounts.retrieve(id);
 */
export function stripeClient(settings: StripeSettings): Stripe {
  let client = clients.get(settings);
  if (!client) {
    const base = settings.apiBase ? new URL(settings.apiBase) : null;
    client = new Stripe(settings.secretKey, {
      maxNetworkRetries: 2,
      timeout: 20_000,
      appInfo: { name: 'Classwise' },
      ...(base
        ? {
            host: base.hostname,
            port: base.port || (base.protocol === 'https:' ? 443 : 80),
            protocol: base.protocol === 'https:' ? 'https' : 'http',
          }
        : {}),
    });
    clients.set(settings, client);
  }
  return client;
}

/** Stripe's settings and client, or a 503 with the explanation when the server has no keys. */
export function requireStripe(config: AppConfig): { settings: StripeSettings; stripe: Stripe } {
  const settings = config.stripe;
  if (!settings) throw new HttpError(503, STRIPE_NOT_CONFIGURED);
  return { settings, stripe: stripeClient(settings) };
}

/**
 * Turns an SDK error into our wire format: Stripe's own message (a 502 when Stripe failed, a
 * 400 when it refused the request) so the dashboard can append it to its
 * docs/rules/forms-and-messages.md text.
 */
export function stripeFailure(error: unknown): HttpError {
  if (error instanceof Stripe.errors.StripeError) {
    const status = error.statusCode && error.statusCode < 500 ? 400 : 502;
    return new HttpError(status, error.message);
  }
  return error instanceof HttpError
    ? error
    : new HttpError(502, String((error as Error)?.message ?? error));
}
