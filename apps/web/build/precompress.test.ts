import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { precompressFolder } from './precompress';

let dir = '';
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function folder(files: Record<string, string | Buffer>): string {
  dir = mkdtempSync(join(tmpdir(), 'precompress-'));
  for (const [name, body] of Object.entries(files)) {
    mkdirSync(join(dir, name, '..'), { recursive: true });
    writeFileSync(join(dir, name), body);
  }
  return dir;
}

const script = 'export const greeting = "hello";\n'.repeat(200);

describe('precompressing the built web app', () => {
  it('writes brotli and gzip variants that decode to the file, for every text format', async () => {
    const out = folder({
      'index.html': `<!doctype html><title>x</title>${'<p>refund</p>'.repeat(100)}`,
      'assets/app-abc123.js': script,
      'assets/app-abc123.css': '.a{color:red}\n'.repeat(100),
      'locales/en/translation.json': JSON.stringify({ words: 'word '.repeat(300) }),
      'favicon.svg': `<svg xmlns="http://www.w3.org/2000/svg">${'<g/>'.repeat(100)}</svg>`,
    });
    await precompressFolder(out);
    for (const name of [
      'index.html',
      'assets/app-abc123.js',
      'assets/app-abc123.css',
      'locales/en/translation.json',
      'favicon.svg',
    ]) {
      const original = readFileSync(join(out, name));
      expect(brotliDecompressSync(readFileSync(join(out, `${name}.br`)))).toEqual(original);
      expect(gunzipSync(readFileSync(join(out, `${name}.gz`)))).toEqual(original);
    }
  });

  it('leaves out images, dot folders and files that compression does not shrink', async () => {
    const out = folder({
      'assets/photo.png': Buffer.from(script),
      '.vite/manifest.json': script,
      'tiny.js': 'x',
    });
    await precompressFolder(out);
    expect(readdirSync(join(out, 'assets'))).toEqual(['photo.png']);
    expect(readdirSync(join(out, '.vite'))).toEqual(['manifest.json']);
    expect(readdirSync(out).sort()).toEqual(['.vite', 'assets', 'tiny.js']);
  });
});
