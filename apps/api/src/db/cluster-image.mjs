// @ts-check
/**
 * The files of a new, empty embedded database cluster, made once by the API's build: a first start
 * on an empty data folder (and the first in-memory database of a process) loads them instead of
 * creating a cluster. Creating one (PostgreSQL's initdb, in WebAssembly) took 2.4 s on a two-core
 * machine, loading these files 0.6 s.
 *
 * The image is named by the embedded engine's version: a build made with another version of it is
 * never loaded (it is made again by the next build, which a changed package-lock.json causes).
 *
 * Plain JavaScript: the build script and the engine's thread (`embedded-worker.mjs`) use it as it
 * is.
 */
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

/** The folder the API's build writes to, where the image is kept. */
export const imageFolder = path.resolve(import.meta.dirname, '../../dist');

/** The installed embedded engine's version. */
function engineVersion() {
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  // The package's entry is <package>/dist/index.cjs; its manifest is not among its exports.
  const manifest = path.join(path.dirname(entry), '..', 'package.json');
  return /** @type {{ version: string }} */ (JSON.parse(readFileSync(manifest, 'utf8'))).version;
}

/** Where the image for the installed engine is, in `folder`. */
export function clusterImagePath(folder = imageFolder) {
  return path.join(folder, `embedded-cluster-pglite-${engineVersion()}.tar`);
}

/**
 * Makes the image in `folder`: a cluster as the engine creates it, less the two databases it never
 * uses (the engine serves template1): a smaller image loads faster.
 */
export async function makeClusterImage(folder = imageFolder) {
  const { PGlite } = await import('@electric-sql/pglite');
  const cluster = new PGlite();
  try {
    await cluster.query('DROP DATABASE IF EXISTS postgres');
    await cluster.query('ALTER DATABASE template0 IS_TEMPLATE false');
    await cluster.query('DROP DATABASE IF EXISTS template0');
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
