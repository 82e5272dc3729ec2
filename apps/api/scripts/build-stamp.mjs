/**
 * Whether a build folder was made from the sources as they are now: each build leaves a stamp
 * in its output folder, a hash of what went into it (every input file's path, size and
 * modification time, and the environment variables the build reads). Comparing stamps costs a
 * walk over a few hundred files, a few milliseconds, where a build costs seconds.
 *
 * The stamp lives inside the output folder, so a build that empties the folder (vite build,
 * the API's build) also drops it: a folder rebuilt by other means has no stamp, never a wrong one.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const STAMP_FILE = '.build-stamp';

/** Folders never inputs of a build: installed packages, outputs, local data. */
const skippedFolders = new Set(['node_modules', 'dist', '.data', 'coverage']);
/** Tests are not part of what is built. */
const isTest = (name) => /\.test\.[cm]?[jt]sx?$/.test(name);

/**
 * @typedef {object} BuildInputs
 * @property {string} root The folder input paths are relative to.
 * @property {string[]} paths Files and folders (walked) whose content makes the build.
 * @property {RegExp} [env] Environment variables the build reads, by name.
 */

function collect(root, relative, into) {
  const full = path.join(root, relative);
  let stats;
  try {
    stats = statSync(full);
  } catch {
    // An optional input that is absent (a .env file) is part of the state too.
    into.lines.push(`${relative} absent`);
    return;
  }
  if (!stats.isDirectory()) {
    into.lines.push(`${relative} ${stats.size} ${stats.mtimeMs}`);
    into.newestMs = Math.max(into.newestMs, stats.mtimeMs);
    return;
  }
  const entries = readdirSync(full, { withFileTypes: true }).sort((a, b) =>
    a.name < b.name ? -1 : a.name > b.name ? 1 : 0,
  );
  for (const entry of entries) {
    if (entry.isDirectory() ? skippedFolders.has(entry.name) : isTest(entry.name)) continue;
    collect(root, path.join(relative, entry.name), into);
  }
}

/**
 * The inputs as they are now: the hash a build of them is stamped with, and when the newest of
 * them last changed.
 */
export function readInputs(inputs) {
  const state = { lines: [], newestMs: 0 };
  for (const input of inputs.paths) collect(inputs.root, input, state);
  if (inputs.env) {
    for (const name of Object.keys(process.env).sort()) {
      if (inputs.env.test(name)) state.lines.push(`env ${name}=${process.env[name]}`);
    }
  }
  const hash = createHash('sha256').update(state.lines.join('\n')).digest('hex');
  return { hash, newestMs: state.newestMs };
}

/** The hash of the inputs as they are now. */
export const inputsHash = (inputs) => readInputs(inputs).hash;

/** The hash `outDir`'s build is stamped with, or null for a build without a stamp (or none). */
export function stampOf(outDir) {
  try {
    return readFileSync(path.join(outDir, STAMP_FILE), 'utf8').trim();
  } catch {
    return null;
  }
}

/** Whether `outDir` holds a build of exactly the inputs with this hash. */
export const isBuildOf = (outDir, hash) => stampOf(outDir) === hash;

/** Records that `outDir` now holds a build of the inputs with this hash. */
export function stampBuild(outDir, hash) {
  writeFileSync(path.join(outDir, STAMP_FILE), `${hash}\n`);
}
