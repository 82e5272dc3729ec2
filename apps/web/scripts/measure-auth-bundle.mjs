// Sums the gzip size of the JavaScript a browser needs to render /auth: the entry chunk, the
// lazily loaded sign-in screen, and every chunk those import statically.
// Usage (from apps/web): node scripts/measure-auth-bundle.mjs
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const BUDGET_KB = 120;
const AUTH_SCREEN = 'src/app/routes/auth-screen.tsx';

const outDir = mkdtempSync(join(tmpdir(), 'web-size-'));
try {
  execFileSync('npx', ['vite', 'build', '--manifest', '--outDir', outDir, '--emptyOutDir'], {
    stdio: 'ignore',
  });
  const manifest = JSON.parse(readFileSync(join(outDir, '.vite/manifest.json'), 'utf8'));
  const needed = new Set();
  const visit = (key) => {
    const chunk = manifest[key];
    if (!chunk || needed.has(key)) return;
    needed.add(key);
    for (const dependency of chunk.imports ?? []) visit(dependency);
  };
  visit('index.html');
  visit(AUTH_SCREEN);

  let total = 0;
  for (const key of needed) {
    const file = manifest[key].file;
    const size = gzipSync(readFileSync(join(outDir, file)), { level: 9 }).length;
    total += size;
    process.stdout.write(`${(size / 1024).toFixed(1).padStart(8)} KB  ${file}\n`);
  }
  process.stdout.write(
    `${(total / 1024).toFixed(1).padStart(8)} KB  total for /auth (budget ${BUDGET_KB} KB)\n`,
  );
  process.exitCode = total / 1024 <= BUDGET_KB ? 0 : 1;
} finally {
  rmSync(outDir, { recursive: true, force: true });
}
