import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import webConfigFor from './apps/web/vite.config';
import { filesMockingModules } from './apps/web/test/module-mocks';

/**
 * Vitest's default is one worker fewer than the machine has cores: one, on a 2-core machine. The
 * unit tests take every core.
 *
 * The API integration tests' files can run side by side (on PostgreSQL each file has a database
 * of its own, on the embedded engine each test server one in memory). They spend most of their
 * time waiting (for jobs, timers, child servers): one worker on PostgreSQL alone used 128 s of
 * CPU in 431 s. Three workers per engine, the two engines side by side as scripts/test.sh runs
 * them, took 493 s on 2 cores (API_INTEGRATION_WORKERS changes it).
 *
 * A worker runs its files one after another in one process, importing the server's modules once
 * (not once per file: the import step went from 127 s to 8 s). Each file still gets a database of
 * its own, and file-database.ts forgets what the last file's databases taught the process.
 * API_INTEGRATION_ISOLATE=1 gives each file a fresh module graph again.
 */
const integrationWorkers = Number(process.env.API_INTEGRATION_WORKERS ?? 3);

/**
 * API integration test files whose subject is not storage: configuration, the HTTP layer (input
 * refused before anything is read or written, the error shape), the process, and the real
 * vendors' adapters (against stubs of their APIs; the same methods' sandbox
 * tests run on both engines). When scripts/test.sh runs the integration tests on PostgreSQL and
 * on the embedded database side by side, these run on PostgreSQL alone
 * (API_INTEGRATION_STORAGE_ONLY on the embedded run): a second engine would run the same code
 * again for nothing. Without PostgreSQL, every file runs on the embedded database.
 */
const engineIndependent = [
  'bad-input',
  'bank-ach-increase',
  'bank-config',
  'bank-increase-adapter',
  'bank-tink-adapter',
  'control-characters',
  'error-reporting',
  'fancash-credits-fanatics',
  'featured-brands',
  'giftcard-config',
  'giftcard-runa',
  'hardening',
  'https',
  'methods-switched-off',
  'prepaid-cards-stripe',
  'production-bank-names',
  'production-card-payouts',
  'route-auth',
  'router-errors',
  'team-shop-brands',
  'trust-proxy',
  'web-app-serving',
];
const storageOnly = process.env.API_INTEGRATION_STORAGE_ONLY === '1';

/**
 * API integration test files whose subject is the embedded engine itself (its data folder, its
 * in-memory databases): they open it whatever engine the run is on. When scripts/test.sh runs
 * the PostgreSQL run beside the embedded one (API_INTEGRATION_BESIDE_EMBEDDED on the PostgreSQL
 * run), these run in the embedded run alone instead of twice.
 */
// The web app's configuration as Vitest's own run of it gets it (its `mode` is test).
const webConfig = webConfigFor({ mode: 'test', command: 'serve' });

const embeddedEngineOnly = ['embedded-storage'];
const besideEmbedded = process.env.API_INTEGRATION_BESIDE_EMBEDDED === '1';

export default defineConfig({
  test: {
    maxWorkers: availableParallelism(),
    projects: [
      {
        test: {
          name: 'contracts',
          root: './packages/contracts',
          include: ['src/**/*.test.ts'],
        },
      },
      './apps/web/vite.config.ts',
      {
        ...webConfig,
        root: './apps/web',
        test: {
          ...webConfig.test,
          name: 'web-module-mocks',
          include: filesMockingModules('./apps/web'),
          exclude: [],
          isolate: true,
        },
      },
      {
        test: {
          name: 'api-unit',
          root: './apps/api',
          include: ['src/**/*.test.ts', 'bench/**/*.test.ts', 'test/support/**/*.test.ts'],
          setupFiles: ['./test/fail-on-console.ts'],
          // No file replaces a module (vi.mock); sharing a worker's modules: 23 s against 12 s.
          isolate: false,
        },
      },
      {
        test: {
          name: 'api-integration',
          root: './apps/api',
          include: ['test/**/*.test.ts'],
          exclude: [
            'test/support/**',
            ...(storageOnly ? engineIndependent.map((name) => `test/${name}.test.ts`) : []),
            ...(besideEmbedded ? embeddedEngineOnly.map((name) => `test/${name}.test.ts`) : []),
          ],
          globalSetup: ['./test/global-setup.ts'],
          // On PostgreSQL each file gets a database of its own (file-database.ts).
          setupFiles: ['./test/file-database.ts', './test/fail-on-console.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          maxWorkers: integrationWorkers,
          isolate: process.env.API_INTEGRATION_ISOLATE === '1',
          // V8's baseline WebAssembly compiler alone: a worker lives for one run, and the
          // optimising compiler's work on the embedded database's whole module never pays back
          // (19 storage files on the embedded engine: 106 core-seconds against 90).
          execArgv: ['--liftoff-only'],
        },
      },
    ],
  },
});
