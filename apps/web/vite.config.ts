import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { loadEnv } from 'vite';
import { configDefaults, defineConfig } from 'vitest/config';
import { compileHints } from './build/compile-hints';
import { landingChunks } from './build/landing-chunks';
import { precompress } from './build/precompress';
import { preloadPlan } from './build/preload-plan';
import { productionReactRouter } from './build/production-react-router';
import { sonnerStylesheetAsFile } from './build/sonner-stylesheet';
import { filesMockingModules } from './test/module-mocks';
import { parseEnv } from './src/config/env-schema';

const webRoot = fileURLToPath(new URL('.', import.meta.url));

const apiProxy = { '/v1': { target: 'http://localhost:3001' } };

/** The page, whose module script is the entry (src/main.tsx). */
const entry = '/index.html';
/** What the entry imports to start the app. */
const start = '/src/app/start.tsx';
/** The screens of src/app/landing-screens.ts, by its names for them. */
const landing = {
  auth: '/src/app/routes/auth-screen.tsx',
  home: '/src/app/routes/home-screen.tsx',
  claim: '/src/app/routes/claim-screen.tsx',
};

export default defineConfig(({ mode }) => ({
  // The build's settings, parsed here so that the app reads them without zod (src/config/env.ts).
  define: { __APP_ENV__: JSON.stringify(parseEnv(loadEnv(mode, webRoot, 'VITE_'))) },
  plugins: [
    react(),
    tailwindcss(),
    productionReactRouter(),
    sonnerStylesheetAsFile(),
    preloadPlan({ start, landing }),
    // The chunks landingChunks makes for what a page runs at once.
    compileHints(/^(app|landing-.*)$/),
    precompress(),
  ],
  server: { proxy: apiProxy },
  preview: { proxy: apiProxy },
  build: {
    outDir: 'dist',
    // A few percent smaller than esbuild's output, for a build about twice as long.
    minify: 'terser',
    terserOptions: { compress: { passes: 2 } },
    rollupOptions: {
      output: {
        // zod and the contracts' schemas, loaded when a form or an answer first needs them.
        manualChunks: landingChunks(entry, start, landing, {
          apart: {
            chunk: 'schemas',
            // The contracts' plain values (packages/contracts/src/values) go with their importers.
            modules:
              /[\\/](node_modules[\\/]zod[\\/]|packages[\\/]contracts[\\/]src[\\/](?!values[\\/]))/,
          },
        }),
      },
      treeshake: {
        // The public suffix list only builds its tables, yet its package does not declare itself
        // free of side effects: without this, a build that never asks for a registrable domain
        // (see config/env.ts) would still carry all of it.
        moduleSideEffects: (id) => !/[\\/]node_modules[\\/]tldts[^\\/]*[\\/]/.test(id),
      },
    },
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}', 'build/**/*.test.ts'],
    exclude: [...configDefaults.exclude, ...filesMockingModules(webRoot)],
    setupFiles: [
      './test/fail-on-console.ts',
      './test/jsdom-gaps.ts',
      './test/testing-library.ts',
      './test/fresh-page.ts',
    ],
    // A worker's files share one document and one load of the modules (test/fresh-page.ts resets
    // what a page keeps): 136 s against 31 s for the same files on 2 cores, most of it jsdom and
    // the app's modules loaded again for every file.
    isolate: false,
    restoreMocks: true,
    // Above the 5 s a screen may take to show something (test/testing-library.ts).
    testTimeout: 20_000,
  },
}));
