/**
 * Redemption throughput on PostgreSQL before and after a change, in one run under the same
 * conditions: the redemptions benchmark (bench/redemptions.ts) of a baseline commit and of this
 * work tree, in alternating rounds (baseline, current, baseline, current, ...), so a change in the
 * machine's load hits both alike. The baseline is checked out into a temporary git worktree that
 * uses this tree's installed packages, with the workspace packages (@refund/*) pointed at the
 * baseline's own.
 *
 * BENCH_BASELINE_REF: the baseline commit (default: the last one before the redemption pipeline,
 * ADR 0014). BENCH_COMPARE_ROUNDS: rounds of each (default 4; single rounds vary by up to a third
 * on a 2-core machine). The other BENCH_* settings of bench/redemptions.ts apply to both.
 * Target: the current median within 10% of the baseline's.
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const BASELINE_REF = process.env.BENCH_BASELINE_REF ?? 'bd1abce';
const ROUNDS = Number(process.env.BENCH_COMPARE_ROUNDS ?? 4);
const TOLERANCE = 0.1;

const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const repo = path.resolve(apiDir, '../..');
const log = (line: string) => process.stdout.write(`${line}\n`);

/** A worktree of the baseline whose node_modules are this tree's, but for the workspaces. */
function checkOutBaseline(): { dir: string; remove: () => void } {
  const parent = mkdtempSync(path.join(tmpdir(), 'refund-wallet-baseline-'));
  const dir = path.join(parent, 'tree');
  execFileSync('git', ['-C', repo, 'worktree', 'add', '--detach', '--quiet', dir, BASELINE_REF]);
  const modules = path.join(dir, 'node_modules');
  mkdirSync(modules);
  for (const entry of readdirSync(path.join(repo, 'node_modules'))) {
    if (entry === '@refund') continue;
    symlinkSync(path.join(repo, 'node_modules', entry), path.join(modules, entry));
  }
  mkdirSync(path.join(modules, '@refund'));
  for (const [name, folder] of [
    ['contracts', 'packages/contracts'],
    ['api', 'apps/api'],
    ['web', 'apps/web'],
  ] as const) {
    symlinkSync(path.join(dir, folder), path.join(modules, '@refund', name));
  }
  return {
    dir,
    remove: () => {
      execFileSync('git', ['-C', repo, 'worktree', 'remove', '--force', dir]);
      rmSync(parent, { recursive: true, force: true });
    },
  };
}

interface Round {
  spread: number;
  hot: number;
  /** What one redemption over many customers cost: round trips, CPU here and in PostgreSQL. */
  spreadCost: string;
  ledgerOk: boolean;
  output: string;
}

const rateOf = (output: string, label: RegExp): number => {
  const line = output.split('\n').find((l) => label.test(l));
  const match = line?.match(/(\d+) redemptions\/s/);
  if (!match?.[1]) throw new Error(`no rate for ${label} in:\n${output}`);
  return Number(match[1]);
};

async function runBenchmark(treeApiDir: string): Promise<Round> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/redemptions.ts'], {
    cwd: treeApiDir,
    env: process.env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  if (code !== 0 && !/ledger:/.test(output)) {
    throw new Error(`the benchmark in ${treeApiDir} failed (${code}):\n${output}`);
  }
  const lines = output.split('\n');
  const spreadAt = lines.findIndex((l) => /^\(a\) spread over/.test(l));
  return {
    spreadCost: (lines[spreadAt + 1] ?? '').replace(/^\s*per redemption:\s*/, ''),
    spread: rateOf(output, /^\(a\) spread over/),
    hot: rateOf(output, /^\(b\) one hot customer/),
    ledgerOk: /ledger: ok/.test(output),
    output,
  };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
};

const baseline = checkOutBaseline();
try {
  const before: Round[] = [];
  const after: Round[] = [];
  for (let round = 1; round <= ROUNDS; round += 1) {
    log(`round ${round}/${ROUNDS}: baseline ${BASELINE_REF}…`);
    before.push(await runBenchmark(path.join(baseline.dir, 'apps/api')));
    log(`round ${round}/${ROUNDS}: this tree…`);
    after.push(await runBenchmark(apiDir));
  }
  log('');
  log('The last run of this tree:');
  log(after.at(-1)?.output.trimEnd() ?? '');
  log('');
  const rows = [
    ['(a) spread over many customers', 'spread'],
    ['(b) one hot customer', 'hot'],
  ] as const;
  log(`redemptions/s on PostgreSQL, ${ROUNDS} alternating rounds each (median):`);
  let met = after.every((r) => r.ledgerOk);
  for (const [label, key] of rows) {
    const was = median(before.map((r) => r[key]));
    const now = median(after.map((r) => r[key]));
    const change = was > 0 ? (now - was) / was : 0;
    log(
      `  ${label.padEnd(32)} before ${was.toFixed(0).padStart(6)}  after ${now.toFixed(0).padStart(6)}  ` +
        `(${change >= 0 ? '+' : ''}${(change * 100).toFixed(1)}%; rounds: ${before.map((r) => r[key]).join(', ')} → ${after.map((r) => r[key]).join(', ')})`,
    );
    if (key === 'spread' && change < -TOLERANCE) met = false;
  }
  log('per redemption over many customers, each round:');
  before.forEach((r, i) => log(`  before ${i + 1}: ${r.spreadCost}`));
  after.forEach((r, i) => log(`  after  ${i + 1}: ${r.spreadCost}`));
  log(
    `target: many-customer throughput within ${TOLERANCE * 100}% of ${BASELINE_REF} or better, ledger ok: ${met ? 'MET' : 'NOT MET'}`,
  );
  if (!met) process.exitCode = 1;
} finally {
  baseline.remove();
}
