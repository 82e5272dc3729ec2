// @ts-check
/**
 * The files of a new embedded database cluster with every migration applied, made once by the
 * API's build: a first start on an empty data folder (and the first in-memory database of a
 * process) loads them instead of creating a cluster and migrating it. Creating one (PostgreSQL's
 * initdb, in WebAssembly) took 2.4 s on a two-core machine, loading these files 0.6 s.
 *
 * The image is named by the embedded engine's version and by the migrations it holds (a hash of
 * drizzle/): an image made with another engine, or before a migration was added or changed, is
 * never loaded. The engine then creates the cluster itself, as without an image, and the next
 * build makes the image again.
 *
 * Plain JavaScript: the build script and the engine's thread (`embedded-worker.mjs`) use it as it
 * is.
 */
import { createHash } from 'node:crypto';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import v8 from 'node:v8';

/** The folder the API's build writes to, where the image is kept. */
export const imageFolder = path.resolve(import.meta.dirname, '../../dist');

/** The database's migrations, as the server applies them (db/database.ts). */
export const migrationsFolder = path.resolve(import.meta.dirname, '../../drizzle');

/** A short hash of the migrations: their SQL and the journal that orders them. */
function migrationsHash() {
  const hash = createHash('sha256');
  const files = [
    ...readdirSync(migrationsFolder).filter((name) => name.endsWith('.sql')),
    'meta/_journal.json',
  ].sort();
  for (const name of files) {
    hash.update(`${name}\n`);
    hash.update(readFileSync(path.join(migrationsFolder, name)));
  }
  return hash.digest('hex').slice(0, 16);
}

/** The installed embedded engine's version. */
function engineVersion() {
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  // The package's entry is <package>/dist/index.cjs; its manifest is not among its exports.
  const manifest = path.join(path.dirname(entry), '..', 'package.json');
  return /** @type {{ version: string }} */ (JSON.parse(readFileSync(manifest, 'utf8'))).version;
}

/** Where the image for the installed engine is, in `folder`. */
export function clusterImagePath(folder = imageFolder) {
  return path.join(folder, `embedded-cluster-pglite-${engineVersion()}-${migrationsHash()}.tar`);
}

/**
 * Drops the two databases of a new cluster the engine never uses: it serves its default database,
 * template1, alone, and an image without them is half the size (28 MB to 14 MB) and loads with a
 * fifth less CPU.
 * @param {{ query(text: string): Promise<unknown> }} client
 */
export async function dropUnusedDatabases(client) {
  await client.query('DROP DATABASE IF EXISTS postgres');
  await client.query('ALTER DATABASE template0 IS_TEMPLATE false');
  await client.query('DROP DATABASE IF EXISTS template0');
}

/**
 * Makes the image in `folder`: a cluster as the engine creates it, less the two databases it never
 * uses, migrated. The engine is compiled as the server compiles it (`EmbeddedClient.prepare`,
 * ADR 0034): a second, optimising compilation would only cost.
 */
export async function makeClusterImage(folder = imageFolder) {
  v8.setFlagsFromString('--liftoff-only');
  const [{ PGlite }, { drizzle }, { migrate }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
  ]);
  const cluster = new PGlite();
  try {
    await migrate(drizzle(cluster), { migrationsFolder });
    await dropUnusedDatabases(cluster);
    const files = await cluster.dumpDataDir('none');
    const target = clusterImagePath(folder);
    await mkdir(folder, { recursive: true });
    // Written whole or not at all: a start never loads half an image.
    const partial = `${target}.${process.pid}.partial`;
    await writeFile(partial, new Uint8Array(await files.arrayBuffer()));
    await rename(partial, target).catch(async (error) => {
      await rm(partial, { force: true });
      throw error;
    });
    return target;
  } finally {
    await cluster.close();
  }
}
