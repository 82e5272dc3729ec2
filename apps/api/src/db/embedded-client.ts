import v8 from 'node:v8';
import { Worker } from 'node:worker_threads';

/**
 * The embedded engine (PGlite), run on a thread of its own (`embedded-worker.mjs`) and answering
 * here as PGlite answers: `query`, `exec`, `transaction`, `listen`, what the query builder, its
 * migrator, the job queue and the change feed call.
 *
 * Why a thread: PGlite is PostgreSQL compiled to WebAssembly. Opening a data folder runs most of
 * a second of it, in one call, on whichever thread opened it; on the server's thread nothing else
 * (loading the server's modules, building its routes) could run meanwhile. On its own thread it
 * starts while the server loads, and every statement runs beside the server's JavaScript rather
 * than in turn with it. Each statement is one message there and one back.
 */

/** A row as the engine answers it: by column name, or in column order (`rowMode: 'array'`). */
export type Row = Record<string, unknown>;

export interface Results<T = Row> {
  rows: T[];
  fields: { name: string; dataTypeID: number }[];
  affectedRows?: number;
}

export interface QueryOptions {
  rowMode?: 'array' | 'object';
  /**
   * Functions from PostgreSQL's text of a value to what a row holds, by type id. The engine hands
   * values of these types over as text, and the parser is applied here.
   */
  parsers?: Record<number, (value: string, type: number) => unknown>;
}

/** Statements in an open transaction. */
export interface EmbeddedTransaction {
  query<T = Row>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  exec(text: string): Promise<Results[]>;
}

interface ErrorReport {
  name: string;
  message: string;
  fields: Record<string, string | number | boolean>;
}

type Reply =
  | { id: number; ok: true; value: unknown }
  | { id: number; ok: false; error: ErrorReport }
  | { notification: { channel: string; payload: string } }
  | { ready: true }
  | { failed: ErrorReport };

type Request =
  | {
      op: 'query';
      tx?: number;
      text: string;
      params?: unknown[];
      rowMode?: string;
      rawTypes?: number[];
    }
  | { op: 'exec'; tx?: number; text: string }
  | { op: 'begin' }
  | { op: 'commit' | 'rollback'; tx: number }
  | { op: 'listen' | 'unlisten'; channel: string }
  | { op: 'dump' }
  | { op: 'close' };

/**
 * The engine's error as it was raised on its thread: its message, name, and fields (a
 * database error's SQLSTATE `code`, `constraint`, `detail`...), with this thread's stack.
 */
function errorOf(report: ErrorReport): Error {
  const error = new Error(report.message);
  error.name = report.name;
  Object.assign(error, report.fields);
  return error;
}

const workerFile = new URL('./embedded-worker.mjs', import.meta.url);

export interface EmbeddedStart {
  /** A folder for the engine's files; absent means in memory. */
  dataDir?: string | undefined;
  /** The files of a database to start from, in memory (`dumpDataDir`). */
  image?: Uint8Array | undefined;
  /**
   * The folder holding the build's image of a new cluster (`cluster-image.mjs`), which a new
   * database starts from; by default the API's dist/.
   */
  clusterImages?: string | undefined;
}

/** A thread started for the engine, no database open on it yet (`EmbeddedClient.prepare`). */
export interface EmbeddedThread {
  readonly worker: Worker;
  /** Why the thread failed before a database was opened on it. */
  readonly failure: Error | null;
}

export class EmbeddedClient implements EmbeddedTransaction {
  readonly #worker: Worker;
  readonly #pending = new Map<
    number,
    { resolve(value: unknown): void; reject(error: Error): void }
  >();
  readonly #listeners = new Map<string, Set<(payload: string) => void>>();
  #nextId = 1;
  /** Why the engine can no longer answer, once it cannot. */
  #gone: Error | null = null;
  #closing = false;
  readonly #lostListeners = new Set<(error: Error) => void>();

  private constructor(worker: Worker) {
    this.#worker = worker;
    // The thread keeps the process alive only while an answer is awaited, like a socket would.
    worker.unref();
    worker.on('message', (reply: Reply) => this.#receive(reply));
    worker.on('error', (error) => this.#lose(error));
    worker.on('exit', (code) =>
      this.#lose(new Error(`the embedded database stopped (exit code ${code})`)),
    );
  }

  /**
   * Starts the engine's thread, before the database to open is known: the thread's own start and
   * the engine's code load meanwhile. `open` then opens a database on it.
   */
  static prepare(): EmbeddedThread {
    // The engine is PostgreSQL compiled to 9 MB of WebAssembly. V8 compiles it at once for a
    // quick start (Liftoff), then again, optimised (TurboFan), on background threads: well over a
    // second of CPU at every start, which on a two-core machine held the rest of the start back
    // by as much, for queries that measured no faster (ADR 0034). The first code is kept. The
    // flag is the process's, set before the thread that compiles the engine exists.
    v8.setFlagsFromString('--liftoff-only');
    const worker = new Worker(workerFile);
    const thread = { worker, failure: null as Error | null };
    // Kept until the database is opened (a thread that cannot start is said then).
    worker.on('error', (error) => (thread.failure ??= error));
    return thread;
  }

  /**
   * Opens the database on a thread made by `prepare` (or a new one) and answers once it is open.
   */
  static open(
    start: EmbeddedStart,
    thread: EmbeddedThread = EmbeddedClient.prepare(),
  ): Promise<EmbeddedClient> {
    const { worker } = thread;
    if (thread.failure) return Promise.reject(thread.failure);
    worker.ref();
    return new Promise((resolve, reject) => {
      const opened = (reply: Reply) => {
        if ('ready' in reply) {
          worker.off('message', opened);
          worker.off('error', failed);
          resolve(new EmbeddedClient(worker));
        } else if ('failed' in reply) {
          worker.off('error', failed);
          void worker.terminate();
          reject(errorOf(reply.failed));
        }
      };
      const failed = (error: Error) => reject(error);
      worker.on('message', opened);
      worker.once('error', failed);
      worker.postMessage(start);
    });
  }

  query<T = Row>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    return this.#query<T>(undefined, text, params, options);
  }

  exec(text: string): Promise<Results[]> {
    return this.#call({ op: 'exec', text }) as Promise<Results[]>;
  }

  /**
   * Runs `run` in a transaction: committed when it returns, rolled back when it throws. Other
   * statements wait for it to end, as on PGlite itself.
   */
  async transaction<T>(run: (tx: EmbeddedTransaction) => Promise<T>): Promise<T> {
    const id = (await this.#call({ op: 'begin' })) as number;
    const tx: EmbeddedTransaction = {
      query: (text, params, options) => this.#query(id, text, params, options),
      exec: (text) => this.#call({ op: 'exec', tx: id, text }) as Promise<Results[]>,
    };
    let result: T;
    try {
      result = await run(tx);
    } catch (error) {
      await this.#call({ op: 'rollback', tx: id });
      throw error;
    }
    await this.#call({ op: 'commit', tx: id });
    return result;
  }

  /** Calls `callback` with each notification on `channel`; answers how to stop. */
  async listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>> {
    let callbacks = this.#listeners.get(channel);
    if (!callbacks) {
      callbacks = new Set();
      this.#listeners.set(channel, callbacks);
      await this.#call({ op: 'listen', channel });
    }
    callbacks.add(callback);
    return async () => {
      const current = this.#listeners.get(channel);
      if (!current?.delete(callback) || current.size > 0) return;
      this.#listeners.delete(channel);
      if (!this.#gone) await this.#call({ op: 'unlisten', channel });
    };
  }

  /**
   * Calls `listener` once if the engine stops other than by `close` (its thread crashed or was
   * ended): every statement is refused from then on, and the database cannot be opened again in
   * this process while its files may be half written.
   */
  onLost(listener: (error: Error) => void): void {
    if (this.#gone && !this.#closing) listener(this.#gone);
    else this.#lostListeners.add(listener);
  }

  /** The database's files, to start another in-memory database from (`EmbeddedStart.image`). */
  async dumpDataDir(): Promise<Uint8Array> {
    return (await this.#call({ op: 'dump' })) as Uint8Array;
  }

  async close(): Promise<void> {
    if (this.#gone) return;
    this.#closing = true;
    await this.#call({ op: 'close' });
    await this.#worker.terminate();
  }

  async #query<T>(
    tx: number | undefined,
    text: string,
    params: unknown[] | undefined,
    options: QueryOptions | undefined,
  ): Promise<Results<T>> {
    const parsers = options?.parsers;
    const rawTypes = parsers ? Object.keys(parsers).map(Number) : undefined;
    const result = (await this.#call({
      op: 'query',
      ...(tx === undefined ? {} : { tx }),
      text,
      ...(params ? { params } : {}),
      ...(options?.rowMode ? { rowMode: options.rowMode } : {}),
      ...(rawTypes ? { rawTypes } : {}),
    })) as Results<T>;
    if (parsers) parse(result, parsers, options?.rowMode === 'array');
    return result;
  }

  #call(request: Request): Promise<unknown> {
    if (this.#gone) return Promise.reject(this.#gone);
    const id = this.#nextId++;
    if (this.#pending.size === 0) this.#worker.ref();
    return new Promise((resolve, reject) => {
      this.#pending.set(id, { resolve, reject });
      this.#worker.postMessage({ id, ...request });
    });
  }

  #receive(reply: Reply): void {
    if ('notification' in reply) {
      const { channel, payload } = reply.notification;
      for (const callback of this.#listeners.get(channel) ?? []) callback(payload);
      return;
    }
    if (!('id' in reply)) return;
    const waiting = this.#pending.get(reply.id);
    if (!waiting) return;
    this.#pending.delete(reply.id);
    if (this.#pending.size === 0) this.#worker.unref();
    if (reply.ok) waiting.resolve(reply.value);
    else waiting.reject(errorOf(reply.error));
  }

  #lose(error: Error): void {
    if (this.#gone) return;
    this.#gone = this.#closing ? new Error('the embedded database is closed') : error;
    for (const waiting of this.#pending.values()) waiting.reject(this.#gone);
    this.#pending.clear();
    if (this.#closing) return;
    for (const listener of this.#lostListeners) listener(error);
    this.#lostListeners.clear();
  }
}

/** Applies the parsers given to the values of their types, which the engine left as text. */
function parse(
  result: Results<unknown>,
  parsers: NonNullable<QueryOptions['parsers']>,
  byPosition: boolean,
): void {
  result.fields.forEach((field, index) => {
    const parser = parsers[field.dataTypeID];
    if (!parser) return;
    const key = byPosition ? index : field.name;
    for (const row of result.rows as Record<string | number, unknown>[]) {
      const value = row[key];
      if (typeof value === 'string') row[key] = parser(value, field.dataTypeID);
    }
  });
}
