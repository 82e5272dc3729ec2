import { createSigner } from 'fast-jwt';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorCatalog } from '@refund/contracts/errors';
import { createTestMerchant } from './support/merchant';
import { signUpNewPerson } from './support/people';
import { call, startTestServer, type Method, type TestServer } from './support/test-server';

type Declaration = 'customer' | 'customer-optional' | 'merchant' | 'none';

/** The OpenAPI security each declaration stands for; nothing else may appear in the document. */
const securityByDeclaration: Record<Declaration, unknown> = {
  customer: [{ bearer: [] }],
  'customer-optional': [{ bearer: [] }, {}],
  merchant: [{ merchantKey: [] }],
  none: [],
};

interface Operation {
  method: Method;
  /** The path with every parameter filled in: auth is checked before parameters are read. */
  url: string;
  name: string;
  security: unknown;
}

function operationsOf(document: {
  paths: Record<string, Record<string, { security?: unknown }>>;
}): Operation[] {
  return Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({
      method: method.toUpperCase() as Method,
      url: path.replace(/\{[^}]+\}/g, crypto.randomUUID()),
      name: `${method.toUpperCase()} ${path}`,
      security: operation.security,
    })),
  );
}

function declarationOf(operation: Operation): Declaration {
  const found = (Object.keys(securityByDeclaration) as Declaration[]).find(
    (declaration) =>
      JSON.stringify(securityByDeclaration[declaration]) === JSON.stringify(operation.security),
  );
  if (!found) {
    throw new Error(
      `${operation.name} has security ${JSON.stringify(operation.security)}, which no auth declaration gives`,
    );
  }
  return found;
}

function expectUnauthorized(response: LightMyRequestResponse, operation: Operation, as: string) {
  expect(response.statusCode, `${operation.name} ${as}: ${response.body}`).toBe(401);
  expect(response.json(), `${operation.name} ${as}`).toEqual({
    code: errorCatalog.UNAUTHORIZED.code,
    code_description: 'UNAUTHORIZED',
    message: expect.stringMatching(/\S/),
  });
}

function isUnauthorized(response: LightMyRequestResponse): boolean {
  return (
    response.statusCode === 401 &&
    (response.json() as { code?: number }).code === errorCatalog.UNAUTHORIZED.code
  );
}

let server: TestServer;
let operations: Operation[];
let customerToken: string;
let merchantKey: string;
/** Well formed and signed, but not by this server. */
let forgedToken: string;

beforeAll(async () => {
  server = await startTestServer({ API_DOCS: 'true' });
  const docs = await call(server.app, 'GET', '/v1/docs/json');
  expect(docs.statusCode).toBe(200);
  operations = operationsOf(docs.json());
  customerToken = (await signUpNewPerson(server.app)).accessToken;
  merchantKey = (await createTestMerchant(server)).apiKey;
  forgedToken = createSigner({ key: 'x'.repeat(40), algorithm: 'HS256' })({
    sub: crypto.randomUUID(),
    sid: crypto.randomUUID(),
  });
});
afterAll(() => server.close());

describe('authentication declared on each route', () => {
  it('documents every operation with the security of one auth declaration', () => {
    expect(operations.length).toBeGreaterThan(30);
    const undeclared = operations.filter((operation) => {
      try {
        declarationOf(operation);
        return false;
      } catch {
        return true;
      }
    });
    expect(undeclared.map((operation) => operation.name)).toEqual([]);
    // Both kinds of credential are in use, and the routes that also work signed out say so.
    const declarations = new Set(operations.map(declarationOf));
    expect([...declarations].sort()).toEqual(['customer', 'customer-optional', 'merchant', 'none']);
  });

  it('answers 401 in the error shape on every customer route without a valid access token', async () => {
    const customerRoutes = operations.filter(
      (operation) => declarationOf(operation) === 'customer',
    );
    expect(customerRoutes.map((operation) => operation.name)).toContain('GET /v1/users/profile');
    for (const operation of customerRoutes) {
      const { method, url } = operation;
      expectUnauthorized(await call(server.app, method, url), operation, 'with no token');
      for (const [as, token] of [
        ['with a malformed token', 'not-a-token'],
        ['with a token signed by someone else', forgedToken],
        ['with a merchant API key', merchantKey],
      ] as const) {
        expectUnauthorized(
          await call(server.app, method, url, undefined, { token }),
          operation,
          as,
        );
      }
      // The event stream stays open while signed in: wallet-events.test.ts reads it over HTTP.
      if (operation.name === 'GET /v1/events') continue;
      const signedIn = await call(server.app, method, url, undefined, { token: customerToken });
      expect(isUnauthorized(signedIn), `${operation.name} signed in: ${signedIn.body}`).toBe(false);
    }
  });

  it('answers 401 in the error shape on every merchant route without a valid API key', async () => {
    const merchantRoutes = operations.filter(
      (operation) => declarationOf(operation) === 'merchant',
    );
    expect(merchantRoutes.map((operation) => operation.name)).toContain(
      'POST /v1/merchant/refunds',
    );
    for (const operation of merchantRoutes) {
      const { method, url } = operation;
      expectUnauthorized(await call(server.app, method, url), operation, 'with no key');
      for (const [as, token] of [
        ['with an unknown key', 'sk_sandbox_not_a_key_of_anyone'],
        ["with a customer's access token", customerToken],
      ] as const) {
        expectUnauthorized(
          await call(server.app, method, url, undefined, { token }),
          operation,
          as,
        );
      }
      const withKey = await call(server.app, method, url, undefined, { token: merchantKey });
      expect(isUnauthorized(withKey), `${operation.name} with its key: ${withKey.body}`).toBe(
        false,
      );
    }
  });

  it('lets anyone call a public route: none answers 401 for want of a token', async () => {
    const open = operations.filter((operation) => declarationOf(operation) === 'none');
    expect(open.map((operation) => operation.name)).toContain('POST /v1/users/signin');
    for (const operation of open) {
      const response = await call(server.app, operation.method, operation.url);
      expect(isUnauthorized(response), `${operation.name}: ${response.body}`).toBe(false);
    }
  });

  it('treats a bad token on a route that also works signed out as signed out, not as a 401', async () => {
    const optional = operations.filter(
      (operation) => declarationOf(operation) === 'customer-optional',
    );
    expect(optional.map((operation) => operation.name)).toContain(
      'GET /v1/customers/claim-refund/next/{refund_uuid}',
    );
    for (const operation of optional) {
      for (const token of [null, 'not-a-token', forgedToken]) {
        const response = await call(server.app, operation.method, operation.url, undefined, {
          token,
        });
        expect(isUnauthorized(response), `${operation.name}: ${response.body}`).toBe(false);
      }
    }
  });
});
