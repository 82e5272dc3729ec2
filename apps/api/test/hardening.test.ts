import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createSigner } from 'fast-jwt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEVELOPMENT_SECRETS_FILE } from '../src/dev-secrets';
import { inboxPage } from '../src/features/sandbox/inbox-page';
import { signUpNewPerson } from './support/people';
import { call, startTestServer, type TestServer } from './support/test-server';

/** A built web app's folder: an index.html that loads its script and style from files. */
function webDist(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'web-dist-'));
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html><html><head><script src="/theme-init.js"></script>' +
      '<script type="module" src="/assets/app.js"></script></head><body><div id="root"></div></body></html>',
  );
  fs.writeFileSync(path.join(dir, 'assets', 'app.js'), 'document.title = "ok";');
  return dir;
}

let dist: string;
beforeAll(() => {
  dist = webDist();
});
afterAll(() => fs.rmSync(dist, { recursive: true, force: true }));

async function withServer(
  env: Record<string, string | undefined>,
  use: (server: TestServer) => Promise<void>,
) {
  const server = await startTestServer({ WEB_DIST_DIR: dist, ...env });
  try {
    await use(server);
  } finally {
    await server.close();
  }
}

/** The directives of a Content-Security-Policy header, by name. */
function directives(header: unknown): Record<string, string[]> {
  expect(typeof header).toBe('string');
  return Object.fromEntries(
    String(header)
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name = '', ...sources]) => [name, sources]),
  );
}

describe('security headers', () => {
  it('pages carry a policy with no inline script or style; API answers allow nothing at all', async () => {
    await withServer({ PUBLIC_URL: 'http://localhost:3000' }, async (server) => {
      const page = await call(server.app, 'GET', '/redeem', undefined, {
        headers: { host: 'localhost:3000' },
      });
      expect(page.statusCode).toBe(200);
      const policy = directives(page.headers['content-security-policy']);
      expect(policy['script-src']).toEqual(["'self'"]);
      expect(policy['style-src']).toEqual(["'self'"]);
      expect(policy['object-src']).toEqual(["'none'"]);
      expect(policy['frame-ancestors']).toEqual(["'none'"]);
      expect(policy['base-uri']).toEqual(["'none'"]);
      expect(String(page.headers['content-security-policy'])).not.toContain('unsafe');

      const api = await call(server.app, 'GET', '/v1/app-config');
      expect(directives(api.headers['content-security-policy'])['default-src']).toEqual(["'none'"]);
    });
  });

  it('lets the configured bot-protection widget load, and nothing else from outside', async () => {
    await withServer(
      { BOT_PROVIDER: 'turnstile', BOT_SECRET: 's', BOT_SITE_KEY: 'k' },
      async (server) => {
        const page = await call(server.app, 'GET', '/');
        const policy = directives(page.headers['content-security-policy']);
        expect(policy['script-src']).toEqual(["'self'", 'https://challenges.cloudflare.com']);
        expect(policy['frame-src']).toEqual(['https://challenges.cloudflare.com']);
      },
    );
  });

  it('allows the sandbox inbox page exactly its own inline script and style, by hash', async () => {
    await withServer({}, async (server) => {
      const inbox = await call(server.app, 'GET', '/v1/sandbox/inbox');
      expect(inbox.statusCode).toBe(200);
      const policy = directives(inbox.headers['content-security-policy']);
      const hash = (text: string) =>
        `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
      const script = /<script>([\s\S]*?)<\/script>/.exec(inboxPage)?.[1] ?? '';
      expect(policy['script-src']).toEqual([hash(script)]);
      expect(policy['script-src']?.join(' ')).not.toContain('unsafe');
    });
  });

  it('pins https with HSTS when the public address is https, and only then', async () => {
    await withServer({ PUBLIC_URL: 'https://wallet.example.com' }, async (server) => {
      for (const url of ['/', '/v1/app-config', '/v1/no-such-route']) {
        const response = await call(server.app, 'GET', url, undefined, {
          headers: { host: 'wallet.example.com' },
        });
        expect(response.headers['strict-transport-security']).toBe(
          'max-age=31536000; includeSubDomains',
        );
      }
    });
    await withServer({ PUBLIC_URL: 'http://localhost:3000' }, async (server) => {
      const response = await call(server.app, 'GET', '/v1/app-config');
      expect(response.headers['strict-transport-security']).toBeUndefined();
    });
  });

  it('serves the API documentation only when API_DOCS allows it', async () => {
    await withServer({ API_DOCS: 'false' }, async (server) => {
      const docs = await call(server.app, 'GET', '/v1/docs');
      expect(docs.statusCode).toBe(404);
      expect(docs.json().code_description).toBe('ROUTE_NOT_FOUND');
      expect((await call(server.app, 'GET', '/v1/docs/json')).statusCode).toBe(404);
    });
  });
});

describe('one origin for links', () => {
  it('sends a page opened on another loopback name to PUBLIC_URL, keeping the path', async () => {
    await withServer({ PUBLIC_URL: 'http://localhost:3201' }, async (server) => {
      const opened = await call(server.app, 'GET', '/redeem/bank?step=2', undefined, {
        headers: { host: '127.0.0.1:3201' },
      });
      expect(opened.statusCode).toBe(302);
      expect(opened.headers.location).toBe('http://localhost:3201/redeem/bank?step=2');

      const canonical = await call(server.app, 'GET', '/redeem/bank', undefined, {
        headers: { host: 'localhost:3201' },
      });
      expect(canonical.statusCode).toBe(200);
      // The API itself answers on any name: it builds no links from the request.
      const api = await call(server.app, 'GET', '/v1/app-config', undefined, {
        headers: { host: '127.0.0.1:3201' },
      });
      expect(api.statusCode).toBe(200);
    });
  });

  it('defaults PUBLIC_URL to the address the server listens on', async () => {
    const { loadConfig } = await import('../src/config');
    expect(loadConfig({}).PUBLIC_URL).toBe('http://localhost:3000');
    expect(loadConfig({}).HOST).toBe('localhost');
    expect(loadConfig({ HOST: '127.0.0.1', PORT: '8080' }).PUBLIC_URL).toBe(
      'http://127.0.0.1:8080',
    );
    expect(loadConfig({ HOST: '0.0.0.0' }).PUBLIC_URL).toBe('http://localhost:3000');
  });
});

describe('tokens', () => {
  it('a correctly signed token whose session id is not a uuid is a 401, not a 500', async () => {
    await withServer({}, async (server) => {
      const sign = createSigner({ key: server.config.JWT_SECRET, algorithm: 'HS256' });
      for (const claims of [
        { sub: crypto.randomUUID(), sid: 'not-a-uuid' },
        { sub: 'not-a-uuid', sid: crypto.randomUUID() },
      ]) {
        const response = await call(server.app, 'GET', '/v1/users/profile', undefined, {
          token: sign(claims),
        });
        expect(response.statusCode, response.body).toBe(401);
        expect(response.json().code_description).toBe('UNAUTHORIZED');
      }
    });
  });
});

describe('development secrets', () => {
  // Test servers are given fixed secrets; these tests leave them out, as a fresh setup does.
  const unset = { JWT_SECRET: undefined, VAULT_KEY: undefined } as const;

  it('are random, kept in the data folder (0600), and survive a restart', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'data-'));
    try {
      const env = { ...unset, DATA_DIR: dataDir, NODE_ENV: 'development' };
      let token = '';
      let secrets: string[] = [];
      await withServer(env, async (server) => {
        secrets = [server.config.JWT_SECRET, server.config.VAULT_KEY];
        token = (await signUpNewPerson(server.app)).accessToken;
      });
      const file = path.join(dataDir, DEVELOPMENT_SECRETS_FILE);
      expect(fs.statSync(file).mode & 0o777).toBe(0o600);
      const stored = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, string>;
      expect([stored.JWT_SECRET, stored.VAULT_KEY]).toEqual(secrets);
      expect(new Set(Object.values(stored)).size).toBe(Object.values(stored).length);
      for (const value of Object.values(stored)) {
        expect(value).not.toBe('development-only-secret-do-not-use-in-production');
      }

      await withServer(env, async (server) => {
        expect([server.config.JWT_SECRET, server.config.VAULT_KEY]).toEqual(secrets);
        if (!process.env.TEST_DATABASE_URL) {
          // The embedded database kept the session too: the token still signs the person in.
          const profile = await call(server.app, 'GET', '/v1/users/profile', undefined, { token });
          expect(profile.statusCode, profile.body).toBe(200);
        }
      });
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('are fresh for each process with an in-memory data folder', async () => {
    let first = '';
    let token = '';
    await withServer({ ...unset, DATA_DIR: 'memory://' }, async (server) => {
      first = server.config.JWT_SECRET;
      token = (await signUpNewPerson(server.app)).accessToken;
    });
    await withServer({ ...unset, DATA_DIR: 'memory://' }, async (server) => {
      expect(server.config.JWT_SECRET).not.toBe(first);
      const profile = await call(server.app, 'GET', '/v1/users/profile', undefined, { token });
      expect(profile.statusCode).toBe(401);
    });
  });
});
