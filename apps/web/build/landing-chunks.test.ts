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
  '/app/src/routes/home.tsx': [
    '/app/src/balance.tsx',
    '/app/src/title.ts',
    '/app/src/refund-schemas.ts',
  ],
  '/app/src/routes/claim.tsx': ['/app/src/title.ts', '/app/src/refund-schemas.ts'],
  '/app/src/form.tsx': [],
  '/app/src/balance.tsx': [],
  '/app/src/title.ts': [],
  '/app/src/refund-schemas.ts': [],
  '/app/src/routes/profile.tsx': ['/app/src/title.ts'],
};

/** The modules' code as Rollup has it: only its length counts here. */
const code: Record<string, string> = { '/app/src/refund-schemas.ts': 'x'.repeat(5000) };

describe('the chunks of what a page loads first', () => {
  it('are the entry, the app, one per landing screen and one for what only some of them share', () => {
    const manualChunks = landingChunks('/index.html', '/src/app/start.tsx', {
      auth: '/src/routes/auth.tsx',
      home: '/src/routes/home.tsx',
      claim: '/src/routes/claim.tsx',
    });
    const meta = {
      getModuleIds: () => Object.keys(graph)[Symbol.iterator](),
      getModuleInfo: (id: string) => ({ importedIds: graph[id] ?? [], code: code[id] ?? '' }),
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
      '/app/src/routes/claim.tsx': 'landing-claim',
      // Home and the claim share it, and the sign-in screen does not load it.
      '/app/src/refund-schemas.ts': 'landing-home-claim',
      // Every screen shares it, and it is too small for a request of its own.
      '/app/src/title.ts': 'app',
      // Only other screens need it: Rollup decides.
      '/app/src/routes/profile.tsx': undefined,
    });
  });

  it('put what is apart in its own chunk wherever it is imported from', () => {
    const manualChunks = landingChunks(
      '/index.html',
      '/src/app/start.tsx',
      { home: '/src/routes/home.tsx', claim: '/src/routes/claim.tsx' },
      { apart: { chunk: 'schemas', modules: /schemas/ } },
    );
    const meta = {
      getModuleIds: () => Object.keys(graph)[Symbol.iterator](),
      getModuleInfo: (id: string) => ({ importedIds: graph[id] ?? [], code: code[id] ?? '' }),
    } as unknown as Rollup.ManualChunkMeta;
    expect(manualChunks('/app/src/refund-schemas.ts', meta)).toBe('schemas');
    expect(manualChunks('/app/src/balance.tsx', meta)).toBe('landing-home');
  });
});
