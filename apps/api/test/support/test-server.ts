import { Writable } from 'node:stream';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { loadConfig } from '../../src/config';
import { createLogger } from '../../src/http/logger';
import { createServer, type RunningServer, type ServerOptions } from '../../src/server';
import { appendRunLog, withoutClockFields } from './run-logs';

export interface TestServer extends RunningServer {
  /**
   * Every log line the server wrote, with the logger's clock readings blanked (see
   * withoutClockFields), for checks that nothing secret reaches the logs. They also go to the
   * run's log, which global-setup.ts checks for the fixtures' personal data.
   */
  logLines: string[];
}

/**
 * A whole server on a real database: PostgreSQL when TEST_DATABASE_URL is set, otherwise a fresh
 * in-memory embedded engine. Tests make their own unique data, so they can share a database.
 */
/** The one-time-code pepper test servers use, so fixtures can mint codes for their attempts. */
export const TEST_OTP_SECRET = 'test-only-otp-secret-0123456789abcdef';

/**
 * Secrets every test server uses unless a test says otherwise. On PostgreSQL the servers of a run
 * share one database, so a card sealed by one server (or a child server) is opened by another.
 */
export const TEST_SECRETS = {
  JWT_SECRET: 'test-only-jwt-secret-shared-0123456789abcdef',
  OTP_SECRET: TEST_OTP_SECRET,
  VAULT_KEY: 'test-only-vault-key-shared-0123456789abcdef',
} as const;

/** The secret Increase webhooks to test servers are signed with (when Increase is selected). */
export const TEST_INCREASE_WEBHOOK_SECRET = 'whsec_test_only_increase_0123456789';

export async function startTestServer(
  env: Record<string, string | undefined> = {},
  options: ServerOptions = {},
): Promise<TestServer> {
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'info',
    DATA_DIR: 'memory://',
    SEED_DEMO_DATA: 'false',
    JOB_POLL_SECONDS: '0.5',
    OTP_SENDS_PER_IP_PER_HOUR: '1000000',
    WEB_DIST_DIR: '/nonexistent',
    // Balances are the refunded money alone unless a test offers the welcome bonus.
    WELCOME_BONUS_CENTS: '0',
    // Nor do brands pay earn-rewards rewards unless a test names its offers.
    EARN_REWARDS_OFFERS: '',
    ...TEST_SECRETS,
    INCREASE_WEBHOOK_SECRET: TEST_INCREASE_WEBHOOK_SECRET,
    ...(process.env.TEST_DATABASE_URL ? { DATABASE_URL: process.env.TEST_DATABASE_URL } : {}),
    ...env,
  });
  const logLines: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      const line = chunk.toString('utf8');
      logLines.push(withoutClockFields(line));
      appendRunLog(line);
      done();
    },
  });
  const server = await createServer(config, createLogger(config.LOG_LEVEL, sink), options);
  await server.app.ready();
  return { ...server, logLines };
}

export interface CallOptions {
  token?: string | null;
  cookie?: string | null;
  ip?: string;
  headers?: Record<string, string>;
}

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';

export async function call(
  app: FastifyInstance,
  method: Method,
  url: string,
  body?: unknown,
  options: CallOptions = {},
): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.cookie) headers.cookie = options.cookie;
  return app.inject({
    method,
    url,
    headers,
    remoteAddress: options.ip ?? '127.0.0.1',
    ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
  });
}

/** The refresh-token cookie a response set, as a Cookie header value. */
export function refreshCookieFrom(response: LightMyRequestResponse): string | null {
  const cookie = response.cookies.find((c) => c.name === 'refresh_token');
  return cookie && cookie.value ? `refresh_token=${cookie.value}` : null;
}
