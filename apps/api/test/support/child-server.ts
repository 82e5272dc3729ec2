import { spawn, type ChildProcessByStdio } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import type { Readable } from 'node:stream';
import pg from 'pg';
import { apiDir, BUILT_SERVER_ARGS } from './built-server';
import { TEST_SECRETS } from './test-server';

/**
 * Secrets shared by an in-process test server and the child servers of a test, so tokens,
 * passcodes and sealed card numbers made by one are good in the other.
 */
export const SHARED_SECRETS = TEST_SECRETS;

export async function freePort(): Promise<number> {
  const probe = createServer();
  probe.listen(0, '127.0.0.1');
  await once(probe, 'listening');
  const address = probe.address();
  probe.close();
  if (!address || typeof address === 'string') throw new Error('no port');
  return address.port;
}

/** A connection string whose connections PostgreSQL lists under `applicationName`. */
export function namedConnection(url: string, applicationName: string): string {
  const named = new URL(url);
  named.searchParams.set('application_name', applicationName);
  return named.toString();
}

export interface ChildServer {
  origin: string;
  process: ChildProcessByStdio<null, Readable, Readable>;
  /** Everything the process wrote so far. */
  output(): string;
  /** Resolves with the exit code (null when killed by a signal) once the process is gone. */
  exited: Promise<number | null>;
  running(): boolean;
}

/** The real server (built, as `npm start` runs it) in a process of its own, once it answers /readyz. */
export async function startChildServer(env: Record<string, string>): Promise<ChildServer> {
  const port = await freePort();
  const child = spawn(process.execPath, BUILT_SERVER_ARGS, {
    cwd: apiDir,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      LOG_LEVEL: 'warn',
      SEED_DEMO_DATA: 'false',
      WEB_DIST_DIR: '/nonexistent',
      ...SHARED_SECRETS,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  let exitCode: number | null | undefined;
  const exited = once(child, 'exit').then(([code]) => {
    exitCode = code as number | null;
    return exitCode;
  });
  const origin = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    const ready = await fetch(`${origin}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) break;
    if (exitCode !== undefined || Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the server did not start:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    origin,
    process: child,
    output: () => output,
    exited,
    running: () => exitCode === undefined,
  };
}

/** Ends every PostgreSQL backend of this application name, as an administrator would. */
export async function terminateBackends(url: string, applicationName: string): Promise<number> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    const result = await admin.query(
      `select pg_terminate_backend(pid) from pg_stat_activity
       where application_name = $1 and pid <> pg_backend_pid()`,
      [applicationName],
    );
    return result.rowCount ?? 0;
  } finally {
    await admin.end();
  }
}
