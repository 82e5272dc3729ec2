import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { productionReactRouter, reactRouterProduction } from './production-react-router';

describe('the production build of React Router', () => {
  it('is what a build resolves react-router to: the same code with its development warnings off', () => {
    const entry = reactRouterProduction();
    const plugin = productionReactRouter();
    expect(plugin.apply).toBe('build');
    const config = (
      plugin.config as () => { resolve: { alias: { find: RegExp; replacement: string }[] } }
    )();
    const [alias] = config.resolve.alias;
    expect(alias?.find.test('react-router')).toBe(true);
    expect(alias?.find.test('react-router/dom')).toBe(false);
    expect(alias?.replacement).toBe(entry);

    const code = readdirSync(dirname(entry))
      .filter((file) => file.endsWith('.mjs'))
      .map((file) => readFileSync(join(dirname(entry), file), 'utf8'))
      .join('\n');
    expect(code).toContain('var ENABLE_DEV_WARNINGS = false;');
    expect(code).not.toContain('var ENABLE_DEV_WARNINGS = true;');
  });
});
