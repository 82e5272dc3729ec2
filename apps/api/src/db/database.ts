import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyBaseLogger } from 'fastify';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import type { PGlite } from '@electric-sql/pglite';
import type { Config } from '../config';
import {
  embeddedCustomerChanges,
  postgresCustomerChanges,
  type CustomerChanges,
} from './customer-changes';
import { dropUnusedDatabases } from './cluster-image.mjs';
import { EmbeddedClient, type EmbeddedThread } from './embedded-client';
import {
  DEFAULT_READ_MAX_LAG_MS,
  primaryReads,
  replicaReads,
  type Reads,
  type ReplicaReads,
} from './replica-reads';
import { runUnnamedOn } from './statement';
import * as schema from './schema';

export type Schema = typeof schema;
/** Either engine, seen through the PostgreSQL dialect both share. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle; data-access functions accept one so a use case can group writes. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Anything queries can run on: the database or an open transaction. */
export type Queryable = Db | Tx;

/** Runs raw SQL for pg-boss, on whichever engine is in use. */
export interface SqlExecutor {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[]; rowCount: number }>;
}

/**
 * This process as the database sees it: an id no other live process on the database has, and
 * which processes are alive. Work a process marks with its id (a card push in flight) can be
 * taken up by another once the marking process is gone (ADR 0012).
 */
export interface DatabaseInstance {
  readonly id: number;
  /**
   * A number from 0 to SLOTS - 1 that no other live process on the database holds while at most
   * SLOTS of them are alive (then one shared with another): work spread over shards starts each
   * process on shards of its own (ADR 0036). Always 0 on the embedded engine.
   */
  readonly slot: number;
  /** Of these instance ids, those whose process is alive now (this process's always is). */
  liveAmong(ids: readonly number[]): Promise<Set<number>>;
  /** No other process writes to the database: the embedded engine's files are this process's. */
  readonly alone: boolean;
}

export interface Database {
  db: Db;
  engine: 'pglite' | 'postgres';
  /** For pg-boss: a connection string on PostgreSQL, an executor on the embedded engine. */
  jobs: { connectionString: string } | { executor: SqlExecutor };
  instance: DatabaseInstance;
  /** Changes to customers' sign-in and profile data, as they commit (customer-changes.ts). */
  changes: CustomerChanges;
  /** Where the customers' money views read: the replica when one is set and may be read. */
  reads: Reads;
  close(): Promise<void>;
}

const instances = new WeakMap<Db, DatabaseInstance>();

/** The instance of the process on the database `db` was opened with (openDatabase). */
export function instanceOf(db: Db): DatabaseInstance {
  const instance = instances.get(db);
  if (!instance) throw new Error('this database was not opened with openDatabase');
  return instance;
}

type TransactionRunner = <T>(run: (tx: Tx) => Promise<T>, config?: unknown) => Promise<T>;

/** For each open transaction (nested ones included): what is to run once its outermost commits. */
const commitCallbacks = new WeakMap<object, (() => void)[]>();

/**
 * Runs `callback` once the transaction `tx` belongs to has committed, and never if it rolls back:
 * what it wrote is then visible to everyone (a job queued in it can be fetched). The callback must
 * not throw. Answers false, and runs nothing, when `tx` is not a transaction of a database opened
 * here.
 */
export function afterCommit(tx: Tx, callback: () => void): boolean {
  const callbacks = commitCallbacks.get(tx);
  if (!callbacks) return false;
  callbacks.push(callback);
  return true;
}

/** Makes the transactions of `db` answer afterCommit; nested ones report to their outermost. */
function observeCommits(db: Db): void {
  const enter = (tx: Tx, callbacks: (() => void)[]) => {
    commitCallbacks.set(tx, callbacks);
    const handle = tx as unknown as { transaction: TransactionRunner };
    const begin = handle.transaction.bind(handle);
    handle.transaction = (run, config) =>
      begin((inner) => {
        enter(inner, callbacks);
        return run(inner);
      }, config);
  };
  const handle = db as unknown as { transaction: TransactionRunner };
  const begin = handle.transaction.bind(handle);
  handle.transaction = async (run, config) => {
    const callbacks: (() => void)[] = [];
    const result = await begin((tx) => {
      enter(tx, callbacks);
      return run(tx);
    }, config);
    for (const callback of callbacks) callback();
    return result;
  };
}

/** A random instance id, positive 32-bit: one advisory lock key. */
const randomInstanceId = () => 1 + Math.floor(Math.random() * 0x7ffffffe);

const migrationsFolder = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../drizzle',
);

export interface DatabaseOptions {
  /**
   * PostgreSQL connection string; when absent the embedded engine is used. Without `poolUrl`
   * every connection goes here; with it, those that must keep a session of their own: the
   * migrations, LISTEN, the instance's advisory locks and the job queue.
   */
  url?: string | undefined;
  /**
   * A pooler in transaction mode (PgBouncer) in front of the same PostgreSQL, for the request
   * pool. Statements then run unnamed: PgBouncer before 1.21 (Debian 12's is 1.18) hands each
   * transaction any server connection, where a statement prepared on another is unknown.
   */
  poolUrl?: string | undefined;
  /**
   * A streaming replica of the same PostgreSQL: the customers' money views read from it while
   * it holds what they may have written (replica-reads.ts, ADR 0037).
   */
  readUrl?: string | undefined;
  /** How far behind the primary the replica may be and still be read (milliseconds). */
  readMaxLagMs?: number;
  /** Folder for the embedded engine's files; absent means in memory. */
  dataDir?: string | undefined;
  poolSize?: number;
  /**
   * A pooled PostgreSQL connection that broke while idle (a server restart, a dropped
   * connection). The pool discards it and opens another on demand; without a listener the
   * process would crash instead.
   */
  onIdleConnectionError?: (error: Error) => void;
  /**
   * The PostgreSQL connection that hears of customer changes was lost, or could not listen; it
   * connects again by itself.
   */
  onChangesLost?: (error: Error | null) => void;
  /**
   * The embedded engine stopped while the database was open (its thread crashed or was ended):
   * nothing can be read or written any more in this process.
   */
  onEngineLost?: (error: Error) => void;
  /**
   * A thread already started for the embedded engine (`EmbeddedClient.prepare`), which opens the
   * database on it; ended unused when the database is PostgreSQL.
   */
  embeddedThread?: EmbeddedThread | undefined;
  /** The replica stopped being read (too far behind, or unreachable), or is read again. */
  onReplicaChange?: (readable: boolean, error: Error | null) => void;
}

/** The database a configuration names: PostgreSQL at DATABASE_URL, else the embedded one. */
export function databaseOptionsOf(
  config: Pick<
    Config,
    | 'DATABASE_URL'
    | 'DATABASE_POOL_URL'
    | 'DATABASE_READ_URL'
    | 'DATABASE_READ_MAX_LAG_MS'
    | 'DATA_DIR'
    | 'DATABASE_POOL_SIZE'
  >,
  logger: Pick<FastifyBaseLogger, 'warn' | 'info'>,
): DatabaseOptions {
  return {
    url: config.DATABASE_URL,
    poolUrl: config.DATABASE_POOL_URL,
    readUrl: config.DATABASE_READ_URL,
    readMaxLagMs: config.DATABASE_READ_MAX_LAG_MS,
    dataDir: config.DATABASE_URL ? undefined : config.DATA_DIR,
    poolSize: config.DATABASE_POOL_SIZE,
    onIdleConnectionError: (error) =>
      logger.warn({ err: error }, 'an idle database connection broke; the pool replaces it'),
    onChangesLost: (error) =>
      logger.warn(
        { err: error },
        'not hearing of customer changes; caches trust reads briefly until listening again',
      ),
    onReplicaChange: (readable, error) =>
      readable
        ? logger.info('reading from the replica')
        : logger.warn({ err: error }, 'not reading from the replica: reads go to the primary'),
  };
}

/** Each engine's driver is loaded when it is used: the embedded engine starts sooner alone. */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.url && options.embeddedThread) void options.embeddedThread.worker.terminate();
  return options.url
    ? openPostgres({ ...options, url: options.url })
    : openPglite(options.dataDir, options.embeddedThread, options.onEngineLost);
}

async function openPostgres(options: DatabaseOptions & { url: string }): Promise<Database> {
  const { url, poolSize = 10 } = options;
  const onIdleError = options.onIdleConnectionError ?? (() => undefined);
  const onChangesLost = options.onChangesLost ?? (() => undefined);
  const [{ default: pg }, { drizzle }, { migrate }] = await Promise.all([
    import('pg'),
    import('drizzle-orm/node-postgres'),
    import('drizzle-orm/node-postgres/migrator'),
  ]);
  const newPool = (connectionString: string, max: number) => {
    const pool = new pg.Pool({ connectionString, max });
    pool.on('error', onIdleError);
    // A connection that PostgreSQL ends (a restart, pg_terminate_backend, a network cut) emits
    // 'error' on its client. Idle in the pool, the pool reports it above and drops the
    // connection. Checked out (a transaction), nothing listens: Node would end the process. The
    // statement in flight, or the next one, fails with the error and the caller answers it (a
    // retry, or 503); the pool then drops the connection when it is released. So this listener
    // has nothing to do.
    pool.on('connect', (client) => client.on('error', () => undefined));
    return pool;
  };
  if (options.poolUrl) {
    // Migrations keep a session (and may take locks across statements): on a direct connection.
    const direct = newPool(url, 1);
    try {
      await migrate(drizzle(direct, { schema }), { migrationsFolder });
    } finally {
      await direct.end();
    }
  }
  const pool = newPool(options.poolUrl ?? url, poolSize);
  if (options.poolUrl) runUnnamedOn(pool);
  const db = drizzle(pool, { schema });
  observeCommits(db as unknown as Db);
  if (!options.poolUrl) await migrate(db, { migrationsFolder });
  const held = await holdInstanceLock(pg.Client, url, onIdleError);
  const changes = await postgresCustomerChanges({
    // Named after the instance, so an operator (or a test) can tell whose connection it is.
    connect: () =>
      new pg.Client({ connectionString: url, application_name: changesConnectionName(held.id) }),
    onLost: onChangesLost,
  });
  if (!changes.live()) onChangesLost(null);
  const instance: DatabaseInstance = {
    id: held.id,
    get slot() {
      return held.slot;
    },
    async liveAmong(ids) {
      const others = ids.filter((id) => id !== held.id);
      const live = new Set([held.id]);
      if (others.length === 0) return live;
      const { rows } = await pool.query<{ id: number }>(
        `select objid::bigint::int as id from pg_locks
         where locktype = 'advisory' and granted and objsubid = 2
           and classid::bigint = $1 and objid::bigint = any($2::bigint[])
           and database = (select oid from pg_database where datname = current_database())`,
        [INSTANCE_LOCK_CLASS, others],
      );
      for (const row of rows) live.add(row.id);
      return live;
    },
    alone: false,
  };
  instances.set(db as unknown as Db, instance);
  let reads: ReplicaReads | null = null;
  if (options.readUrl) {
    const replica = newPool(options.readUrl, poolSize);
    reads = replicaReads({
      primary: db as unknown as Db,
      replica: drizzle(replica, { schema }) as unknown as Db,
      positionOnPrimary: async () =>
        (await pool.query<{ lsn: string }>('select pg_current_wal_insert_lsn()::text as lsn'))
          .rows[0]!.lsn,
      positionOnReplica: async () =>
        (
          await replica.query<{ lsn: string | null }>(
            'select pg_last_wal_replay_lsn()::text as lsn',
          )
        ).rows[0]!.lsn,
      maxLagMs: options.readMaxLagMs ?? DEFAULT_READ_MAX_LAG_MS,
      onChange: options.onReplicaChange,
      close: () => replica.end(),
    });
  }
  return {
    db: db as unknown as Db,
    engine: 'postgres',
    jobs: { connectionString: url },
    instance,
    changes,
    reads: reads ?? primaryReads(db as unknown as Db),
    async close() {
      await reads?.close();
      await changes.close();
      await held.release();
      await pool.end();
    },
  };
}

/** The application_name of an instance's connection hearing customer changes. */
export const changesConnectionName = (instanceId: number) => `customer changes ${instanceId}`;

/** The first key of every instance lock (pg_advisory_lock(int, int)); the second is the id. */
export const INSTANCE_LOCK_CLASS = 1_919_251_316;
/** The first key of every slot lock; the second is the slot. */
export const SLOT_LOCK_CLASS = 1_919_251_317;
/** How many slots there are (DatabaseInstance.slot). */
export const SLOTS = 16;

/**
 * The first slot free on the database, `held` (the one this process had before its connection
 * was lost) first: held as a session advisory lock, like the instance id. With every slot taken,
 * `held`, shared with another process.
 */
async function takeSlot(client: pg.Client, held: number): Promise<number> {
  const order = [
    held,
    ...Array.from({ length: SLOTS }, (_, slot) => slot).filter((s) => s !== held),
  ];
  for (const slot of order) {
    const { rows } = await client.query<{ locked: boolean }>(
      'select pg_try_advisory_lock($1, $2) as locked',
      [SLOT_LOCK_CLASS, slot],
    );
    if (rows[0]?.locked) return slot;
  }
  return held;
}

/**
 * Takes an instance id and holds it as a session advisory lock on a connection of its own, for
 * as long as the process lives: PostgreSQL lets go of it when the process dies (its connection
 * closes), which is how other processes know. The session asks for TCP keepalives, so a host
 * that vanished without closing its connections lets go within about half a minute. A
 * connection PostgreSQL ends is opened again and the same id taken again.
 */
async function holdInstanceLock(
  Client: typeof pg.Client,
  url: string,
  onError: (error: Error) => void,
): Promise<{ id: number; slot: number; release(): Promise<void> }> {
  let id = randomInstanceId();
  let slot = 0;
  let client: pg.Client | null = null;
  let released = false;
  let retryDelayMs = 100;

  async function lock(first: boolean): Promise<void> {
    const next = new Client({ connectionString: url });
    next.on('error', (error) => {
      if (client !== next || released) return;
      onError(error);
      client = null;
      reconnect();
    });
    await next.connect();
    try {
      await next.query(
        `select set_config('tcp_keepalives_idle', '10', false),
           set_config('tcp_keepalives_interval', '5', false),
           set_config('tcp_keepalives_count', '3', false)`,
      );
      for (;;) {
        const { rows } = await next.query<{ locked: boolean }>(
          'select pg_try_advisory_lock($1, $2) as locked',
          [INSTANCE_LOCK_CLASS, id],
        );
        if (rows[0]?.locked) break;
        // Another live process has this id: a new one, unless this process held it before
        // (it then keeps it; the other is treated as this one, which only delays a recovery).
        if (!first) break;
        id = randomInstanceId();
      }
      slot = await takeSlot(next, slot);
    } catch (error) {
      await next.end().catch(() => undefined);
      throw error;
    }
    if (released) {
      await next.end();
      return;
    }
    client = next;
    retryDelayMs = 100;
  }

  function reconnect(): void {
    if (released) return;
    const timer = setTimeout(() => {
      lock(false).catch((error: unknown) => {
        onError(error instanceof Error ? error : new Error(String(error)));
        retryDelayMs = Math.min(retryDelayMs * 2, 5_000);
        reconnect();
      });
    }, retryDelayMs);
    timer.unref();
  }

  await lock(true);
  return {
    get id() {
      return id;
    },
    get slot() {
      return slot;
    },
    async release() {
      released = true;
      const last = client;
      client = null;
      await last?.end();
    },
  };
}

/**
 * The files of an in-memory embedded database just migrated, for the next in-memory database of
 * this process to start from: making a cluster and running every migration takes the embedded
 * engine about 2 s of CPU, loading the image about half a second (each test server, each
 * short-lived command). An image that cannot be made is not used.
 */
let migratedImage: Promise<Uint8Array | undefined> | undefined;

async function imageOf(client: EmbeddedClient) {
  try {
    await dropUnusedDatabases(client);
    return await client.dumpDataDir();
  } catch {
    return undefined;
  }
}

async function openPglite(
  dataDir: string | undefined,
  thread: EmbeddedThread | undefined,
  onEngineLost: ((error: Error) => void) | undefined,
): Promise<Database> {
  const inMemory = dataDir === undefined || dataDir.startsWith('memory://');
  const image = inMemory ? await migratedImage : undefined;
  // The engine runs on a thread of its own (embedded-client.ts), started first: the query
  // builder's modules load here meanwhile.
  const opening = EmbeddedClient.open(
    image ? { image } : { dataDir: inMemory ? undefined : dataDir },
    thread,
  );
  opening.catch(() => undefined);
  const [{ drizzle }, { migrate }] = await Promise.all([
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
  ]);
  const client = await opening;
  if (onEngineLost) client.onLost(onEngineLost);
  // The query builder takes any client that answers as PGlite does.
  const db = drizzle(client as unknown as PGlite, { schema });
  observeCommits(db as unknown as Db);
  // From an image this finds every migration applied, and applies any newer one.
  await migrate(db, { migrationsFolder });
  if (inMemory && !image) {
    // Taken before anything else is written, so the image holds the schema alone.
    migratedImage ??= imageOf(client);
    await migratedImage;
  }
  const changes = await embeddedCustomerChanges(client);
  const executor: SqlExecutor = {
    async executeSql(text, values) {
      // pg-boss sends multi-statement scripts without parameters; only exec() accepts those.
      if (!values || values.length === 0) {
        const results = await client.exec(text);
        const last = results.at(-1);
        return { rows: last?.rows ?? [], rowCount: last?.affectedRows ?? 0 };
      }
      const result = await client.query(text, values);
      return { rows: result.rows, rowCount: result.affectedRows ?? result.rows.length };
    },
  };
  // The embedded engine's files belong to one process at a time: every other instance is gone.
  const id = randomInstanceId();
  const instance: DatabaseInstance = {
    id,
    slot: 0,
    liveAmong: (ids) => Promise.resolve(new Set(ids.filter((other) => other === id).concat(id))),
    alone: true,
  };
  instances.set(db as unknown as Db, instance);
  return {
    db: db as unknown as Db,
    engine: 'pglite',
    jobs: { executor },
    instance,
    changes,
    reads: primaryReads(db as unknown as Db),
    async close() {
      await changes.close();
      await client.close();
    },
  };
}
