// The product as a customer's browser meets it: the production build of the web app, served by
// the real API server (embedded database, sandbox providers) in a process of its own.
import { execFileSync, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const webDir = join(dirname(fileURLToPath(import.meta.url)), '..');
const repoDir = join(webDir, '../..');
const READY_TIMEOUT_MS = 180_000;

/** The production build (with its precompressed variants and the Vite manifest) into outDir. */
export function buildWebApp(outDir) {
  try {
    execFileSync('npx', ['vite', 'build', '--manifest', '--outDir', outDir, '--emptyOutDir'], {
      cwd: webDir,
      stdio: 'pipe',
    });
  } catch (error) {
    process.stderr.write(error.stderr ?? '');
    throw new Error('the web app did not build');
  }
}

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Starts the API with the web app built in distDir on a free port and waits until it is ready.
 * Answers its origin and a stop function; `env` adds to or overrides the defaults.
 */
export async function startProductServer(distDir, env = {}) {
  const port = await freePort();
  const origin = `http://localhost:${port}`;
  const child = spawn('npx', ['tsx', 'apps/api/src/main.ts'], {
    cwd: repoDir,
    // Its own process group, so stopping it also stops the processes npx starts.
    detached: true,
    stdio: ['ignore', 'ignore', 'pipe'],
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(port),
      PUBLIC_URL: origin,
      DATA_DIR: 'memory://',
      LOG_LEVEL: 'warn',
      WEB_DIST_DIR: distDir,
      ...env,
    },
  });
  let errors = '';
  child.stderr.on('data', (chunk) => (errors = (errors + chunk.toString()).slice(-4000)));
  let exited = false;
  child.once('exit', () => (exited = true));
  const stop = async () => {
    if (exited) return;
    const gone = new Promise((resolve) => child.once('exit', resolve));
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      return;
    }
    await Promise.race([gone, pause(20_000)]);
    if (!exited) process.kill(-child.pid, 'SIGKILL');
  };
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (exited) throw new Error(`the server exited before it was ready:\n${errors}`);
    try {
      if ((await fetch(`${origin}/readyz`)).ok) return { origin, stop };
    } catch {
      // Not listening yet.
    }
    await pause(250);
  }
  await stop();
  throw new Error(`the server was not ready within ${READY_TIMEOUT_MS / 1000} s:\n${errors}`);
}
