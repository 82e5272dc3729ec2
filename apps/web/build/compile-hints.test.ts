import type { Rollup } from 'vite';
import { describe, expect, it } from 'vitest';
import { ALL_FUNCTIONS_CALLED_ON_LOAD, compileHints } from './compile-hints';

const chunk = (name: string, code: string) =>
  ({ type: 'chunk', name, fileName: `assets/${name}-h4sh.js`, code }) as Rollup.OutputChunk;

describe('compile hints', () => {
  it("mark the named chunks on their first line and move their source maps' lines with them", () => {
    const bundle = {
      'assets/app-h4sh.js': chunk('app', 'export const a=1;'),
      'assets/app-h4sh.js.map': {
        type: 'asset',
        fileName: 'assets/app-h4sh.js.map',
        source: JSON.stringify({ version: 3, mappings: 'AAAA' }),
      },
      'assets/settings-h4sh.js': chunk('settings', 'export const b=2;'),
    } as unknown as Rollup.OutputBundle;
    const plugin = compileHints(/^app$/);
    const hook = plugin.generateBundle as { handler: (o: unknown, b: Rollup.OutputBundle) => void };
    hook.handler({}, bundle);
    expect((bundle['assets/app-h4sh.js'] as Rollup.OutputChunk).code).toBe(
      `${ALL_FUNCTIONS_CALLED_ON_LOAD}\nexport const a=1;`,
    );
    const map = bundle['assets/app-h4sh.js.map'] as Rollup.OutputAsset;
    expect(JSON.parse(map.source as string)).toEqual({ version: 3, mappings: ';AAAA' });
    expect((bundle['assets/settings-h4sh.js'] as Rollup.OutputChunk).code).toBe(
      'export const b=2;',
    );
  });
});
