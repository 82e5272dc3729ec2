/**
 * Start-up and idle cost of `npm start` on the embedded default (README, "On a fresh machine").
 *
 * Start-up: `node scripts/start.mjs` (what `npm start` runs, its check that the builds are up to
 * date included) from the repository root, on a fresh data folder and a free port, timed from
 * the spawn to the first 200 from GET /readyz (asked every 20 ms). The first start fills the
 * empty folder (migrations, demo data) and is reported for context; then BENCH_LATER_STARTS
 * (default 5) later starts on the same folder, whose median has the target: at most 3 s.
 *
 * Idle: the last server, left alone for 10 s after it is ready, then for BENCH_IDLE_SECONDS
 * (default 60): its CPU time from /proc as a share of one core (target under 0.5%). For context,
 * the same over the next BENCH_IDLE_SECONDS: the first window holds V8's one-off collection that
 * shrinks the heap once the server has gone quiet (memory reducer, some 0.3 s of CPU, 20 to 45 s
 * after ready), the second what idling costs from then on. Last, its resident memory.
 *
 * The tree must be built (`npm run bench` builds it); a build still to do is made before the
 * first measurement, so no figure includes one.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { reportFigure } from './report';
import { freePort, processCpuMs } from './server-process';

const repoDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const LATER_STARTS = Number(process.env.BENCH_LATER_STARTS ?? 5);
const IDLE_SECONDS = Number(process.env.BENCH_IDLE_SECONDS ?? 60);
const SETTLE_SECONDS = 10;
const TARGET_START_MS = 3_000;
const TARGET_IDLE_PERCENT = 0.5;

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

/** Runs `npm start`'s script and answers once the server is ready, with how long that took. */
async function start(dataDir: string): Promise<Started> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const began = performance.now();
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
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
  // Builds whatever is out of date (not timed), and reads the files into the OS cache as any
  // machine that started the product before has them.
  running = await start(path.join(scratch, 'warm-up'));
  await running.stop();

  const dataDir = path.join(scratch, 'data');
  running = await start(dataDir);
  const first = running.readyMs;
  await running.stop();
  reportFigure({
    figure: 'npm start to ready, first start (empty data folder)',
    value: seconds(first),
    target: null,
    met: null,
  });

  const later: number[] = [];
  for (let i = 0; i < LATER_STARTS; i += 1) {
    running = await start(dataDir);
    later.push(running.readyMs);
    // The last server stays up for the idle measurement.
    if (i < LATER_STARTS - 1) await running.stop();
  }
  process.stdout.write(`later starts: ${later.map(seconds).join(', ')}\n`);
  const laterMedian = median(later);
  reportFigure({
    figure: `npm start to ready, later start (median of ${LATER_STARTS}, built)`,
    value: seconds(laterMedian),
    target: `at most ${seconds(TARGET_START_MS)}`,
    met: laterMedian <= TARGET_START_MS,
  });

  const pid = running!.child.pid!;
  await sleep(SETTLE_SECONDS * 1000);
  const idlePercent = await idleCpuPercent(pid);
  reportFigure({
    figure: `idle CPU of the server (${IDLE_SECONDS} s, after ${SETTLE_SECONDS} s)`,
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
