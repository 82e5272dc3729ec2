// @ts-check
/**
 * The embedded engine (PGlite) on a thread of its own: started by `embedded-client.ts`, it opens
 * the database and runs the statements the server's thread sends it, one message each way.
 *
 * Plain JavaScript, not TypeScript: a worker is started from a file, and this one runs as it is
 * from the sources (tests, development) and from the built server alike.
 *
 * Messages in: first the database to open (`Start`), answered `{ ready: true }` once it is open
 * (or `{ failed }`); nothing else is sent before that answer. Then `{ id, op, ... }`, answered
 * `{ id, ok: true, value }` or `{ id, ok: false, error }`.
 * Messages out on their own: `{ notification: { channel, payload } }`, posted as PGlite delivers
 * them, before the answer to the statement whose commit sent them.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { once } from 'node:events';
import { parentPort } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { clusterImagePath } from './cluster-image.mjs';

const port = /** @type {import('node:worker_threads').MessagePort} */ (parentPort);

/**
 * @typedef {object} Start
 * @property {string | undefined} dataDir A folder, or undefined for a database in memory.
 * @property {Uint8Array | undefined} image The files of a database to start from (in memory).
 * @property {string | undefined} clusterImages Where the build's cluster image is (its dist/).
 */

/** Values a parser given for these types would see: PostgreSQL's text, as it is. */
const asText = (/** @type {string} */ value) => value;

/** A statement failed: what the server's thread needs of the error (no functions, no values). */
function describeError(/** @type {unknown} */ error) {
  if (!(error instanceof Error)) return { name: 'Error', message: String(error), fields: {} };
  /** @type {Record<string, string | number | boolean>} */
  const fields = {};
  for (const [key, value] of Object.entries(error)) {
    // The parameters of the statement are values of a row: they never leave this thread.
    if (key === 'params') continue;
    if (['string', 'number', 'boolean'].includes(typeof value)) fields[key] = value;
  }
  return { name: error.name, message: error.message, fields };
}

/** Raised in a transaction's callback to have PGlite roll it back. */
const ROLL_BACK = Symbol('roll back');

/**
 * @typedef {object} Open
 * @property {import('@electric-sql/pglite').Transaction} tx
 * @property {(commit: boolean) => void} decide
 * @property {Promise<void>} ended
 */

/**
 * The files of a new cluster made by the build (cluster-image.mjs), if it made them.
 * @param {Start} start
 */
function clusterImage(start) {
  try {
    return new Blob([readFileSync(clusterImagePath(start.clusterImages))]);
  } catch {
    return undefined;
  }
}

/**
 * The database: from the files given, or the folder's when it holds a cluster; otherwise a new
 * cluster, loaded from the build's image where there is one (the engine would create it itself,
 * in four times as long).
 * @param {Start} start
 */
function open(start) {
  if (start.image) return new PGlite({ loadDataDir: new Blob([start.image]) });
  if (start.dataDir && existsSync(path.join(start.dataDir, 'PG_VERSION'))) {
    return new PGlite(start.dataDir);
  }
  const loadDataDir = clusterImage(start);
  if (start.dataDir) return new PGlite(start.dataDir, loadDataDir ? { loadDataDir } : {});
  return new PGlite(loadDataDir ? { loadDataDir } : {});
}

async function main() {
  // The thread is started before the server knows which database to open (its settings are
  // still loading), so that this thread's own start and the engine's code load meanwhile.
  const [start] = /** @type {[Start]} */ (await once(port, 'message'));
  const db = open(start);
  await db.waitReady;

  /** @type {Map<number, Open>} */
  const transactions = new Map();
  let nextTransaction = 1;
  /** @type {Map<string, () => Promise<void>>} */
  const listening = new Map();

  /** The connection or open transaction a statement runs on. */
  const on = (/** @type {number | undefined} */ tx) => {
    if (tx === undefined) return db;
    const open = transactions.get(tx);
    if (!open) throw new Error(`transaction ${tx} is not open`);
    return open.tx;
  };

  /** Opens a transaction, held until `end` is asked for it; answers its id. */
  const begin = async () => {
    const id = nextTransaction++;
    /** @type {(value?: unknown) => void} */
    let begun = () => undefined;
    const started = new Promise((resolve) => (begun = resolve));
    const ended = db.transaction(async (tx) => {
      /** @type {Promise<boolean>} */
      const decided = new Promise((decide) => transactions.set(id, { tx, decide, ended }));
      begun();
      if (!(await decided)) throw ROLL_BACK;
    });
    // A BEGIN that failed ends the transaction before it started.
    await Promise.race([started, ended]);
    return id;
  };

  /** @param {number} id @param {boolean} commit */
  const end = async (id, commit) => {
    const open = transactions.get(id);
    if (!open) throw new Error(`transaction ${id} is not open`);
    transactions.delete(id);
    open.decide(commit);
    try {
      await open.ended;
    } catch (error) {
      if (error !== ROLL_BACK) throw error;
    }
  };

  /**
   * @param {{ id: number, op: string, tx?: number, text?: string, params?: unknown[],
   *   rowMode?: 'array' | 'object', rawTypes?: number[], channel?: string }} message
   */
  const run = async (message) => {
    const text = String(message.text);
    const channel = String(message.channel);
    switch (message.op) {
      case 'query': {
        const parsers = message.rawTypes
          ? Object.fromEntries(message.rawTypes.map((type) => [type, asText]))
          : undefined;
        const result = await on(message.tx).query(text, message.params, {
          rowMode: message.rowMode,
          parsers,
        });
        return { rows: result.rows, fields: result.fields, affectedRows: result.affectedRows };
      }
      case 'exec': {
        const results = await on(message.tx).exec(text);
        return results.map((result) => ({
          rows: result.rows,
          fields: result.fields,
          affectedRows: result.affectedRows,
        }));
      }
      case 'begin':
        return begin();
      case 'commit':
        return end(Number(message.tx), true);
      case 'rollback':
        return end(Number(message.tx), false);
      case 'listen': {
        if (!listening.has(channel)) {
          const unlisten = await db.listen(channel, (payload) =>
            port.postMessage({ notification: { channel, payload } }),
          );
          listening.set(channel, unlisten);
        }
        return undefined;
      }
      case 'unlisten': {
        const unlisten = listening.get(channel);
        listening.delete(channel);
        await unlisten?.();
        return undefined;
      }
      case 'dump': {
        const files = await db.dumpDataDir('none');
        return new Uint8Array(await files.arrayBuffer());
      }
      case 'close':
        await db.close();
        return undefined;
      default:
        throw new Error(`unknown operation ${String(message.op)}`);
    }
  };

  port.on('message', (message) => {
    run(message).then(
      (value) => port.postMessage({ id: message.id, ok: true, value }),
      (error) => port.postMessage({ id: message.id, ok: false, error: describeError(error) }),
    );
  });
  port.postMessage({ ready: true });
}

main().catch((error) => port.postMessage({ failed: describeError(error) }));
