/**
 * `npm start`: the product as production runs it, the API compiled to JavaScript serving the
 * built web app. The web app and the API are built first, each only when its sources changed
 * since its last build (the check costs a few milliseconds; a fresh clone builds both), then the
 * API runs in this very process: signals reach it directly and its exit code is this process's.
 *
 * package.json runs it as `node --no-memory-reducer scripts/start.mjs`. V8's memory reducer
 * otherwise compacts the heap of a server left idle about 30 s after its start, to hand back
 * the 30 MB that loading the server used and no longer needs: 0.15 to 0.37 s of CPU at once,
 * most of what an idle server spends in its first minute. A server keeps that memory for the
 * requests to come (ordinary collections still shrink the heap after a load). The flag is V8's
 * own, the same on Node 20, 22 and 24.
 */
import { spawnSync } from 'node:child_process';
import module from 'node:module';
import { statSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { isBuildOf, readInputs, stampBuild, stampOf } from '../apps/api/scripts/build-stamp.mjs';
import { apiDistDir, ensureApiBuilt } from '../apps/api/scripts/build.mjs';

const repoDir = path.resolve(import.meta.dirname, '..');
const webDistDir = path.join(repoDir, 'apps/web/dist');

/** What `vite build` reads, the VITE_* settings among them (README, "Configuration"). */
const webInputs = {
  root: repoDir,
  paths: [
    'apps/web/src',
    'apps/web/public',
    'apps/web/index.html',
    'apps/web/package.json',
    'apps/web/tsconfig.json',
    'apps/web/vite.config.ts',
    'apps/web/.env',
    'apps/web/.env.local',
    'apps/web/.env.production',
    'apps/web/.env.production.local',
    'packages/contracts/src',
    'packages/contracts/package.json',
    'tsconfig.base.json',
    'package-lock.json',
  ],
  env: /^VITE_/,
};

const say = (line) => process.stderr.write(`${line}\n`);

/** When the web app in apps/web/dist was built, or null when there is none. */
function webBuiltAtMs() {
  try {
    return statSync(path.join(webDistDir, 'index.html')).mtimeMs;
  } catch {
    return null;
  }
}

// A WEB_DIST_DIR of one's own is served as it is.
if (!process.env.WEB_DIST_DIR) {
  const { hash, newestMs } = readInputs(webInputs);
  const builtAt = webBuiltAtMs();
  if (stampOf(webDistDir) === null && builtAt !== null && builtAt > newestMs) {
    // Built by `npm run build` (which leaves no stamp) after the last change to its sources:
    // taken as it is, with the VITE_* settings of now (a build made here records its own).
    stampBuild(webDistDir, hash);
  }
  if (!isBuildOf(webDistDir, hash)) {
    say('Building the web app: its sources changed since the last build.');
    const web = spawnSync('npm', ['run', 'build', '-w', '@refund/web'], {
      cwd: repoDir,
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    if (web.status !== 0) process.exit(web.status ?? 1);
    stampBuild(webDistDir, hash);
  }
}

await ensureApiBuilt();

// Stack traces and error reports name the TypeScript sources: the server maps a stack's frames
// when it is written out (src/source-stacks.ts), rather than reading every module's source map
// as it loads, as `--enable-source-maps` would.
// Node 22.1 and later keep the compiled code of every module on disk (in the OS's temporary
// folder), so a later start skips compiling it again; Node 20 has no such cache and starts as
// before (ADR 0034).
module.enableCompileCache?.();
await import(pathToFileURL(path.join(apiDistDir, 'main.js')).href);
