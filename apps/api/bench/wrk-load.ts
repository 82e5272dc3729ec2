import { execFileSync, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { once } from 'node:events';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { percentile, type LoadResult } from './http-load';

/**
 * POST load from wrk, a load generator written in C running as a process of its own: the rate a
 * benchmark compares with pgbench (whose client is C too) is then the product's, not the cost of
 * a JavaScript HTTP client sharing the machine's two cores. Each customer brings its token and
 * the bodies it may send, each once; requests take the customers in turn, spread over wrk's
 * threads, each with an Idempotency-Key of its own.
 *
 * wrk comes from Debian's packages: ensureWrk installs it where it is missing and we are root.
 */
const SCRIPT = path.join(path.dirname(fileURLToPath(import.meta.url)), 'wrk-load.lua');
const THREADS = 2;

export function ensureWrk(): void {
  const found = () => {
    try {
      execFileSync('wrk', ['--version'], { stdio: 'ignore' });
      return true;
    } catch (error) {
      // wrk --version prints its usage and exits 1; only a missing program is missing.
      return (error as NodeJS.ErrnoException).code !== 'ENOENT';
    }
  };
  if (found()) return;
  if (process.getuid?.() !== 0) {
    throw new Error('wrk is missing: install it (Debian: sudo apt-get install -y wrk)');
  }
  process.stdout.write("Installing wrk from Debian's packages...\n");
  const apt = {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  } as const;
  execFileSync('apt-get', ['update', '-qq'], apt);
  execFileSync('apt-get', ['install', '-y', '-qq', 'wrk'], apt);
}

export async function runWrkLoad(options: {
  origin: string;
  path: string;
  /** POST unless given; a request whose body is empty is sent without one. */
  method?: 'POST' | 'GET';
  /** At most this long; less when every customer's bodies were sent before. */
  seconds: number;
  /** Go round the bodies again until the time is up (reads: no Idempotency-Key is sent). */
  repeat?: boolean;
  /** More headers on every request. */
  headers?: Record<string, string>;
  connections: number;
  customers: { token: string; bodies: string[] }[];
}): Promise<LoadResult> {
  const dir = await mkdtemp(path.join(tmpdir(), 'wrk-load-'));
  try {
    await Promise.all(
      // Reads go round every customer on every thread; bodies sent once are dealt out.
      (options.repeat
        ? Array.from({ length: THREADS }, () => threadLines(options.customers, 1)[0] ?? [])
        : threadLines(options.customers, THREADS)
      ).map((lines, i) => writeFile(path.join(dir, `bodies-${i + 1}`), `${lines.join('\n')}\n`)),
    );
    const latencyFile = path.join(dir, 'latencies');
    const doneFile = path.join(dir, 'done-');
    const child = spawn(
      'wrk',
      [
        `-t${THREADS}`,
        `-c${options.connections}`,
        `-d${options.seconds}s`,
        '--timeout',
        '10s',
        '-s',
        SCRIPT,
        options.origin,
      ],
      {
        stdio: ['ignore', 'pipe', 'pipe'],
        env: {
          ...process.env,
          WRK_LOAD_FILES: path.join(dir, 'bodies-'),
          WRK_LOAD_PATH: options.path,
          WRK_LOAD_METHOD: options.method ?? 'POST',
          WRK_LOAD_REPEAT: options.repeat ? '1' : '0',
          WRK_LOAD_HEADERS: Object.entries(options.headers ?? {})
            .map(([name, value]) => `${name}: ${value}`)
            .join('\n'),
          WRK_LOAD_DONE: doneFile,
          WRK_LOAD_KEY_PREFIX: `wrk-${process.pid}-${Date.now()}-`,
          WRK_LOAD_LATENCIES: latencyFile,
        },
      },
    );
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    // wrk runs for its whole duration even when every thread has stopped: end it then.
    const watch = setInterval(() => {
      const done = Array.from({ length: THREADS }, (_, i) => existsSync(`${doneFile}${i + 1}`));
      if (done.every(Boolean)) child.kill('SIGINT');
    }, 50);
    const [code] = (await once(child, 'exit').finally(() => clearInterval(watch))) as [
      number | null,
    ];
    if (code !== 0) throw new Error(`wrk failed (exit ${code}):\n${output}`);
    return parseWrkLatencies(await readFile(latencyFile, 'utf8'));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * The lines each of `threads` wrk threads sends, "<token>\t<body>": the customers in turn (the
 * first body of each, then the second of each, ...), each line to the next thread in turn.
 */
export function threadLines(
  customers: { token: string; bodies: string[] }[],
  threads: number,
): string[][] {
  const lines: string[][] = Array.from({ length: threads }, () => []);
  let line = 0;
  const longest = Math.max(0, ...customers.map((c) => c.bodies.length));
  for (let turn = 0; turn < longest; turn += 1) {
    for (const customer of customers) {
      const body = customer.bodies[turn];
      if (body !== undefined) lines[line++ % threads]!.push(`${customer.token}\t${body}`);
    }
  }
  return lines;
}

/** What wrk-load.lua's done() wrote: totals, then "<microseconds> <count>" per latency seen. */
export function parseWrkLatencies(text: string): LoadResult {
  const totals = new Map<string, string>();
  const latencies: number[] = [];
  for (const line of text.split('\n')) {
    const [first, second] = line.split(' ');
    if (first === undefined || second === undefined) continue;
    if (/^\d+$/.test(first)) {
      for (let n = Number(second); n > 0; n -= 1) latencies.push(Number(first) / 1000);
    } else totals.set(first, second);
  }
  const requests = Number(totals.get('requests'));
  const statusErrors = Number(totals.get('status_errors'));
  const socketErrors = Number(totals.get('socket_errors'));
  const durationUs = Number(totals.get('duration'));
  if (![requests, statusErrors, socketErrors, durationUs].every(Number.isFinite)) {
    throw new Error(`wrk reported no totals:\n${text.slice(0, 500)}`);
  }
  const failed = statusErrors + socketErrors;
  return {
    ok: requests - statusErrors,
    failed,
    statuses: {
      ...(statusErrors ? { '4xx/5xx': statusErrors } : {}),
      ...(socketErrors ? { 'socket errors': socketErrors } : {}),
    },
    sample: null,
    exhausted: totals.get('exhausted') === 'true',
    elapsed: durationUs / 1e6,
    latencies,
  };
}

/** What a browser sends with every request besides the token (Chrome's Accept-Encoding). */
export const BROWSER_HEADERS = { 'Accept-Encoding': 'gzip, deflate, br, zstd' };

/**
 * GETs of `path` with each token in turn, `connections` at a time for `seconds`, as a browser
 * sends them: the rate, the p99, and what each answered request cost the server's process in
 * CPU (from `cpuMs`, read before and after). A failed request fails the measurement.
 */
export async function readCost(options: {
  server: { origin: string; cpuMs(): Promise<number> };
  path: string;
  tokens: string[];
  seconds: number;
  connections: number;
}): Promise<{ rate: number; cpuMicros: number; p99: number }> {
  const { server, path } = options;
  const before = await server.cpuMs();
  const result = await runWrkLoad({
    origin: server.origin,
    path,
    method: 'GET',
    repeat: true,
    seconds: options.seconds,
    connections: options.connections,
    customers: options.tokens.map((token) => ({ token, bodies: [''] })),
    headers: BROWSER_HEADERS,
  });
  const cpuMs = (await server.cpuMs()) - before;
  if (result.failed > 0) {
    throw new Error(`${path}: ${result.failed} failed ${JSON.stringify(result.statuses)}`);
  }
  return {
    rate: result.ok / result.elapsed,
    cpuMicros: (cpuMs * 1000) / Math.max(1, result.ok),
    p99: percentile(result.latencies, 99),
  };
}
