/**
 * `npm run bench`: builds the product as `npm start` runs it, then runs every benchmark in turn,
 * each in a process of its own, and closes with one table of every figure, its target and
 * whether this run met it. A benchmark that fails to measure fails the run; a target not met
 * does not (it is a report).
 *
 * BENCH_ONLY: a comma-separated list of the benchmarks to run (profile, history, redemptions,
 * giftcards, cluster, startup, size); all by default.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { verdict, type Figure } from './report';

const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const repoDir = path.resolve(apiDir, '../..');

const benchmarks: { name: string; title: string; command: string[]; cwd: string }[] = [
  {
    name: 'profile',
    title: 'Profile reads (embedded database)',
    command: ['npx', 'tsx', 'bench/profile.ts'],
    cwd: apiDir,
  },
  {
    name: 'history',
    title: 'History at scale (PostgreSQL)',
    command: ['npx', 'tsx', 'bench/history.ts'],
    cwd: apiDir,
  },
  {
    name: 'redemptions',
    title: 'Redemptions (PostgreSQL)',
    command: ['npx', 'tsx', 'bench/redemptions.ts'],
    cwd: apiDir,
  },
  {
    name: 'giftcards',
    title: 'Gift card purchases (PostgreSQL)',
    command: ['npx', 'tsx', 'bench/giftcards.ts'],
    cwd: apiDir,
  },
  {
    name: 'cluster',
    title: 'Several instances through HAProxy (PostgreSQL, its replica, PgBouncer)',
    command: ['npx', 'tsx', 'bench/cluster.ts'],
    cwd: apiDir,
  },
  {
    name: 'startup',
    title: 'Start-up and idle (embedded default)',
    command: ['npx', 'tsx', 'bench/startup.ts'],
    cwd: apiDir,
  },
  {
    name: 'size',
    title: 'Web app: what /auth sends',
    command: ['npm', 'run', 'size', '-w', '@refund/web'],
    cwd: repoDir,
  },
];

const only = process.env.BENCH_ONLY?.split(',').map((name) => name.trim());
const log = (line: string) => process.stdout.write(`${line}\n`);

async function run(command: string[], cwd: string, env: Record<string, string>): Promise<number> {
  const [program, ...args] = command as [string, ...string[]];
  const child = spawn(program, args, { cwd, stdio: 'inherit', env: { ...process.env, ...env } });
  const [code] = (await once(child, 'exit')) as [number | null];
  return code ?? 1;
}

const reportDir = await mkdtemp(path.join(tmpdir(), 'refund-bench-'));
const reportFile = path.join(reportDir, 'figures.jsonl');
const failed: string[] = [];
try {
  log('\n== building the product (npm run build) ==');
  if ((await run(['npm', 'run', 'build'], repoDir, {})) !== 0) {
    throw new Error('the build failed');
  }
  const sections: { title: string; figures: Figure[] }[] = [];
  for (const benchmark of benchmarks) {
    if (only && !only.includes(benchmark.name)) continue;
    log(`\n== ${benchmark.title} ==`);
    await rm(reportFile, { force: true });
    const code = await run(benchmark.command, benchmark.cwd, { BENCH_REPORT: reportFile });
    if (code !== 0) failed.push(benchmark.name);
    const lines = await readFile(reportFile, 'utf8').catch(() => '');
    sections.push({
      title: benchmark.title,
      figures: lines
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as Figure),
    });
  }

  log('\n== every figure ==');
  for (const section of sections) {
    log(`\n${section.title}`);
    if (section.figures.length === 0) log('  (no figures: the benchmark did not finish)');
    for (const figure of section.figures) {
      const target = figure.target ? `  target ${figure.target}` : '';
      const met = figure.met === null ? '' : `  ${verdict(figure.met)}`;
      log(`  ${figure.figure}: ${figure.value}${target}${met}`);
    }
  }
  const all = sections.flatMap((s) => s.figures).filter((f) => f.met !== null);
  log(
    `\n${all.filter((f) => f.met).length} of ${all.length} targets met` +
      (failed.length ? `; benchmarks that failed: ${failed.join(', ')}` : ''),
  );
} finally {
  await rm(reportDir, { recursive: true, force: true });
}
if (failed.length) process.exitCode = 1;
