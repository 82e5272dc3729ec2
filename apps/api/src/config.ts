import { randomBytes } from 'node:crypto';
import ipaddr from 'ipaddr.js';
import { z } from 'zod';
import { redemptionModes } from '@refund/contracts/wallet';
import {
  definitions,
  type MethodDefaults,
  type MethodEnvShape,
  type MethodSettings,
} from './redemption-methods';

const bool = z
  .enum(['true', 'false', '1', '0'])
  .transform((value) => value === 'true' || value === '1');

/** proxy-addr's names for whole ranges, accepted beside addresses and CIDR blocks. */
const proxyRangeNames = new Set(['loopback', 'linklocal', 'uniquelocal']);

/**
 * Which senders may tell us the client's address (X-Forwarded-For): none by default, a hop count,
 * or the proxies' addresses. Trusting every sender would let anyone choose their own address.
 */
const trustProxy = z
  .string()
  .trim()
  .default('false')
  .transform((value, ctx): false | number | string[] => {
    if (value === '' || value === 'false' || value === '0') return false;
    if (/^\d+$/.test(value)) return Number(value);
    const entries = value
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean);
    const bad = entries.filter(
      (entry) =>
        !proxyRangeNames.has(entry) && !ipaddr.isValid(entry) && !ipaddr.isValidCIDR(entry),
    );
    if (value === 'true' || bad.length > 0 || entries.length === 0) {
      ctx.addIssue({
        code: 'custom',
        message:
          'a hop count, or a comma-separated list of proxy addresses or CIDR blocks (not "true")',
      });
      return z.NEVER;
    }
    // A block of every address (0.0.0.0/0, ::/0) trusts any client to write its own address.
    const everyone = entries.filter(
      (entry) => ipaddr.isValidCIDR(entry) && ipaddr.parseCIDR(entry)[1] === 0,
    );
    if (everyone.length > 0) {
      ctx.addIssue({
        code: 'custom',
        message: `${everyone.join(', ')} would trust every sender's X-Forwarded-For: name the proxies' addresses or blocks, or give a hop count`,
      });
      return z.NEVER;
    }
    return entries;
  });

/** A Sentry DSN (https://<public key>@<host>/<project id>); empty is the same as unset. */
const sentryDsn = z
  .string()
  .trim()
  .refine((value) => value === '' || /^https?:\/\/[^@/\s]+@[^/\s]+\/(?:\S*\/)?\d+$/.test(value), {
    message: 'a Sentry DSN, https://<key>@<host>/<project id>',
  })
  .transform((value) => value || undefined)
  .optional();

// Each redemption method's variables are its own (ADR 0014): they are read from its definition.
const methodEnv = Object.assign(
  {},
  ...definitions.map((definition) => definition.config.env),
) as MethodEnvShape;

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    /** localhost listens on both 127.0.0.1 and ::1, as the README's address needs. */
    HOST: z.string().default('localhost'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    /** Where Prometheus scrapes this instance (GET /metrics); none serves no metrics. */
    METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
    /** The metrics' address: this machine only unless an operator opens it. */
    METRICS_HOST: z.string().default('127.0.0.1'),
    /** Public address of the web app, used in links sent to customers. */
    PUBLIC_URL: z.url().optional(),
    DATA_DIR: z.string().default('.data'),
    DATABASE_URL: z.string().optional(),
    DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
    /**
     * A pooler in transaction mode (PgBouncer) in front of DATABASE_URL's PostgreSQL: the request
     * pool connects through it. What needs a session of its own (migrations, LISTEN, advisory
     * locks, the job queue) keeps connecting to DATABASE_URL.
     */
    DATABASE_POOL_URL: z.string().optional(),
    /** A streaming replica of DATABASE_URL's PostgreSQL, for the customers' money views. */
    DATABASE_READ_URL: z.string().optional(),
    /** How far behind the primary the replica may be and still be read. */
    DATABASE_READ_MAX_LAG_MS: z.coerce.number().int().min(10).max(60_000).default(1_000),
    LOG_LEVEL: z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
      .default('info'),
    BRAND_NAME: z.string().min(1).default('Refund Wallet'),
    /** Secret that signs access tokens; required in production. */
    JWT_SECRET: z.string().min(32).optional(),
    ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(30).max(3600).default(900),
    REFRESH_TOKEN_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
    /** Key that seals card numbers in the vault; required in production. */
    VAULT_KEY: z.string().min(32).optional(),
    /** Pepper mixed into one-time-code hashes. */
    OTP_SECRET: z.string().min(32).optional(),
    /** Sign-in and sign-up codes one phone number (or sign-up e-mail) may be sent in an hour. */
    OTP_SENDS_PER_PHONE_PER_HOUR: z.coerce.number().int().min(1).default(5),
    /** Codes to claim a refund (or verify its e-mail) one destination may be sent in an hour. */
    OTP_CLAIM_SENDS_PER_HOUR: z.coerce.number().int().min(1).default(10),
    /** Withdrawal passcodes and card-opening codes one customer's phone may be sent in an hour. */
    OTP_WITHDRAWAL_SENDS_PER_HOUR: z.coerce.number().int().min(1).default(30),
    /** Codes to a new phone number one destination may be sent in an hour. */
    OTP_CONTACT_CHANGE_SENDS_PER_HOUR: z.coerce.number().int().min(1).default(5),
    /** Sign-in, sign-up, claim and contact-change codes one IP address may ask for in an hour. */
    OTP_SENDS_PER_IP_PER_HOUR: z.coerce.number().int().min(1).default(20),
    /**
     * Analytics batches one IP address may send in a minute. A browser sends a few; people behind
     * one address (an office, a mobile carrier's NAT) share the allowance.
     */
    ANALYTICS_BATCHES_PER_IP_PER_MINUTE: z.coerce.number().int().min(1).default(60),
    SANDBOX: bool.optional(),
    WEB_DIST_DIR: z.string().optional(),
    /** Adds the demo customer on start; on by default outside production only. */
    SEED_DEMO_DATA: bool.optional(),
    /** Serves the API documentation at /v1/docs; on by default outside production only. */
    API_DOCS: bool.optional(),
    TRUST_PROXY: trustProxy,
    /**
     * PEM files (certificate chain and private key) to serve HTTPS with HTTP/2 (HTTP/1.1 too, for
     * clients without it) instead of plain HTTP; both or neither.
     */
    TLS_CERT_FILE: z.string().trim().min(1).optional(),
    TLS_KEY_FILE: z.string().trim().min(1).optional(),
    /** Comma-separated redemption modes switched off, e.g. "prepaid,fancash". */
    DISABLED_REDEMPTION_METHODS: z
      .string()
      .default('')
      .transform((value) =>
        value
          .split(',')
          .map((m) => m.trim())
          .filter(Boolean),
      )
      .pipe(z.array(z.enum(redemptionModes))),
    JOB_POLL_SECONDS: z.coerce.number().min(0.5).max(60).default(1),
    /**
     * How often the ledger's invariants are checked (on one instance at a time), for the metrics
     * and the error log; 0 never.
     */
    LEDGER_CHECK_INTERVAL_SECONDS: z.coerce.number().min(0).max(86_400).default(900),
    /**
     * A session this process checked and a profile it read are kept until the database announces
     * a change to their customer (at most 10 minutes). While announcements are not heard (the
     * PostgreSQL connection listening for them is down), a read is trusted this long. 0 turns
     * both caches off.
     */
    AUTH_CACHE_SECONDS: z.coerce.number().min(0).max(60).default(5),

    SMS_PROVIDER: z.enum(['sandbox', 'twilio']).default('sandbox'),
    TWILIO_ACCOUNT_SID: z.string().optional(),
    TWILIO_AUTH_TOKEN: z.string().optional(),
    TWILIO_FROM_NUMBER: z.string().optional(),
    TWILIO_BASE_URL: z.url().optional(),

    EMAIL_PROVIDER: z.enum(['sandbox', 'smtp']).default('sandbox'),
    SMTP_HOST: z.string().optional(),
    SMTP_PORT: z.coerce.number().int().optional(),
    SMTP_SECURE: bool.default(false),
    SMTP_USER: z.string().optional(),
    SMTP_PASSWORD: z.string().optional(),
    EMAIL_FROM: z.string().default('Refund Wallet <no-reply@refund-wallet.test>'),

    BOT_PROVIDER: z.enum(['sandbox', 'recaptcha', 'turnstile']).default('sandbox'),
    BOT_SITE_KEY: z.string().optional(),
    BOT_SECRET: z.string().optional(),
    BOT_MIN_SCORE: z.coerce.number().min(0).max(1).default(0.5),
    BOT_VERIFY_URL: z.url().optional(),

    /**
     * The welcome bonus credited, once per customer, with their first claimed refund: spend-only
     * money for gift cards and prepaid cards. Default $10 outside production, none (0) in it.
     */
    WELCOME_BONUS_CENTS: z.coerce.number().int().min(0).max(100_000).optional(),
    /**
     * The last day (YYYY-MM-DD, UTC) the welcome bonus can be spent; required with a bonus in
     * production, default the next June 30 outside it.
     */
    WELCOME_BONUS_EXPIRES_ON: z.iso.date({ error: 'a date, YYYY-MM-DD' }).optional(),
    /**
     * The free play the sports merchant funds: credited to the wallet once per customer (and per
     * device) who claimed a refund. Default $10 outside production, none (0) in it.
     */
    FREE_PLAY_CENTS: z.coerce.number().int().min(0).max(100_000).optional(),
    /**
     * The last day (YYYY-MM-DD, UTC) the free play can be claimed; required with a free play in
     * production, default the next June 30 outside it.
     */
    FREE_PLAY_ENDS_ON: z.iso.date({ error: 'a date, YYYY-MM-DD' }).optional(),
    /** Who funds the free play, as the promotion page names them. */
    FREE_PLAY_SPONSOR: z.string().trim().min(1).max(60).default('Fanatics'),
    /**
     * How many accounts signed in from one device (its FingerprintJS visitor id) may claim the
     * free play: a risk signal against one person with many accounts. Identical devices can share
     * a visitor id, so it allows a few.
     */
    FREE_PLAY_ACCOUNTS_PER_DEVICE: z.coerce.number().int().min(1).max(1000).default(3),
    /** The e-mail address customers write to for help with a gift card; required in production. */
    SUPPORT_EMAIL: z.email({ error: 'an e-mail address' }).optional(),
    /**
     * PostHog project key (public, handed out in /v1/app-config): with it, the web app and the
     * API send analytics events to PostHog; without it, to the API's own analytics table.
     */
    POSTHOG_KEY: z.string().trim().min(1).max(200).optional(),
    /** The PostHog instance events go to. */
    POSTHOG_HOST: z.url({ error: 'a URL' }).default('https://us.i.posthog.com'),
    /** Sentry DSN the API reports unexpected errors to; unset, nothing is reported. */
    SENTRY_DSN: sentryDsn,
    /** Sentry DSN the web app reports errors to (public, handed out in /v1/app-config). */
    SENTRY_DSN_WEB: sentryDsn,
    /** The environment error reports are filed under; default NODE_ENV. */
    SENTRY_ENVIRONMENT: z.string().trim().min(1).max(64).optional(),
    /**
     * The OpenTelemetry collector traces go to (OTLP; its other OTEL_* settings are the SDK's
     * own, README "Traces"). Unset, no trace is made or sent. Read by main.ts before this
     * check, which refuses a value that is not a URL.
     */
    OTEL_EXPORTER_OTLP_ENDPOINT: z.url({ error: 'a URL' }).optional(),
    ...methodEnv,
  })
  .superRefine((env, ctx) => {
    const need = (key: keyof typeof env, why: string) => {
      if (!env[key]) ctx.addIssue({ code: 'custom', path: [key], message: `required ${why}` });
    };
    const production = env.NODE_ENV === 'production';
    if (env.TLS_CERT_FILE) need('TLS_KEY_FILE', 'with TLS_CERT_FILE');
    if (env.TLS_KEY_FILE) need('TLS_CERT_FILE', 'with TLS_KEY_FILE');
    if (env.DATABASE_POOL_URL) need('DATABASE_URL', 'with DATABASE_POOL_URL');
    if (env.DATABASE_READ_URL) need('DATABASE_URL', 'with DATABASE_READ_URL');
    if (env.NODE_ENV === 'production') {
      need('JWT_SECRET', 'in production');
      need('OTP_SECRET', 'in production');
      need('VAULT_KEY', 'in production');
      need('PUBLIC_URL', 'in production');
      need('SUPPORT_EMAIL', 'in production (the gift card instructions name it)');
      if (env.SANDBOX) {
        ctx.addIssue({
          code: 'custom',
          path: ['SANDBOX'],
          message: 'the sandbox cannot run in production',
        });
      }
      // Each provider left on the sandbox is named: the operator fixes the variable at fault.
      const providers = [
        'SMS_PROVIDER',
        'EMAIL_PROVIDER',
        'BOT_PROVIDER',
        ...definitions.flatMap((definition) => definition.config.providers),
      ];
      for (const name of providers) {
        if (env[name as keyof typeof env] !== 'sandbox') continue;
        ctx.addIssue({
          code: 'custom',
          path: [name],
          message: 'sandbox providers cannot run in production',
        });
      }
    }
    if (env.SMS_PROVIDER === 'twilio') {
      need('TWILIO_ACCOUNT_SID', 'for SMS_PROVIDER=twilio');
      need('TWILIO_AUTH_TOKEN', 'for SMS_PROVIDER=twilio');
      need('TWILIO_FROM_NUMBER', 'for SMS_PROVIDER=twilio');
    }
    if (env.EMAIL_PROVIDER === 'smtp') need('SMTP_HOST', 'for EMAIL_PROVIDER=smtp');
    if ((env.WELCOME_BONUS_CENTS ?? 0) > 0 && env.NODE_ENV === 'production') {
      need('WELCOME_BONUS_EXPIRES_ON', 'with WELCOME_BONUS_CENTS in production');
    }
    if ((env.FREE_PLAY_CENTS ?? 0) > 0 && env.NODE_ENV === 'production') {
      need('FREE_PLAY_ENDS_ON', 'with FREE_PLAY_CENTS in production');
    }
    if (env.BOT_PROVIDER !== 'sandbox') {
      need('BOT_SECRET', `for BOT_PROVIDER=${env.BOT_PROVIDER}`);
      need('BOT_SITE_KEY', `for BOT_PROVIDER=${env.BOT_PROVIDER}`);
    }
    for (const definition of definitions) {
      definition.config.check?.(env, (key, why) => need(key as keyof typeof env, why), production);
    }
  });

export type Env = z.infer<typeof envSchema>;

export const secretNames = ['JWT_SECRET', 'OTP_SECRET', 'VAULT_KEY'] as const;
export type SecretName = (typeof secretNames)[number];

/** Every variable, each method's with its defaults resolved (MethodSettings). */
type ResolvedEnv = Omit<Env, keyof MethodSettings> & MethodSettings;

export interface Config extends ResolvedEnv {
  SANDBOX: boolean;
  WELCOME_BONUS_CENTS: number;
  FREE_PLAY_CENTS: number;
  SEED_DEMO_DATA: boolean;
  API_DOCS: boolean;
  JWT_SECRET: string;
  OTP_SECRET: string;
  VAULT_KEY: string;
  PUBLIC_URL: string;
  SUPPORT_EMAIL: string;
  /**
   * Secrets the environment did not give (never in production): made up at random here, then
   * replaced at start-up by the ones kept in the data folder (see dev-secrets.ts).
   */
  generatedSecrets: readonly SecretName[];
}

/** The next June 30 (today if it is one), YYYY-MM-DD: the sandbox's welcome bonus's last day. */
function nextJune30(now: Date): string {
  const year = now.getUTCFullYear();
  const thisYear = Date.UTC(year, 5, 30);
  const today = Date.UTC(year, now.getUTCMonth(), now.getUTCDate());
  return `${today <= thisYear ? year : year + 1}-06-30`;
}

/** The address a browser reaches a server listening on `host` at. */
function defaultPublicUrl(host: string, port: number, tls: boolean): string {
  const unspecified = host === '0.0.0.0' || host === '::' || host === '';
  const name = unspecified ? 'localhost' : host.includes(':') ? `[${host}]` : host;
  return `${tls ? 'https' : 'http'}://${name}:${port}`;
}

export class ConfigError extends Error {}

/** Parses the environment, listing every problem at once. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const problems = parsed.error.issues.map(
      (i) => `  ${i.path.join('.') || '(env)'}: ${i.message}`,
    );
    throw new ConfigError(`Invalid configuration:\n${problems.join('\n')}`);
  }
  const env = parsed.data;
  const production = env.NODE_ENV === 'production';
  const generatedSecrets = secretNames.filter((name) => !env[name]);
  // Never a shared constant: a public development secret would let anyone forge tokens.
  const secret = (name: SecretName) => env[name] ?? randomBytes(32).toString('base64url');
  // Each method's defaults over its variables, as its definition resolves them.
  const methodSettings = Object.assign(
    {},
    ...definitions.map((definition) => definition.config.defaults?.(env, production)),
  ) as MethodDefaults;
  return {
    ...env,
    ...methodSettings,
    SANDBOX: env.SANDBOX ?? !production,
    WELCOME_BONUS_CENTS: env.WELCOME_BONUS_CENTS ?? (production ? 0 : 1_000),
    WELCOME_BONUS_EXPIRES_ON: env.WELCOME_BONUS_EXPIRES_ON ?? nextJune30(new Date()),
    FREE_PLAY_CENTS: env.FREE_PLAY_CENTS ?? (production ? 0 : 1_000),
    FREE_PLAY_ENDS_ON: env.FREE_PLAY_ENDS_ON ?? nextJune30(new Date()),
    SEED_DEMO_DATA: env.SEED_DEMO_DATA ?? !production,
    API_DOCS: env.API_DOCS ?? !production,
    JWT_SECRET: secret('JWT_SECRET'),
    OTP_SECRET: secret('OTP_SECRET'),
    VAULT_KEY: secret('VAULT_KEY'),
    PUBLIC_URL:
      env.PUBLIC_URL ?? defaultPublicUrl(env.HOST, env.PORT, env.TLS_CERT_FILE !== undefined),
    // The sandbox's address is on a reserved domain: nothing written to it reaches anyone.
    SUPPORT_EMAIL: env.SUPPORT_EMAIL ?? 'support@refund-wallet.example',
    generatedSecrets,
  };
}
