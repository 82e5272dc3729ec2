/**
 * `npm run build -w @refund/api`: compiles the API to JavaScript in dist/ (ESM for Node 20, with
 * source maps so stack traces and error reports point at the TypeScript sources), so production
 * starts with plain node instead of compiling on the fly. Our workspace package
 * @refund/contracts (TypeScript) is bundled in, and so are a few npm packages (BUNDLED_PACKAGES);
 * the others stay external, loaded from node_modules as installed. Beside the code, the files of a
 * new embedded database cluster, which a first start loads instead of creating one
 * (src/db/cluster-image.mjs).
 */
import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { makeClusterImage } from '../src/db/cluster-image.mjs';
import { inputsHash, isBuildOf, stampBuild } from './build-stamp.mjs';

const apiDir = fileURLToPath(new URL('..', import.meta.url));
const repoDir = path.resolve(apiDir, '../..');
export const apiDistDir = path.join(apiDir, 'dist');

/** What the build reads: a change to any of these makes dist/ out of date. */
export const apiInputs = {
  root: repoDir,
  paths: [
    'apps/api/src',
    'apps/api/package.json',
    'apps/api/tsconfig.json',
    'apps/api/scripts',
    // The embedded cluster image holds the migrations applied (src/db/cluster-image.mjs).
    'apps/api/drizzle',
    'packages/contracts/src',
    'packages/contracts/package.json',
    'tsconfig.base.json',
    'package-lock.json',
  ],
};

/** The programs in dist/: the server, and the commands package.json runs. */
const entryPoints = {
  main: 'src/main.ts',
  'ledger-check': 'src/features/ledger/ledger-check-command.ts',
  'create-merchant': 'src/features/merchants/create-merchant-command.ts',
};

/**
 * npm packages bundled in with our code: pure ESM, made of many small modules that Node would
 * otherwise resolve, read and link one by one at every start (drizzle-orm and zod were 200 of the
 * 270 modules loaded before the server is ready), and holding no files they read beside their
 * code. zod's type provider goes with zod, so that both use one copy of it. OpenTelemetry's API
 * (the job queue's spans, no-ops without traces) keeps its state on globalThis, so the bundled
 * copy and the SDK's installed one, loaded only with traces, share it.
 */
const BUNDLED_PACKAGES =
  /^(drizzle-orm|zod|fastify-type-provider-zod|dayjs|@opentelemetry\/api)(\/|$)/;

/** Other installed npm packages are loaded from node_modules, as installed. */
const externalPackages = {
  name: 'external-packages',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@refund/') || BUNDLED_PACKAGES.test(args.path)
        ? undefined
        : { path: args.path, external: true },
    );
  },
};

/**
 * Code that finds files next to its source (the migrations, the demo images, the built web app)
 * does so from import.meta.url. In the bundle that would be dist/<chunk>.js, so each source
 * file's import.meta.url becomes its own file's URL again, relative to dist/ (every output file
 * sits directly in dist/): the paths resolve as they do from the sources, wherever the
 * repository is moved.
 */
const sourceRelativeUrls = {
  name: 'source-relative-urls',
  setup(build) {
    build.onLoad({ filter: /\.ts$/ }, async (args) => {
      const text = await readFile(args.path, 'utf8');
      if (!text.includes('import.meta.url')) return { contents: text, loader: 'ts' };
      const relative = path.relative(apiDistDir, args.path).split(path.sep).join('/');
      const url = `new URL(${JSON.stringify(relative)}, import.meta.url).href`;
      return { contents: text.replace(/\bimport\.meta\.url\b/g, url), loader: 'ts' };
    });
  },
};

export async function buildApi() {
  // The stamp names the inputs as they were when the build began.
  const hash = inputsHash(apiInputs);
  const esbuild = await import('esbuild');
  await rm(apiDistDir, { recursive: true, force: true });
  await esbuild.build({
    absWorkingDir: apiDir,
    entryPoints,
    outdir: apiDistDir,
    // Shared code goes to chunks beside the entry points, never in a subfolder (see above).
    chunkNames: '[name]-[hash]',
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    sourcemap: 'linked',
    // Maps name the source files, which stay in the repository: smaller maps, read faster.
    sourcesContent: false,
    // Error and class names stay as written, for logs and error reports.
    keepNames: true,
    logLevel: 'warning',
    plugins: [externalPackages, sourceRelativeUrls],
  });
  // esbuild's helper process is not kept: `npm start` goes on to run the server in this process.
  await esbuild.stop();
  // The embedded engine's new cluster, for first starts (src/db/cluster-image.mjs).
  await makeClusterImage(apiDistDir);
  stampBuild(apiDistDir, hash);
}

/** Builds the API unless dist/ already holds a build of the sources as they are. */
export async function ensureApiBuilt() {
  if (isBuildOf(apiDistDir, inputsHash(apiInputs))) return;
  process.stderr.write('Building the API: its sources changed since the last build.\n');
  await buildApi();
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const started = performance.now();
  await buildApi();
  process.stdout.write(
    `API built in ${Math.round(performance.now() - started)} ms: ${path.relative(process.cwd(), apiDistDir) || '.'}\n`,
  );
}
