import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Plugin } from 'vite';

/**
 * React Router 7's package exports name only its development build, for every condition, so a
 * production bundle gets it too: its development warnings switched on (each checked at run time,
 * some printed to the customer's console) and their code shipped. The package does ship a
 * production build beside it, identical but for that switch; the web app's build takes it.
 * Tests and the dev server keep the development build and its warnings.
 */
export function productionReactRouter(): Plugin {
  return {
    name: 'refund:production-react-router',
    apply: 'build',
    config() {
      return {
        resolve: { alias: [{ find: /^react-router$/, replacement: reactRouterProduction() }] },
      };
    },
  };
}

/** The production build's entry, beside the package.json of the react-router installed. */
export function reactRouterProduction(): string {
  const require = createRequire(import.meta.url);
  const entry = join(
    dirname(require.resolve('react-router/package.json')),
    'dist/production/index.mjs',
  );
  if (!existsSync(entry)) {
    throw new Error(
      `react-router has no production build at ${entry}: see build/production-react-router.ts`,
    );
  }
  return entry;
}
