import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { stripInsertedStyles } from './sonner-stylesheet';

const sonnerDist = dirname(createRequire(import.meta.url).resolve('sonner'));

describe('sonner stylesheet as a file', () => {
  it('takes the inserted stylesheet out of the sonner installed, and nothing else', () => {
    const code = readFileSync(join(sonnerDist, 'index.mjs'), 'utf8');
    const without = stripInsertedStyles(code);
    expect(without).not.toBeNull();
    expect(without).not.toMatch(/__insertCSS\("/);
    // The function is still defined (unused), the toaster still is.
    expect(without).toContain('function __insertCSS(');
    expect(without).toContain('Toaster');
    expect(code.length - (without?.length ?? 0)).toBeGreaterThan(5_000);
  });

  it('ships the same rules as a stylesheet file', () => {
    const css = readFileSync(join(sonnerDist, 'styles.css'), 'utf8');
    expect(css).toContain('[data-sonner-toaster]');
    expect(css).toMatch(/position:\s*fixed/);
  });

  it('refuses a module that inserts no stylesheet, rather than shipping unstyled toasts', () => {
    expect(stripInsertedStyles('export const Toaster = () => null;')).toBeNull();
  });
});
