// Reports the bytes a browser receives for /auth from the real server, compressed as sent
// (Accept-Encoding: br, gzip), in two stages:
// - before the first screen renders: the page (which holds the boot splash), its stylesheet and
//   scripts, and the entry script with its static imports; target at most 120 KB;
// - until sign-in is usable: add the app's files the page preloads, the sign-in screen's files
//   (the build's list in index.html, see build/preload-plan.ts), everything those import
//   statically (by the Vite manifest), and the English translations.
// The production build goes to a temporary folder and is served by the API (embedded database)
// on a free port. Usage (from apps/web): node scripts/measure-auth-bundle.mjs
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { get } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildWebApp, startProductServer } from './product-server.mjs';
import { reportFigure } from './report-figure.mjs';

const BUDGET_KB = 120;
const TRANSLATIONS = '/locales/en/translation.json';
/** Every file on /auth is text; one this big sent as it is means compression is not working. */
const COMPRESSION_PAYS_BYTES = 1024;

/** One GET as a browser makes it; the body is counted as it arrives, still encoded. */
function fetchAsSent(url) {
  return new Promise((resolve, reject) => {
    get(url, { headers: { 'accept-encoding': 'br, gzip' } }, (response) => {
      let bytes = 0;
      response.on('data', (chunk) => (bytes += chunk.length));
      response.on('end', () => {
        if (response.statusCode !== 200) reject(new Error(`${url}: HTTP ${response.statusCode}`));
        else resolve({ bytes, encoding: response.headers['content-encoding'] ?? 'identity' });
      });
      response.on('error', reject);
    }).on('error', reject);
  });
}

/** The given files and every file they import statically, by the Vite manifest. */
function withStaticImports(manifest, files) {
  const keyOf = new Map(Object.entries(manifest).map(([key, chunk]) => [`/${chunk.file}`, key]));
  const needed = new Set();
  const visit = (file) => {
    if (needed.has(file)) return;
    needed.add(file);
    const chunk = manifest[keyOf.get(file)];
    for (const css of chunk?.css ?? []) needed.add(`/${css}`);
    for (const key of chunk?.imports ?? []) visit(`/${manifest[key].file}`);
  };
  files.forEach(visit);
  return needed;
}

/** What index.html makes the browser fetch, by kind: `first` for the first screen. */
function pageFiles(html) {
  const first = [];
  const preloaded = [];
  for (const [, tag, attributes] of html.matchAll(/<(script|link)\b([^>]*)>/g)) {
    const rel = /\brel="([^"]+)"/.exec(attributes)?.[1];
    const url = /\b(?:src|href)="(\/[^"]+)"/.exec(attributes)?.[1];
    if (!url) continue;
    if (tag === 'script' || rel === 'stylesheet') first.push(url);
    else if (rel === 'modulepreload' || rel === 'preload') preloaded.push(url);
  }
  const plan = /<script type="application\/json" id="landing-screens">([^<]*)<\/script>/.exec(html);
  const auth = plan ? JSON.parse(plan[1]).auth : undefined;
  if (!Array.isArray(auth)) throw new Error('index.html lists no files for the sign-in screen');
  return { first, preloaded: [...preloaded, ...auth] };
}

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

async function measureStage(origin, title, paths) {
  process.stdout.write(`${title}\n`);
  let total = 0;
  let uncompressed = 0;
  for (const path of paths) {
    const { bytes, encoding } = await fetchAsSent(`${origin}${path}`);
    total += bytes;
    if (encoding === 'identity' && bytes > COMPRESSION_PAYS_BYTES) uncompressed += 1;
    process.stdout.write(`${kb(bytes).padStart(10)}  ${encoding.padEnd(8)}  ${path}\n`);
  }
  process.stdout.write(`${kb(total).padStart(10)}  total\n\n`);
  return { total, uncompressed };
}

const outDir = mkdtempSync(join(tmpdir(), 'web-size-'));
let server;
try {
  buildWebApp(outDir);
  const manifest = JSON.parse(readFileSync(join(outDir, '.vite/manifest.json'), 'utf8'));
  server = await startProductServer(outDir, { SEED_DEMO_DATA: 'false' });
  const page = pageFiles(readFileSync(join(outDir, 'index.html'), 'utf8'));

  const first = new Set(['/auth', ...withStaticImports(manifest, page.first)]);
  const usable = new Set([...first, ...withStaticImports(manifest, page.preloaded), TRANSLATIONS]);
  const before = await measureStage(
    server.origin,
    '/auth, sent before the first screen renders (as transferred):',
    first,
  );
  const after = await measureStage(
    server.origin,
    '/auth, sent until sign-in is usable (as transferred):',
    usable,
  );

  reportFigure({
    figure: '/auth sent before the first screen renders',
    value: kb(before.total),
    target: `at most ${BUDGET_KB} KB`,
    met: before.total / 1024 <= BUDGET_KB,
  });
  reportFigure({
    figure: '/auth sent until sign-in is usable',
    value: kb(after.total),
    target: null,
    met: null,
  });
  reportFigure({
    figure: '/auth text files sent uncompressed',
    value: String(after.uncompressed),
    target: 'none',
    met: after.uncompressed === 0,
  });
} finally {
  await server?.stop();
  rmSync(outDir, { recursive: true, force: true });
}
