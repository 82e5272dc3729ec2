import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';

/** One server of the suite: where it answers and what it is configured with beyond the rest. */
export interface TestServer {
  url: string;
  env?: Record<string, string>;
}

const apiFolder = fileURLToPath(new URL('../apps/api/', import.meta.url));
const READY_WITHIN_MS = 120_000;
const STOPPED_WITHIN_MS = 10_000;

/**
 * What every server of the suite shares: the compiled API (`npm run build`, which
 * `npm run test:e2e` runs first) with the built web app, an in-memory database of its own, and
 * sandbox timings within a test's patience.
 */
function environmentOf(server: TestServer): NodeJS.ProcessEnv {
  return {
    ...process.env,
    PORT: new URL(server.url).port,
    PUBLIC_URL: server.url,
    DATA_DIR: 'memory://',
    LOG_LEVEL: 'warn',
    JOB_POLL_SECONDS: '0.5',
    OTP_SENDS_PER_IP_PER_HOUR: '100000',
    OTP_SENDS_PER_PHONE_PER_HOUR: '100',
    // Every browser here sends its analytics from the one address, 127.0.0.1.
    ANALYTICS_BATCHES_PER_IP_PER_MINUTE: '100000',
    BRAND_NAME: 'Refund Wallet',
    // Payouts settle and come back within a test's patience.
    SANDBOX_ACH_SETTLEMENT_SECONDS: '2',
    SANDBOX_CARD_RETURN_DELAY_SECONDS: '2',
    WELCOME_BONUS_CENTS: '0',
    // Gift card balances are the cashback alone unless a server offers earn rewards.
    EARN_REWARDS_OFFERS: '',
    // Every browser here shares one device fingerprint; real devices are counted per person.
    FREE_PLAY_ACCOUNTS_PER_DEVICE: '1000',
    ...server.env,
  };
}

async function answers(url: string): Promise<boolean> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
    return response.ok;
  } catch {
    return false;
  }
}

async function untilReady(server: TestServer, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + READY_WITHIN_MS;
  const exited = once(child, 'exit').then(([code]) => {
    throw new Error(`The server for ${server.url} exited with ${String(code)} before it was ready`);
  });
  exited.catch(() => undefined);
  while (Date.now() < deadline) {
    const ready = await Promise.race([answers(`${server.url}/readyz`), exited]);
    if (ready) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`The server for ${server.url} was not ready within ${READY_WITHIN_MS} ms`);
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGTERM');
  const killer = setTimeout(() => child.kill('SIGKILL'), STOPPED_WITHIN_MS);
  await exited;
  clearTimeout(killer);
}

/**
 * Starts every server side by side (a test server spends most of its start-up in the embedded
 * database's WebAssembly, so two cores start five of them in about the time of two or three) and
 * answers once each one's `/readyz` does; a port already answering is an error, as is a server
 * that exits first. Answers the function that stops them all.
 *
 * The servers run with V8's baseline WebAssembly compiler alone (`--liftoff-only`): its code is
 * slower than the optimising compiler's, but a server that lives for one run of the suite never
 * earns back the optimising compiler's work on the embedded database's whole module (measured
 * here: 6.5 s of CPU to open a database against 2.7 s, and the gift card and claim specs 382
 * core-seconds against 292). `npm start` does the same (ADR 0034).
 */
export async function startTestServers(servers: TestServer[]): Promise<() => Promise<void>> {
  const taken = await Promise.all(servers.map((server) => answers(`${server.url}/readyz`)));
  const busy = servers.filter((_, index) => taken[index]).map((server) => server.url);
  if (busy.length > 0) throw new Error(`Something already answers on ${busy.join(', ')}`);

  const children = servers.map((server) => {
    const child = spawn(
      process.execPath,
      ['--liftoff-only', '--enable-source-maps', 'dist/main.js'],
      { cwd: apiFolder, env: environmentOf(server), stdio: ['ignore', 'ignore', 'pipe'] },
    );
    child.stderr?.on('data', (chunk: Buffer) => process.stderr.write(chunk));
    return child;
  });
  const stopAll = async () => {
    process.off('exit', killAll);
    await Promise.all(children.map(stop));
  };
  // Should the runner end without its teardown, its servers end with it.
  const killAll = () => children.forEach((child) => child.kill('SIGKILL'));
  process.on('exit', killAll);
  try {
    await Promise.all(servers.map((server, index) => untilReady(server, children[index]!)));
  } catch (error) {
    await stopAll();
    throw error;
  }
  return stopAll;
}
