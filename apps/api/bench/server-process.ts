/**
 * Servers under measurement run as processes of their own, as `npm start` runs the product (the
 * compiled API on node), so the load generator, the set-up and the measuring never share their
 * thread or their CPU account. Their CPU time is read from /proc.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../test/support/child-server';

const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const compiled = path.join(apiDir, 'dist', 'main.js');

/**
 * Node's options in `npm start` (the root package.json's start script, `node <options>
 * scripts/start.mjs`), so the benchmarks' servers run with the same ones.
 */
export function startNodeOptions(): string[] {
  const manifest = JSON.parse(readFileSync(path.join(apiDir, '../../package.json'), 'utf8')) as {
    scripts: { start: string };
  };
  const words = manifest.scripts.start.split(/\s+/);
  if (words[0] !== 'node' || words.at(-1) !== 'scripts/start.mjs') {
    throw new Error(
      `npm start runs something else than node scripts/start.mjs: ${words.join(' ')}`,
    );
  }
  return words.slice(1, -1);
}

/** Secrets the benchmarks' servers use, so a benchmark can mint their tokens and passcodes. */
export const BENCH_SECRETS = {
  JWT_SECRET: 'bench-only-jwt-secret-0123456789abcdefghij',
  OTP_SECRET: 'bench-only-otp-secret-0123456789abcdefghij',
  VAULT_KEY: 'bench-only-vault-key-0123456789abcdefghijk',
} as const;

export interface ServerProcess {
  origin: string;
  pid: number;
  /** CPU time (user and system) the process has used so far, in milliseconds. */
  cpuMs(): Promise<number>;
  stop(): Promise<void>;
}

/** A port nothing listens on now (the tests' own helper). */
export { freePort };

/** CPU time of one process so far, in milliseconds, from /proc; null when it is gone. */
export async function processCpuMs(pid: number): Promise<number | null> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => null);
  if (stat === null) return null;
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10; // utime + stime; USER_HZ is 100 on Linux
}

async function waitUntilReady(origin: string, child: ChildProcess, output: () => string) {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited:\n${output()}`);
    const ready = await fetch(`${origin}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`server not ready within 2 minutes:\n${output()}`);
}

function track(child: ChildProcess, origin: string): ServerProcess {
  const pid = child.pid;
  if (pid === undefined) throw new Error('server did not start');
  return {
    origin,
    pid,
    async cpuMs() {
      const ms = await processCpuMs(pid);
      if (ms === null) throw new Error('server process is gone');
      return ms;
    },
    async stop() {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      await once(child, 'exit');
    },
  };
}

/**
 * The product's API, compiled (`npm run build` makes apps/api/dist), on a port of its own, with
 * the given settings on top of quiet logs and the benchmarks' secrets.
 */
export async function startProductServer(env: Record<string, string>): Promise<ServerProcess> {
  if (!existsSync(compiled)) {
    throw new Error('the API is not built: run `npm run build` first (npm run bench does)');
  }
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  // BENCH_NODE_ARGS: Node's own options for the product's server, such as `--cpu-prof` to see
  // where its time goes; none by default.
  const nodeArgs = process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  const child = spawn(process.execPath, [...nodeArgs, ...startNodeOptions(), compiled], {
    cwd: apiDir,
    stdio: ['ignore', 'ignore', 'pipe'],
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://localhost:${port}`,
      // Logs as `npm start` logs them (LOG_LEVEL's default, info: a line a request); the lines go
      // to a stdout nobody reads, as they cost the server the same wherever they go.
      SEED_DEMO_DATA: 'false',
      WEB_DIST_DIR: '/nonexistent',
      OTP_SENDS_PER_IP_PER_HOUR: '100000000',
      // Balances are the refunded money alone: no welcome bonus.
      WELCOME_BONUS_CENTS: '0',
      ...BENCH_SECRETS,
      ...env,
    },
  });
  let errors = '';
  child.stderr?.on('data', (chunk: Buffer) => (errors = (errors + chunk.toString()).slice(-4000)));
  await waitUntilReady(origin, child, () => errors);
  return track(child, origin);
}

/** Fastify answering a hello-world on every GET, the yardstick for a request's own cost. */
export async function startBareFastify(): Promise<ServerProcess> {
  const port = await freePort();
  const source = `
    import Fastify from 'fastify';
    const app = Fastify({ logger: false });
    app.get('/*', async () => ({ hello: 'world' }));
    await app.listen({ host: '127.0.0.1', port: ${port} });
  `;
  const child = spawn(process.execPath, ['--input-type=module', '-e', source], {
    cwd: apiDir,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let errors = '';
  child.stderr?.on('data', (chunk: Buffer) => (errors += chunk.toString()));
  const origin = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`bare Fastify exited:\n${errors}`);
    const up = await fetch(`${origin}/`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    if (Date.now() > deadline) throw new Error('bare Fastify did not start');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return track(child, origin);
}
