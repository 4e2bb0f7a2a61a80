import { describe, expect, it } from 'vitest';
import { ConfigError, parseEnv } from './config.ts';
import { readConfig } from './server.ts';

/* The environment check: every problem at once, one line each; good values read as typed. */
const problems = (env: Record<string, string>, production = false) => {
  try {
    parseEnv(env, { production });
    return [];
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as ConfigError).lines;
  }
};

describe('parseEnv', () => {
  it('accepts an empty environment for the demo, and blank values count as unset', () => {
    expect(problems({})).toEqual([]);
    expect(problems({ PORT: '  ', SMTP_URL: '' })).toEqual([]);
  });

  it('reads a full production environment', () => {
    const config = readConfig(
      {
        PORT: '8080',
        DATABASE_URL: 'postgres://classwise:pw@db.internal:5432/classwise',
        PUBLIC_URL: 'https://book.example.com',
        SMTP_URL: 'smtps://user:pass@smtp.example.com:465',
        MAIL_FROM: 'Riverside <hello@example.com>',
        TRUST_PROXY: '1',
        ALLOWED_ORIGINS: 'https://admin.example.com, https://other.example.com/',
        STRIPE_SECRET_KEY: 'sk_live_1',
        STRIPE_PUBLISHABLE_KEY: 'pk_live_1',
        STRIPE_WEBHOOK_SECRET: 'whsec_1',
        LOG_LEVEL: 'debug',
        SHUTDOWN_DRAIN_SECONDS: '10',
      },
      { production: true },
    );
    expect(config).toMatchObject({
      port: 8080,
      production: true,
      trustProxy: 1,
      allowedOrigins: ['https://admin.example.com', 'https://other.example.com'],
      logLevel: 'debug',
      drainMs: 10_000,
      mail: { smtpUrl: 'smtps://user:pass@smtp.example.com:465', from: { name: 'Riverside' } },
      stripe: { secretKey: 'sk_live_1', webhookSecret: 'whsec_1' },
    });
  });

  it('names each wrong value on its own line', () => {
    expect(
      problems({
        PORT: '70000',
        DATABASE_URL: 'postgres://db.example.com:5432',
        PUBLIC_URL: 'book.example.com',
        NODE_ENV: 'staging',
        SMTP_URL: 'mail.example.com:25',
        MAIL_FROM: 'nobody',
        TRUST_PROXY: '-1',
        ALLOWED_ORIGINS: 'https://ok.example.com,admin',
        STRIPE_WEBHOOK_SECRET: 'whsec_1',
        LOG_LEVEL: 'loud',
        SHUTDOWN_TIMEOUT_SECONDS: 'soon',
      }),
    ).toEqual([
      'PORT must be a port number (1-65535).',
      'DATABASE_URL must be a SQLite file path (e.g. data/classwise.db) or a postgres://user@host:5432/database URL naming a database.',
      'PUBLIC_URL must be an http:// or https:// URL (e.g. https://book.example.com).',
      'NODE_ENV must be development, production or test.',
      'TRUST_PROXY must be the number of proxy hops (0-10).',
      'ALLOWED_ORIGINS must be comma-separated http(s) origins (e.g. https://admin.example.com).',
      'SMTP_URL must be an smtp:// or smtps:// URL with a host (e.g. smtps://user:password@smtp.example.com:465).',
      "MAIL_FROM must be an address like 'Classwise <hello@example.com>'.",
      'SHUTDOWN_TIMEOUT_SECONDS must be a whole number of seconds (0-600).',
      'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent.',
      'Set all of STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY, STRIPE_WEBHOOK_SECRET for card payments, or none of them.',
    ]);
  });

  it('refuses keys of the wrong kind, and two of three Stripe keys', () => {
    expect(
      problems({
        STRIPE_SECRET_KEY: 'pk_live_1',
        STRIPE_PUBLISHABLE_KEY: 'pk_live_1',
      }),
    ).toEqual([
      'STRIPE_SECRET_KEY must start with sk_ or rk_.',
      'Set all of STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY, STRIPE_WEBHOOK_SECRET for card payments, or none of them.',
    ]);
    expect(problems({ DATABASE_URL: 'mysql://db/classwise' })).toHaveLength(1);
    expect(problems({ DATABASE_URL: 'data/classwise.db' })).toEqual([]);
    expect(problems({ DATABASE_URL: 'postgresql://u@h/classwise' })).toEqual([]);
  });

  it('the production entry requires what it cannot guess', () => {
    expect(problems({}, true)).toEqual([
      'DATABASE_URL is required in production (postgres://… for several processes, or a SQLite file).',
      'PUBLIC_URL is required in production: the address people open (https://…).',
      'SMTP_URL is required in production: confirmations and password resets are sent by e-mail.',
    ]);
  });
});
