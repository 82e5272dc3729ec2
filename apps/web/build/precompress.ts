import { readdir, readFile, writeFile } from 'node:fs/promises';
import { extname, join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Text formats the browser downloads from the web app's folder; images are compressed already. */
export const COMPRESSIBLE_EXTENSIONS = new Set([
  '.js',
  '.mjs',
  '.css',
  '.html',
  '.svg',
  '.json',
  '.map',
  '.txt',
  '.xml',
  '.webmanifest',
]);

/**
 * A variant is kept only when it saves at least this share of the file: below that, the
 * content-encoding and vary headers and the decoding cost eat the gain.
 */
const MIN_SAVING = 0.1;

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name))
    .filter(
      (file) =>
        !file
          .slice(dir.length)
          .split(/[\\/]/)
          .some((part) => part.startsWith('.')),
    );
}

/** Writes `file.br` and `file.gz` beside `file` where each pays; answers the variants written. */
async function precompressFile(file: string): Promise<string[]> {
  const body = await readFile(file);
  const variants = await Promise.all([
    brotli(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }).then((compressed) => ['.br', compressed] as const),
    gzipAsync(body, { level: constants.Z_BEST_COMPRESSION }).then(
      (compressed) => ['.gz', compressed] as const,
    ),
  ]);
  const written: string[] = [];
  for (const [suffix, compressed] of variants) {
    if (compressed.length > body.length * (1 - MIN_SAVING)) continue;
    await writeFile(file + suffix, compressed);
    written.push(file + suffix);
  }
  return written;
}

/**
 * The server sends these files as they are (no compression per request): the build writes the
 * brotli and gzip variants beside each text file once, at the highest levels, so every answer is
 * as small as it can be without costing the server anything.
 */
export function precompress(): Plugin {
  return {
    name: 'refund:precompress',
    apply: 'build',
    // After the bundle and the public folder's files are in the output folder.
    writeBundle: {
      order: 'post',
      sequential: true,
      async handler(options) {
        if (!options.dir) return;
        await precompressFolder(resolve(options.dir));
      },
    },
  };
}

/** Precompresses every text file of a built web app's folder (dot folders left out). */
export async function precompressFolder(dir: string): Promise<void> {
  const files = (await filesUnder(dir)).filter((file) =>
    COMPRESSIBLE_EXTENSIONS.has(extname(file).toLowerCase()),
  );
  await Promise.all(files.map(precompressFile));
}
