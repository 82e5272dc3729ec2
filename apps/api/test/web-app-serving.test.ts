import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './support/test-server';

const files = {
  'index.html':
    '<!doctype html><html lang="en"><head><script src="/theme-init.js"></script>' +
    '<script type="module" src="/assets/app-C0ffee12.js"></script></head>' +
    '<body><div id="root"></div></body></html>',
  'assets/app-C0ffee12.js': 'export const greeting = "Claim your refund";\n'.repeat(300),
  'assets/badge-C0ffee12.png': Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  'locales/en/translation.json': JSON.stringify({ title: 'Refund Wallet '.repeat(200) }),
  'theme-init.js': 'document.documentElement.classList.toggle("dark", false);',
};
/** What the web app's build writes: brotli and gzip variants beside its text files. */
const precompressed = ['index.html', 'assets/app-C0ffee12.js', 'locales/en/translation.json'];

function webDist(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'web-dist-'));
  for (const [name, body] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    fs.writeFileSync(path.join(dir, name), body);
  }
  for (const name of precompressed) {
    const body = fs.readFileSync(path.join(dir, name));
    fs.writeFileSync(path.join(dir, `${name}.br`), brotliCompressSync(body));
    fs.writeFileSync(path.join(dir, `${name}.gz`), gzipSync(body));
  }
  return dir;
}

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The bytes as they came over the socket, still encoded. */
  raw: Buffer;
}

let dist: string;
let server: TestServer;
let origin: string;

beforeAll(async () => {
  dist = webDist();
  server = await startTestServer({ WEB_DIST_DIR: dist, PUBLIC_URL: 'http://127.0.0.1:3000' });
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  origin = `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await server?.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

function get(pathname: string, acceptEncoding?: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const headers = acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding };
    http
      .get(`${origin}${pathname}`, { headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            raw: Buffer.concat(chunks),
          }),
        );
        response.on('error', reject);
      })
      .on('error', reject);
  });
}

function decoded(answer: Answer): Buffer {
  const encoding = answer.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(answer.raw);
  if (encoding === 'gzip') return gunzipSync(answer.raw);
  expect(encoding).toBeUndefined();
  return answer.raw;
}

const fileBody = (name: string) => fs.readFileSync(path.join(dist, name));

describe('the web app over HTTP', () => {
  it.each([
    ['br, gzip', 'br'],
    ['gzip, deflate', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    [undefined, undefined],
    ['identity', undefined],
  ])('sends a hashed script for accept-encoding %s encoded as %s', async (accept, encoding) => {
    const answer = await get('/assets/app-C0ffee12.js', accept);
    expect(answer.status).toBe(200);
    expect(answer.headers['content-encoding']).toBe(encoding);
    expect(answer.headers['content-type']).toBe('application/javascript; charset=utf-8');
    expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(answer.headers.vary).toBe('accept-encoding');
    expect(Number(answer.headers['content-length'])).toBe(answer.raw.length);
    expect(decoded(answer)).toEqual(fileBody('assets/app-C0ffee12.js'));
    if (encoding) expect(answer.raw.length).toBeLessThan(fileBody('assets/app-C0ffee12.js').length);
  });

  it.each([
    ['br, gzip', 'br'],
    ['gzip', 'gzip'],
    [undefined, undefined],
  ])(
    'sends index.html for an app route with accept-encoding %s as %s',
    async (accept, encoding) => {
      for (const pathname of ['/', '/claim/5b1e0a57-1c1f-4b6a-9d8e-3f2a1b0c9d8e', '/auth?x=1']) {
        const answer = await get(pathname, accept);
        expect(answer.status).toBe(200);
        expect(answer.headers['content-encoding']).toBe(encoding);
        expect(answer.headers['content-type']).toBe('text/html; charset=utf-8');
        expect(answer.headers['cache-control']).toBe('no-cache');
        expect(answer.headers.vary).toBe('accept-encoding');
        expect(Number(answer.headers['content-length'])).toBe(answer.raw.length);
        expect(decoded(answer)).toEqual(fileBody('index.html'));
        // The page's security headers are unchanged by the encoding.
        expect(answer.headers['content-security-policy']).toContain("script-src 'self'");
        expect(answer.headers['x-content-type-options']).toBe('nosniff');
      }
    },
  );

  it('has index.html, the translations and other unhashed files checked again on every use', async () => {
    for (const name of ['index.html', 'locales/en/translation.json']) {
      const answer = await get(`/${name}`, 'br, gzip');
      expect(answer.headers['content-encoding']).toBe('br');
      expect(answer.headers['cache-control']).toBe('no-cache');
      expect(answer.headers.vary).toBe('accept-encoding');
      expect(decoded(answer)).toEqual(fileBody(name));
    }
    const script = await get('/theme-init.js', 'br, gzip');
    expect(script.headers['cache-control']).toBe('no-cache');
    expect(script.headers['content-encoding']).toBeUndefined();
    expect(decoded(script)).toEqual(fileBody('theme-init.js'));
    expect(script.headers['content-security-policy']).toContain("script-src 'self'");
  });

  it('sends a file without variants as it is', async () => {
    const answer = await get('/assets/badge-C0ffee12.png', 'br, gzip');
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toBe('image/png');
    expect(answer.headers['content-encoding']).toBeUndefined();
    // The static files' plugin looked for a variant first, as it does for every file.
    expect(answer.headers.vary).toBe('accept-encoding');
    expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(answer.raw).toEqual(fileBody('assets/badge-C0ffee12.png'));
  });

  it('never serves the compressed variants under their own names', async () => {
    for (const pathname of ['/assets/app-C0ffee12.js.br', '/index.html.gz']) {
      const answer = await get(pathname, 'br, gzip');
      expect(answer.status).toBe(404);
      expect(answer.headers['content-type']).toContain('application/json');
    }
  });
});
