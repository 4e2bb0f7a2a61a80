import * as v from 'valibot';

/*
 * The environment the product reads, as one valibot schema. Every variable is checked at start
 * and every problem is reported at once, one line each, so an operator fixes a bad deployment in
 * one go instead of one restart per mistake. docs/operations.md lists the same variables.
 */

const trimmed = (value: string | undefined) => {
  const text = value?.trim();
  return text ? text : undefined;
};

const isUrl = (text: string, protocols: string[]) => {
  try {
    return protocols.includes(new URL(text).protocol);
  } catch {
    return false;
  }
};

const port = (name: string) =>
  v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d{1,5}$/, `${name} must be a port number (1-65535).`),
      v.transform(Number),
      v.minValue(1, `${name} must be a port number (1-65535).`),
      v.maxValue(65535, `${name} must be a port number (1-65535).`),
    ),
  );

const seconds = (name: string, max: number) =>
  v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d{1,3}$/, `${name} must be a whole number of seconds (0-${max}).`),
      v.transform(Number),
      v.maxValue(max, `${name} must be a whole number of seconds (0-${max}).`),
    ),
  );

const httpUrl = (name: string, example: string) =>
  v.optional(
    v.pipe(
      v.string(),
      v.check(
        (text) => isUrl(text, ['http:', 'https:']),
        `${name} must be an http:// or https:// URL (e.g. ${example}).`,
      ),
    ),
  );

const POSTGRES = /^postgres(ql)?:\/\//;

/**
 * A SQLite file path, or a postgres:// URL naming a database. Anything else with a scheme
 * (mysql://, a typo like postgress://) is refused rather than taken for a file called that.
 */
const databaseUrl = v.optional(
  v.pipe(
    v.string(),
    v.check((text) => {
      if (POSTGRES.test(text)) {
        try {
          return new URL(text).pathname.replace(/^\//, '') !== '';
        } catch {
          return false;
        }
      }
      return !/^[a-z][a-z0-9+.-]*:\/\//i.test(text);
    }, 'DATABASE_URL must be a SQLite file path (e.g. data/classwise.db) or a postgres://user@host:5432/database URL naming a database.'),
  ),
);

const ADDRESS = /^[^\s@<>"]+@[^\s@<>"]+$/;
const mailFrom = v.optional(
  v.pipe(
    v.string(),
    v.check(
      (text) => ADDRESS.test((/<([^<>]+)>$/.exec(text)?.[1] ?? text).trim()),
      "MAIL_FROM must be an address like 'Classwise <hello@example.com>'.",
    ),
  ),
);

const smtpUrl = v.optional(
  v.pipe(
    v.string(),
    v.check(
      (text) => isUrl(text, ['smtp:', 'smtps:']) && new URL(text).hostname !== '',
      'SMTP_URL must be an smtp:// or smtps:// URL with a host (e.g. smtps://user:password@smtp.example.com:465).',
    ),
  ),
);

const origins = v.optional(
  v.pipe(
    v.string(),
    v.check(
      (text) =>
        text
          .split(',')
          .map((origin) => origin.trim())
          .filter(Boolean)
          .every((origin) => isUrl(origin, ['http:', 'https:'])),
      'ALLOWED_ORIGINS must be comma-separated http(s) origins (e.g. https://admin.example.com).',
    ),
  ),
);

const keyWith = (name: string, prefixes: string[]) =>
  v.optional(
    v.pipe(
      v.string(),
      v.check(
        (text) => prefixes.some((prefix) => text.startsWith(prefix)),
        `${name} must start with ${prefixes.join(' or ')}.`,
      ),
    ),
  );

const STRIPE_KEYS = [
  'STRIPE_SECRET_KEY',
  'STRIPE_PUBLISHABLE_KEY',
  'STRIPE_WEBHOOK_SECRET',
] as const;

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

export const envSchema = v.pipe(
  v.object({
    PORT: port('PORT'),
    DEMO_PORT: port('DEMO_PORT'),
    MAIL_CATCHER_PORT: port('MAIL_CATCHER_PORT'),
    DATABASE_URL: databaseUrl,
    PUBLIC_URL: httpUrl('PUBLIC_URL', 'https://book.example.com'),
    NODE_ENV: v.optional(
      v.picklist(
        ['development', 'production', 'test'],
        'NODE_ENV must be development, production or test.',
      ),
    ),
    DIST_DIR: v.optional(v.string()),
    STRIPE_SECRET_KEY: keyWith('STRIPE_SECRET_KEY', ['sk_', 'rk_']),
    STRIPE_PUBLISHABLE_KEY: keyWith('STRIPE_PUBLISHABLE_KEY', ['pk_']),
    STRIPE_WEBHOOK_SECRET: keyWith('STRIPE_WEBHOOK_SECRET', ['whsec_']),
    STRIPE_API_BASE: httpUrl('STRIPE_API_BASE', 'http://127.0.0.1:12111'),
    TRUST_PROXY: v.optional(
      v.pipe(
        v.string(),
        v.regex(/^\d{1,2}$/, 'TRUST_PROXY must be the number of proxy hops (0-10).'),
        v.transform(Number),
        v.maxValue(10, 'TRUST_PROXY must be the number of proxy hops (0-10).'),
      ),
    ),
    ALLOWED_ORIGINS: origins,
    SMTP_URL: smtpUrl,
    MAIL_FROM: mailFrom,
    SHUTDOWN_DRAIN_SECONDS: seconds('SHUTDOWN_DRAIN_SECONDS', 300),
    SHUTDOWN_TIMEOUT_SECONDS: seconds('SHUTDOWN_TIMEOUT_SECONDS', 600),
    PUBLIC_READ_CACHE_MS: v.optional(
      v.pipe(
        v.string(),
        v.regex(
          /^\d{1,5}$/,
          'PUBLIC_READ_CACHE_MS must be a whole number of milliseconds (0-10000).',
        ),
        v.transform(Number),
        v.maxValue(10000, 'PUBLIC_READ_CACHE_MS must be a whole number of milliseconds (0-10000).'),
      ),
    ),
    LOG_LEVEL: v.optional(
      v.picklist(LOG_LEVELS, `LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}.`),
    ),
  }),
  // Card payments need all three keys; some but not all is a half-done set-up, not "no Stripe".
  // partialCheck: reported even when other variables are wrong too.
  v.partialCheck(
    [['STRIPE_SECRET_KEY'], ['STRIPE_PUBLISHABLE_KEY'], ['STRIPE_WEBHOOK_SECRET']],
    (env) => {
      const set = STRIPE_KEYS.filter((key) => env[key] !== undefined).length;
      return set === 0 || set === STRIPE_KEYS.length;
    },
    `Set all of ${STRIPE_KEYS.join(', ')} for card payments, or none of them.`,
  ),
);

export type Env = v.InferOutput<typeof envSchema>;

/** Thrown with every problem found; `lines` holds one sentence per problem. */
export class ConfigError extends Error {
  constructor(readonly lines: string[]) {
    super(lines.join('\n'));
    this.name = 'ConfigError';
  }
}

/** Variables the production entry cannot guess (the demo has defaults for them). */
const REQUIRED_IN_PRODUCTION: Record<string, string> = {
  DATABASE_URL:
    'DATABASE_URL is required in production (postgres://… for several processes, or a SQLite file).',
  PUBLIC_URL: 'PUBLIC_URL is required in production: the address people open (https://…).',
  SMTP_URL:
    'SMTP_URL is required in production: confirmations and password resets are sent by e-mail.',
};

/**
 * Validates an environment: blank values count as unset, and each problem becomes one line.
 *
 * @example parseEnv(process.env, { production: true }) // throws ConfigError(['PUBLIC_URL is required…'])
 */
export function parseEnv(raw: NodeJS.ProcessEnv, { production = false } = {}): Env {
  const input = Object.fromEntries(
    Object.keys(envSchema.pipe[0].entries).map((key) => [key, trimmed(raw[key])]),
  );
  const result = v.safeParse(envSchema, input);
  const lines = result.success ? [] : result.issues.map((issue) => issue.message);
  if (production) {
    for (const [key, line] of Object.entries(REQUIRED_IN_PRODUCTION))
      if (input[key] === undefined) lines.push(line);
  }
  if (lines.length > 0 || !result.success) throw new ConfigError([...new Set(lines)]);
  return result.output;
}
