import { Writable } from 'node:stream';
import { PGlite } from '@electric-sql/pglite';
import { DrizzleQueryError, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger, linesByTurn, statementName } from './logger';

const email = 'jamie.oneil@example.com';
const phone = '2025550143';

function logOf(error: unknown): { line: string; err: Record<string, unknown> } {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString('utf8'));
      done();
    },
  });
  createLogger('info', sink).error({ err: error }, 'request failed');
  const line = lines.join('');
  return { line, err: (JSON.parse(line) as { err: Record<string, unknown> }).err };
}

function expectNoPersonalData(line: string) {
  expect(line).not.toContain(email);
  expect(line).not.toContain(phone);
  expect(line).not.toContain('555-0143');
}

describe('error serializer', () => {
  let client: PGlite;
  let db: ReturnType<typeof drizzle>;
  beforeAll(async () => {
    client = new PGlite();
    db = drizzle(client);
    await db.execute(sql`create table people (email text unique, phone text, age int)`);
    await db.execute(sql`insert into people (email, phone) values (${email}, ${phone})`);
  }, 60_000);
  afterAll(() => client.close());

  it('a failed statement on the embedded engine: SQLSTATE and statement name, no values', async () => {
    const error = await db
      .execute(sql`insert into people (email, phone) values (${email}, ${phone})`)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DrizzleQueryError);
    const { line, err } = logOf(error);
    expectNoPersonalData(line);
    expect(err).toMatchObject({
      type: 'DrizzleQueryError',
      statement: 'insert people',
      sqlstate: '23505',
      cause: { sqlstate: '23505', constraint: 'people_email_key', table: 'people' },
    });
  });

  it('values PostgreSQL quotes back in its message are masked', async () => {
    const error = await db
      .execute(sql`select * from people where age = ${`${phone} ${email}`}::int`)
      .catch((e: unknown) => e);
    const { line, err } = logOf(error);
    expectNoPersonalData(line);
    expect(err).toMatchObject({ statement: 'select people', cause: { sqlstate: '22P02' } });
  });

  it('a failed statement on PostgreSQL: detail and parameters stay out', () => {
    // What node-postgres raises for a unique violation, as its protocol parser builds it.
    const cause = Object.assign(
      new pg.DatabaseError(
        'duplicate key value violates unique constraint "users_email_key"',
        200,
        'error',
      ),
      {
        severity: 'ERROR',
        code: '23505',
        detail: `Key (email)=(${email}) already exists.`,
        schema: 'public',
        table: 'users',
        constraint: 'users_email_key',
        routine: '_bt_check_unique',
        where: `SQL function with argument ${phone}`,
      },
    );
    const error = new DrizzleQueryError(
      'insert into "users" ("email", "phone_number") values ($1, $2)',
      [email, phone],
      cause,
    );
    const { line, err } = logOf(error);
    expectNoPersonalData(line);
    expect(line).not.toContain('Key (email)');
    expect(err).toMatchObject({
      type: 'DrizzleQueryError',
      message: 'Failed query: insert users',
      statement: 'insert users',
      sqlstate: '23505',
      cause: {
        type: 'DatabaseError',
        sqlstate: '23505',
        table: 'users',
        constraint: 'users_email_key',
        routine: '_bt_check_unique',
      },
    });
    expect(String(err.stack)).toMatch(/^DrizzleQueryError: Failed query: insert users\n\s+at /);
  });

  it('other errors keep their message and fields, with e-mail addresses and long numbers masked', () => {
    const error = Object.assign(
      new Error(`could not text ${phone} or (202) 555-0143 or mail ${email}`, {
        cause: new Error(`card 4000056655665556 refused`),
      }),
      { statusCode: 502, vendor: 'twilio' },
    );
    const { line, err } = logOf(error);
    expectNoPersonalData(line);
    expect(line).not.toContain('4000056655665556');
    expect(err).toMatchObject({
      type: 'Error',
      message: 'could not text [number] or ([number] or mail [email]',
      statusCode: 502,
      vendor: 'twilio',
      cause: { message: 'card [number] refused' },
    });
  });

  it('names statements from their SQL text alone', () => {
    expect(statementName('select "id" from "refresh_tokens" where "token_hash" = $1')).toBe(
      'select refresh_tokens',
    );
    expect(statementName('update "sessions" set "revoked_at" = now()')).toBe('update sessions');
    expect(statementName('delete from "otp_sends" where ip = $1')).toBe('delete otp_sends');
    expect(statementName('with x as (select 1) select * from x')).toBe('with');
  });
});

describe('redaction', () => {
  function lineOf(write: (logger: ReturnType<typeof createLogger>) => void) {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString('utf8'));
        done();
      },
    });
    write(createLogger('info', sink));
    return JSON.parse(lines.join('')) as Record<string, unknown>;
  }
  const secretKeys = [
    'authorization',
    'cookie',
    'password',
    'secret',
    'token',
    'access_token',
    'refresh_token',
    'bot_token',
    'code',
    'otp',
    'phone_number',
    'phoneNumber',
    'email',
    'to',
    'body',
    'card_number',
    'cvv',
  ];

  it('hides every secret field of what a line logs, and keeps the rest', () => {
    const nested = Object.fromEntries(secretKeys.map((key) => [key, `${key}-value`]));
    const line = lineOf((logger) =>
      logger.info({ attempt: { ...nested, kept: 'visible', count: 3 } }, 'sent'),
    );
    expect(line.attempt).toEqual({
      ...Object.fromEntries(secretKeys.map((key) => [key, '[redacted]'])),
      kept: 'visible',
      count: 3,
    });
    expect(JSON.stringify(line)).not.toContain('-value');
  });

  it("hides them in a child logger's fields and in a logged error's own fields", () => {
    const line = lineOf((logger) =>
      logger
        .child({ customer: { email, id: 'c1' } })
        .error({ err: Object.assign(new Error('refused'), { code: '123456' }) }, 'failed'),
    );
    expect(line.customer).toEqual({ email: '[redacted]', id: 'c1' });
    expect((line.err as Record<string, unknown>).code).toBe('[redacted]');
    expect((line.err as Record<string, unknown>).message).toBe('refused');
  });

  it('leaves a request line as it is: its id, method, route and status', () => {
    const line = lineOf((logger) =>
      logger.info(
        {
          req: { id: 'r1', method: 'GET', url: '/v1/x?to=1', routeOptions: { url: '/v1/x' } },
          res: { statusCode: 200 },
          responseTime: 1.5,
        },
        'request completed',
      ),
    );
    expect(line).toMatchObject({
      req: { id: 'r1', method: 'GET', path: '/v1/x' },
      res: { statusCode: 200 },
      responseTime: 1.5,
    });
  });
});

describe('linesByTurn', () => {
  it('writes the lines of one turn of the event loop in one write, in their order', async () => {
    const writes: string[] = [];
    const lines = linesByTurn({ write: (chunk: string) => void writes.push(chunk) });
    lines.write('a\n');
    lines.write('b\n');
    expect(writes).toEqual([]);
    await new Promise((resolve) => setImmediate(resolve));
    expect(writes).toEqual(['a\nb\n']);
    lines.write('c\n');
    await new Promise((resolve) => setImmediate(resolve));
    expect(writes).toEqual(['a\nb\n', 'c\n']);
  });

  it('writes what is waiting when asked to flush, as the process exits', () => {
    const writes: string[] = [];
    const lines = linesByTurn({ write: (chunk: string) => void writes.push(chunk) });
    lines.write('last words\n');
    lines.flush();
    expect(writes).toEqual(['last words\n']);
    lines.flush();
    expect(writes).toEqual(['last words\n']);
  });
});
