import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import { NO_WORK_FIELDS, workLogFields } from '../observability/work-context';

/**
 * Fields that may hold secrets, codes, tokens, card data or phone numbers, wherever a line's
 * fields hold them (`{ attempt: { code } }`, a child logger's fields, an error's own fields).
 * Request bodies and query strings are never logged in the first place; this is the second line
 * of defence.
 */
export const redactedKeys: ReadonlySet<string> = new Set([
  'authorization',
  'cookie',
  'set-cookie',
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
]);

const REDACTED = '[redacted]';

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' &&
  value !== null &&
  (Object.getPrototypeOf(value) === Object.prototype || Object.getPrototypeOf(value) === null);

/** The object with its secret fields hidden: a copy where there are any, else itself. */
function withoutSecrets<T>(value: T, depth = 0): T {
  if (!isPlainObject(value) || depth > 2) return value;
  let copy: Record<string, unknown> | null = null;
  for (const [key, inner] of Object.entries(value)) {
    const hidden = redactedKeys.has(key) ? REDACTED : withoutSecrets(inner, depth + 1);
    if (hidden !== inner) {
      copy ??= { ...value };
      copy[key] = hidden;
    }
  }
  return (copy ?? value) as T;
}

/** Each field of a line's own fields (not the line itself) with its secrets hidden. */
function fieldsWithoutSecrets(fields: Record<string, unknown>): Record<string, unknown> {
  let copy: Record<string, unknown> | null = null;
  for (const [key, value] of Object.entries(fields)) {
    if (key in serializers) continue;
    const hidden = withoutSecrets(value);
    if (hidden !== value) {
      copy ??= { ...fields };
      copy[key] = hidden;
    }
  }
  return copy ?? fields;
}

const SQLSTATE = /^[0-9A-Z]{5}$/;

/**
 * What a database error may say about itself in a log line. Its `detail`, `where`, `hint`,
 * `internalQuery` and the query's parameters can carry the values of the row (`Key
 * (email)=(a@b.com) already exists`), so they are never copied.
 */
const DATABASE_FIELDS = ['severity', 'schema', 'table', 'column', 'dataType', 'constraint'];

/** An error from the PostgreSQL server (node-postgres or the embedded engine): it has a SQLSTATE. */
function isDatabaseError(error: Record<string, unknown>): boolean {
  return (
    typeof error.code === 'string' &&
    SQLSTATE.test(error.code) &&
    typeof error.severity === 'string'
  );
}

/**
 * The query builder's wrapper around a failed statement: its SQL and all its parameters. (The
 * embedded engine's own errors carry the query and parameters too; they are database errors
 * first.)
 */
function isQueryError(error: Record<string, unknown>): error is Record<string, unknown> & {
  query: string;
} {
  return typeof error.query === 'string' && 'params' in error;
}

/**
 * A short name for a statement, from its SQL text alone: `insert refunds`, `select users`,
 * `update sessions`. Parameters are never part of it.
 */
export function statementName(query: string): string {
  const sqlText = query.trim().replace(/\s+/g, ' ').toLowerCase();
  const table = (pattern: RegExp) => pattern.exec(sqlText)?.[1]?.replaceAll('"', '');
  const verb = /^[a-z]+/.exec(sqlText)?.[0] ?? 'statement';
  const target =
    verb === 'insert'
      ? table(/^insert into ("?[\w.]+"?)/)
      : verb === 'update'
        ? table(/^update ("?[\w.]+"?)/)
        : verb === 'delete'
          ? table(/^delete from ("?[\w.]+"?)/)
          : verb === 'select'
            ? table(/ from ("?[\w.]+"?)/)
            : undefined;
  return target ? `${verb} ${target}` : verb;
}

const EMAIL = /[\w.%+'-]+@[\w-]+(\.[\w-]+)+/g;
/** Ten to nineteen digits, with or without separators: phone, card and account numbers. */
const LONG_NUMBER = /(?<![\w.])\+?\d(?:[\s().-]{0,2}\d){9,18}(?![\w])/g;
const QUOTED = /"[^"]*"/g;

/** Masks what looks like personal data in text an error wrote about itself. */
function scrub(textValue: string): string {
  return textValue.replace(EMAIL, '[email]').replace(LONG_NUMBER, '[number]');
}

/** The call frames of a stack, under a header the caller has made safe. */
function framesOf(stack: unknown, header: string): string | undefined {
  if (typeof stack !== 'string') return undefined;
  const frames = stack.split('\n').filter((line) => /^\s+at /.test(line));
  return [header, ...frames.map(scrub)].join('\n');
}

function typeOf(error: Record<string, unknown>): string {
  const ctor = error.constructor;
  return typeof ctor === 'function' && ctor.name && ctor.name.length > 1
    ? ctor.name
    : typeof error.name === 'string'
      ? error.name
      : 'Error';
}

type SerializedError = Record<string, unknown>;

/**
 * Serializes errors for the logs without the personal data they can carry. A failed statement
 * is logged by its SQLSTATE, its constraint, table and column, and a short statement name: never
 * its parameters, the row values PostgreSQL quotes back, or its detail. Other errors keep their
 * type, message, stack and own fields, with e-mail addresses and long numbers masked; causes are
 * serialized the same way, one by one.
 */
export function serializeError(error: unknown, depth = 0): unknown {
  if (
    typeof error !== 'object' ||
    error === null ||
    typeof Reflect.get(error, 'message') !== 'string'
  )
    return error;
  const e = error as Record<string, unknown>;
  const type = typeOf(e);
  const cause = depth < 5 && e.cause !== undefined ? serializeError(e.cause, depth + 1) : undefined;

  if (isDatabaseError(e)) {
    const message = String(e.message).replace(QUOTED, '"…"');
    const serialized: SerializedError = { type, message, sqlstate: e.code };
    for (const field of DATABASE_FIELDS) {
      if (typeof e[field] === 'string' && e[field] !== '') serialized[field] = e[field];
    }
    if (typeof e.routine === 'string') serialized.routine = e.routine;
    serialized.stack = framesOf(e.stack, `${type}: ${message}`);
    if (cause !== undefined) serialized.cause = cause;
    return serialized;
  }

  if (isQueryError(e)) {
    const statement = statementName(e.query);
    const message = `Failed query: ${statement}`;
    const sqlstate =
      typeof cause === 'object' && cause !== null ? Reflect.get(cause, 'sqlstate') : undefined;
    return {
      type,
      message,
      statement,
      ...(typeof sqlstate === 'string' ? { sqlstate } : {}),
      stack: framesOf(e.stack, `${type}: ${message}`),
      ...(cause === undefined ? {} : { cause }),
    } satisfies SerializedError;
  }

  const message = scrub(String(e.message));
  const serialized: SerializedError = { type, message };
  for (const [key, value] of Object.entries(e)) {
    if (key === 'cause' || key === 'message' || key === 'stack') continue;
    if (typeof value === 'string') serialized[key] = scrub(value);
    else if (typeof value === 'number' || typeof value === 'boolean') serialized[key] = value;
  }
  serialized.stack = framesOf(e.stack, `${type}: ${message}`);
  if (cause !== undefined) serialized.cause = cause;
  if (Array.isArray(e.errors) && depth < 5) {
    serialized.aggregateErrors = e.errors.map((inner) => serializeError(inner, depth + 1));
  }
  return serialized;
}

/** A path segment that may be a token (a magic link's id): long and opaque. */
const OPAQUE_SEGMENT = /(?<=\/)[\w~.%-]{20,}(?=\/|$)/g;

/**
 * Request log lines carry the route, not the URL: query strings can hold phone numbers or
 * tokens, and so can a path (the e-mail link's id). A request no route matched is logged by its
 * path with long opaque segments masked.
 */
export function loggedPath(req: { url: string; routeOptions?: { url?: string | undefined } }) {
  return req.routeOptions?.url ?? (req.url.split('?')[0] ?? '').replace(OPAQUE_SEGMENT, '…');
}

const serializers = {
  req: (req: {
    method: string;
    url: string;
    id: string;
    routeOptions?: { url?: string | undefined };
  }) => ({
    id: req.id,
    method: req.method,
    path: loggedPath(req),
  }),
  res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
  err: (error: unknown) => withoutSecrets(serializeError(error)),
};

/**
 * Every child of `logger` (and theirs) made with its fields' secrets hidden: pino's formatters
 * see a line's fields and the base fields, not a child's. pino makes a child with
 * `Object.create(parent)`, so the `child` set here once, on the root, is the one every
 * descendant inherits, and it runs with that descendant as `this` (nothing is defined per child:
 * Fastify makes one for every request).
 */
function hidingChildSecrets(logger: pino.Logger): pino.Logger {
  const pinoChild = logger.child as unknown as (
    this: pino.Logger,
    bindings: pino.Bindings,
    options?: pino.ChildLoggerOptions,
  ) => pino.Logger;
  Object.defineProperty(logger, 'child', {
    value: function child(
      this: pino.Logger,
      bindings: pino.Bindings,
      options?: pino.ChildLoggerOptions,
    ) {
      return pinoChild.call(this, fieldsWithoutSecrets(bindings), options);
    },
    writable: true,
    configurable: true,
  });
  return logger;
}

/**
 * Standard output, written once a turn of the event loop: the lines logged in one turn (under
 * load, those of every request answered in it) go out in one write instead of a system call
 * each. The write itself is pino's synchronous one, which waits out a full pipe. Lines still
 * waiting when the process exits, even on an uncaught error, are written then; only a process
 * killed outright (SIGKILL) loses the lines of the turn it was in.
 */
export function linesByTurn(
  sink: pino.DestinationStream = pino.destination({ dest: 1, sync: true }),
): pino.DestinationStream & { flush(): void } {
  let pending: string[] = [];
  const flush = () => {
    if (pending.length === 0) return;
    const chunk = pending.join('');
    pending = [];
    sink.write(chunk);
  };
  process.on('exit', flush);
  return {
    write(line: string) {
      if (pending.push(line) === 1) setImmediate(flush);
    },
    flush,
  };
}

export function createLogger(
  level: string,
  destination: pino.DestinationStream = linesByTurn(),
): FastifyBaseLogger {
  return hidingChildSecrets(
    pino(
      {
        level,
        // Hidden by hand rather than by pino's redact paths: its wildcard paths cost about 12 µs
        // a line, as much as the rest of a request answered from memory.
        formatters: { log: fieldsWithoutSecrets, bindings: fieldsWithoutSecrets },
        base: { service: 'refund-wallet-api' },
        // A line logged while a job runs names the job and the request that queued it; the
        // line's own fields come first. Lines logged outside a job are left as they are.
        mixin: workLogFields,
        mixinMergeStrategy: (line: object, work: object) =>
          work === NO_WORK_FIELDS ? line : { ...work, ...line },
        serializers,
      },
      destination,
    ),
  );
}
