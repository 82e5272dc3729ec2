import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
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
        test: {
          name: 'api-unit',
          root: './apps/api',
          include: ['src/**/*.test.ts', 'bench/**/*.test.ts', 'test/support/**/*.test.ts'],
          setupFiles: ['./test/fail-on-console.ts'],
        },
      },
      {
        test: {
          name: 'api-integration',
          root: './apps/api',
          include: ['test/**/*.test.ts'],
          exclude: ['test/support/**'],
          globalSetup: ['./test/global-setup.ts'],
          setupFiles: ['./test/fail-on-console.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
