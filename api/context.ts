import type { Db, Dialect } from './db/connection.ts';
import type { Logger } from './log/logger.ts';
import type { KeptRead } from './middleware/public-read-cache.ts';
import type { StripeSettings } from './payments/stripe.ts';

/** Who is calling: resolved once per request by the auth middleware. */
export interface Caller {
  /**
   * The account whose children and bookings these are. For a guardian of another parent's
   * household (docs/rules/households.md) that is the household's main account, so every query
   * scoped by it shows the household's children and bookings.
   */
  userId: string;
  /** The person signed in, when a guardian: their own details, password and 'booked by'. */
  guardianId?: string;
  clientId: string;
  role: 'admin' | 'customer' | 'coach';
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
  /**
   * How many proxies in front of us append to X-Forwarded-For (TRUST_PROXY). 0 or absent: the
   * header is ignored and the socket's address is the caller's, so nobody can name their own.
   */
  trustProxy?: number;
  /**
   * Origins besides publicUrl's whose pages may send cookie-authenticated writes (ALLOWED_ORIGINS),
   * e.g. a dashboard served from another host name.
   */
  allowedOrigins?: string[];
  /** Request log (one JSON line per request); absent in tests and quiet demos. */
  logger?: Logger;
  /** True once a shutdown began: readiness answers 503 so a balancer drains this process. */
  draining?: () => boolean;
  /**
   * How long an anonymous public read may be answered from memory (PUBLIC_READ_CACHE_MS;
   * api/middleware/public-read-cache.ts). 0 or absent: built for every request, as in tests.
   */
  publicReadCacheMs?: number;
}

export interface AppEnv {
  Variables: {
    db: Db;
    dialect: Dialect;
    config: AppConfig;
    caller: Caller | null;
    /** A public read answered from, or kept in, memory: compression keeps its bytes there. */
    keptRead?: KeptRead;
  };
}
