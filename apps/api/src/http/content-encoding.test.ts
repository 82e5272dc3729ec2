import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { compressedVariants, preferredEncoding } from './content-encoding';

describe('the encoding an answer goes out in', () => {
  it('is brotli when taken, else gzip, else none', () => {
    expect(preferredEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(preferredEncoding('gzip, deflate')).toBe('gzip');
    expect(preferredEncoding('deflate')).toBe('identity');
    expect(preferredEncoding(undefined)).toBe('identity');
    expect(preferredEncoding('')).toBe('identity');
  });

  it('respects refusals (q=0) and the wildcard', () => {
    expect(preferredEncoding('br;q=0, gzip;q=0.8')).toBe('gzip');
    expect(preferredEncoding('br;q=0, gzip;q=0')).toBe('identity');
    expect(preferredEncoding('*')).toBe('br');
    expect(preferredEncoding('br;q=0, *;q=0.5')).toBe('gzip');
    expect(preferredEncoding(['gzip', 'BR'])).toBe('br');
  });

  it('is the same for a value asked again, after many other values, however long', () => {
    const values = [
      ['gzip, deflate, br, zstd', 'br'],
      ['gzip, deflate', 'gzip'],
      ['br;q=0, gzip;q=0', 'identity'],
      [`${'x-unknown;q=1, '.repeat(40)}gzip`, 'gzip'],
    ] as const;
    for (let round = 0; round < 3; round += 1) {
      for (const [header, encoding] of values) expect(preferredEncoding(header)).toBe(encoding);
      // More distinct values than are kept in between: each is answered afresh and right.
      for (let i = 0; i < 100; i += 1) {
        expect(preferredEncoding(`gzip;q=0, identity, x-${round}-${i}`)).toBe('identity');
      }
    }
  });

  it('comes from bodies compressed once that decode to the original', () => {
    const body = Buffer.from('<!doctype html><title>Refund</title>'.repeat(20));
    const variants = compressedVariants(body);
    expect(variants.identity).toBe(body);
    expect(brotliDecompressSync(variants.br)).toEqual(body);
    expect(gunzipSync(variants.gzip)).toEqual(body);
  });
});
