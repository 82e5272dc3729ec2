import type { IndexHtmlTransformContext, Rollup } from 'vite';
import { describe, expect, it } from 'vitest';
import { preloadPlan } from './preload-plan';

const chunk = (fileName: string, moduleIds: string[], imports: string[] = []) =>
  ({ type: 'chunk', fileName, moduleIds, imports }) as unknown as Rollup.OutputChunk;

const bundle = {
  'assets/index-1.js': chunk('assets/index-1.js', ['/w/src/main.tsx']),
  'assets/app-2.js': chunk('assets/app-2.js', ['/w/src/app/start.tsx'], ['assets/index-1.js']),
  'assets/auth-3.js': chunk(
    'assets/auth-3.js',
    ['/w/src/routes/auth.tsx'],
    ['assets/app-2.js', 'assets/shared-4.js'],
  ),
  'assets/shared-4.js': chunk('assets/shared-4.js', ['/w/src/title.ts'], ['assets/app-2.js']),
} as unknown as Rollup.OutputBundle;

const html =
  '<!doctype html><html><head><meta charset="UTF-8" /><title>x</title></head><body></body></html>';

describe('the preload plan in index.html', () => {
  it("preloads the app's files first thing and lists each landing screen's own files", () => {
    const plugin = preloadPlan({
      start: '/src/app/start.tsx',
      landing: { auth: '/src/routes/auth.tsx' },
    });
    (plugin.configResolved as (config: { base: string }) => void)({ base: '/' });
    const hook = plugin.transformIndexHtml as {
      handler: (
        html: string,
        ctx: Partial<IndexHtmlTransformContext>,
      ) => {
        html: string;
        tags: { children: string; attrs: Record<string, string> }[];
      };
    };
    const result = hook.handler(html, {
      bundle,
      chunk: bundle['assets/index-1.js'] as Rollup.OutputChunk,
    });
    expect(result.html).toContain(
      '<meta charset="UTF-8" />\n    <link rel="modulepreload" crossorigin href="/assets/app-2.js" /><title>',
    );
    expect(result.tags[0]?.attrs).toEqual({ type: 'application/json', id: 'landing-screens' });
    expect(JSON.parse(result.tags[0]?.children ?? '')).toEqual({
      auth: ['/assets/auth-3.js', '/assets/shared-4.js'],
    });
  });
});
