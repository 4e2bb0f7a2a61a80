import type { Db, Dialect } from './db/connection.ts';
import type { StripeSettings } from './payments/stripe.ts';

/** Who is calling: resolved once per request by the auth middleware. */
export interface Caller {
  userId: string;
  clientId: string;
  role: 'admin' | 'customer';
}

export interface AppConfig {
  /** Secure cookies and strict headers in production. */
  production: boolean;
  /** Where built front ends live (dist/); absent in API-only tests. */
  distDir?: string;
  /** Origins allowed to frame /pay pages and receive postMessage; the widget runs anywhere. */
  publicUrl: string;
  /** Stripe keys (and the test server's address in tests); null without keys, as in the demo. */
  stripe?: StripeSettings | null;
}

export interface AppEnv {
  Variables: {
    db: Db;
    dialect: Dialect;
    config: AppConfig;
    caller: Caller | null;
  };
}
