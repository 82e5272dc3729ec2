/**
 * Start-up and idle cost of `npm start` on the embedded default (README, "On a fresh machine").
 *
 * Start-up: `node <options> scripts/start.mjs` (what `npm start` runs, its check that the builds
 * are up to date included) from the repository root, on a free port, timed from the spawn to the
 * first 200 from GET /readyz (asked every 20 ms), each start after the OS page cache was dropped
 * (as after a reboot: every file read from disk) where this process may drop it (root on Linux),
 * and said otherwise. First, a start on an empty data folder (migrations, demo data): target at
 * most 4 s. Then BENCH_LATER_STARTS (default 5) starts on the folder it left: target at most
 * 1.5 s for their median. For context, the same later starts with the files already in the OS
 * cache.
 *
 * Idle: the last server, left alone for its first BENCH_IDLE_SECONDS (default 60) after it is
 * ready: its CPU time from /proc as a share of one core (target under 0.3%); for context, the
 * same over the next BENCH_IDLE_SECONDS, then its resident memory.
 *
 * The tree must be built (`npm run bench` builds it); a build still to do is made before the
 * first measurement, so no figure includes one.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { reportFigure } from './report';
import { freePort, processCpuMs, startNodeOptions } from './server-process';

const repoDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const LATER_STARTS = Number(process.env.BENCH_LATER_STARTS ?? 5);
const IDLE_SECONDS = Number(process.env.BENCH_IDLE_SECONDS ?? 60);
const TARGET_FIRST_START_MS = 4_000;
const TARGET_START_MS = 1_500;
const TARGET_IDLE_PERCENT = 0.3;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

interface Started {
  child: ChildProcess;
  readyMs: number;
  stop(): Promise<void>;
}

/** The environment of `npm start` on a machine with nothing configured, but these. */
function productEnv(dataDir: string, port: number): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, PORT: String(port) };
  for (const name of ['DATABASE_URL', 'WEB_DIST_DIR', 'NODE_ENV', 'LOG_LEVEL', 'JOB_POLL_SECONDS'])
    delete env[name];
  delete env.BENCH_REPORT;
  return env;
}

/**
 * Drops the OS page cache, so the next start reads every file from disk; false where this
 * process may not (not root, not Linux).
 */
async function dropPageCache(): Promise<boolean> {
  try {
    execFileSync('sync');
    await writeFile('/proc/sys/vm/drop_caches', '3\n');
    return true;
  } catch {
    return false;
  }
}

/** Runs `npm start`'s script and answers once the server is ready, with how long that took. */
async function start(dataDir: string): Promise<Started> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const began = performance.now();
  const child = spawn(process.execPath, [...startNodeOptions(), 'scripts/start.mjs'], {
    cwd: repoDir,
    env: productEnv(dataDir, port),
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let errors = '';
  child.stderr?.on('data', (chunk: Buffer) => (errors = (errors + chunk.toString()).slice(-4000)));
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    await once(child, 'exit');
  };
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited:\n${errors}`);
    const ready = await fetch(`${origin}/readyz`).then(
      (response) => response.status === 200,
      () => false,
    );
    if (ready) return { child, readyMs: performance.now() - began, stop };
    if (performance.now() - began > 180_000) {
      await stop();
      throw new Error(`the server was not ready within 3 minutes:\n${errors}`);
    }
    await sleep(20);
  }
}

/** The CPU the process uses over the next IDLE_SECONDS, as a share of one core. */
async function idleCpuPercent(pid: number): Promise<number> {
  const cpuBefore = await processCpuMs(pid);
  const wallBefore = performance.now();
  await sleep(IDLE_SECONDS * 1000);
  const cpuAfter = await processCpuMs(pid);
  if (cpuBefore === null || cpuAfter === null) throw new Error('the server exited while idle');
  return ((cpuAfter - cpuBefore) / (performance.now() - wallBefore)) * 100;
}

async function residentMegabytes(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kilobytes = Number(/^VmRSS:\s+(\d+)/m.exec(status)?.[1] ?? NaN);
  return kilobytes / 1024;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

const scratch = await mkdtemp(path.join(tmpdir(), 'refund-startup-'));
let running: Started | null = null;
const cleanUp = async () => {
  await running?.stop();
  await rm(scratch, { recursive: true, force: true });
};
process.on('SIGINT', () => void cleanUp().then(() => process.exit(130)));

try {
  // Builds whatever is out of date (not timed).
  running = await start(path.join(scratch, 'warm-up'));
  await running.stop();

  const cold = await dropPageCache();
  const cache = cold
    ? 'OS page cache dropped before each start'
    : 'OS page cache NOT dropped (this process may not): files already cached';
  const dataDir = path.join(scratch, 'data');
  running = await start(dataDir);
  const first = running.readyMs;
  await running.stop();
  reportFigure({
    figure: `npm start to ready, first start (empty data folder; ${cache})`,
    value: seconds(first),
    target: `at most ${seconds(TARGET_FIRST_START_MS)}`,
    met: first <= TARGET_FIRST_START_MS,
  });

  const startsOn = async (dropFirst: boolean): Promise<number[]> => {
    const times: number[] = [];
    for (let i = 0; i < LATER_STARTS; i += 1) {
      if (dropFirst) await dropPageCache();
      running = await start(dataDir);
      times.push(running.readyMs);
      await running.stop();
    }
    return times;
  };
  const warmCache = await startsOn(false);
  const later = await startsOn(cold);
  process.stdout.write(
    `later starts: ${later.map(seconds).join(', ')}; with the files cached: ${warmCache.map(seconds).join(', ')}\n`,
  );
  const laterMedian = median(later);
  reportFigure({
    figure: `npm start to ready, later start (data folder in use, built; ${cache}; median of ${LATER_STARTS})`,
    value: seconds(laterMedian),
    target: `at most ${seconds(TARGET_START_MS)}`,
    met: laterMedian <= TARGET_START_MS,
  });
  reportFigure({
    figure: `npm start to ready, later start with the files in the OS cache (median of ${LATER_STARTS})`,
    value: seconds(median(warmCache)),
    target: null,
    met: null,
  });

  running = await start(dataDir);
  const pid = running.child.pid!;
  const idlePercent = await idleCpuPercent(pid);
  reportFigure({
    figure: `idle CPU of the server, its first ${IDLE_SECONDS} s after ready`,
    value: `${idlePercent.toFixed(2)}% of a core`,
    target: `under ${TARGET_IDLE_PERCENT}% of a core`,
    met: idlePercent < TARGET_IDLE_PERCENT,
  });
  const laterPercent = await idleCpuPercent(pid);
  reportFigure({
    figure: `idle CPU of the server, the ${IDLE_SECONDS} s after that`,
    value: `${laterPercent.toFixed(2)}% of a core`,
    target: null,
    met: null,
  });
  reportFigure({
    figure: 'resident memory of the idle server',
    value: `${Math.round(await residentMegabytes(pid))} MB`,
    target: null,
    met: null,
  });
} finally {
  await cleanUp();
}
