// Reports the gzip size of the production JavaScript for /auth, in two parts:
// - before the first screen renders: the entry chunk and its static imports (React and the
//   boot splash), which paint before anything else loads; target at most 120 KB;
// - until sign-in is usable: add the app chunk, the sign-in screen and everything they import.
// Usage (from apps/web): node scripts/measure-auth-bundle.mjs
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const BUDGET_KB = 120;
const ENTRY = 'index.html';
const STAGES = ['src/app/start.tsx', 'src/app/routes/auth-screen.tsx'];

const outDir = mkdtempSync(join(tmpdir(), 'web-size-'));
try {
  execFileSync('npx', ['vite', 'build', '--manifest', '--outDir', outDir, '--emptyOutDir'], {
    stdio: 'ignore',
  });
  const manifest = JSON.parse(readFileSync(join(outDir, '.vite/manifest.json'), 'utf8'));
  const sizeOf = (key) =>
    gzipSync(readFileSync(join(outDir, manifest[key].file)), { level: 9 }).length;
  const closure = (keys) => {
    const needed = new Set();
    const visit = (key) => {
      if (!manifest[key] || needed.has(key)) return;
      needed.add(key);
      for (const dependency of manifest[key].imports ?? []) visit(dependency);
    };
    keys.forEach(visit);
    return needed;
  };
  const report = (title, keys) => {
    let total = 0;
    process.stdout.write(`${title}\n`);
    for (const key of keys) {
      const size = sizeOf(key);
      total += size;
      process.stdout.write(`${(size / 1024).toFixed(1).padStart(8)} KB  ${manifest[key].file}\n`);
    }
    process.stdout.write(`${(total / 1024).toFixed(1).padStart(8)} KB  total\n\n`);
    return total / 1024;
  };

  const first = report(
    '/auth, JavaScript before the first screen renders (gzip):',
    closure([ENTRY]),
  );
  const usable = report(
    '/auth, JavaScript until sign-in is usable (gzip):',
    closure([ENTRY, ...STAGES]),
  );
  process.stdout.write(
    `first screen: ${first.toFixed(1)} KB of ${BUDGET_KB} KB budget ${first <= BUDGET_KB ? 'MET' : 'NOT MET'}; ` +
      `sign-in usable: ${usable.toFixed(1)} KB\n`,
  );
} finally {
  rmSync(outDir, { recursive: true, force: true });
}
