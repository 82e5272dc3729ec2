import type { Rollup } from 'vite';
import { describe, expect, it } from 'vitest';
import { landingChunks } from './landing-chunks';

/** A module graph by static imports; ids are paths. */
const graph: Record<string, string[]> = {
  '/app/index.html': ['/app/src/main.tsx'],
  '/app/src/main.tsx': ['/app/src/lib/early.ts'],
  '/app/src/lib/early.ts': [],
  '/app/src/app/start.tsx': ['/app/node_modules/react/index.js', '/app/src/lib/early.ts'],
  '/app/node_modules/react/index.js': [],
  '/app/src/routes/auth.tsx': [
    '/app/node_modules/react/index.js',
    '/app/src/form.tsx',
    '/app/src/title.ts',
  ],
  '/app/src/routes/home.tsx': ['/app/src/balance.tsx', '/app/src/title.ts'],
  '/app/src/form.tsx': [],
  '/app/src/balance.tsx': [],
  '/app/src/title.ts': [],
  '/app/src/routes/profile.tsx': ['/app/src/title.ts'],
};

describe('the chunks of what a page loads first', () => {
  it('are the entry, the app, one per landing screen and one for what they share', () => {
    const manualChunks = landingChunks('/index.html', '/src/app/start.tsx', {
      auth: '/src/routes/auth.tsx',
      home: '/src/routes/home.tsx',
    });
    const meta = {
      getModuleIds: () => Object.keys(graph)[Symbol.iterator](),
      getModuleInfo: (id: string) => ({ importedIds: graph[id] ?? [] }),
    } as unknown as Rollup.ManualChunkMeta;
    const chunkOf = Object.fromEntries(
      Object.keys(graph).map((id) => [id, manualChunks(id, meta)]),
    );
    expect(chunkOf).toEqual({
      '/app/index.html': 'index',
      '/app/src/main.tsx': 'index',
      '/app/src/lib/early.ts': 'index',
      '/app/src/app/start.tsx': 'app',
      '/app/node_modules/react/index.js': 'app',
      '/app/src/routes/auth.tsx': 'landing-auth',
      '/app/src/form.tsx': 'landing-auth',
      '/app/src/routes/home.tsx': 'landing-home',
      '/app/src/balance.tsx': 'landing-home',
      '/app/src/title.ts': 'landing-shared',
      // Only other screens need it: Rollup decides.
      '/app/src/routes/profile.tsx': undefined,
    });
  });
});
