import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBodySchema } from '@refund/contracts/errors';
import { startTestServer, type TestServer } from './support/test-server';

let server: TestServer;
let port: number;
beforeAll(async () => {
  server = await startTestServer();
  await server.app.listen({ host: '127.0.0.1', port: 0 });
  port = (server.app.server.address() as net.AddressInfo).port;
});
afterAll(() => server.close());

/** The answer is the error shape, exactly its three fields, with the API's headers. */
function expectErrorShape(
  response: { statusCode: number; headers: Record<string, unknown>; body: string },
  status: number,
  name: string,
) {
  expect(response.statusCode, response.body).toBe(status);
  const body = JSON.parse(response.body) as Record<string, unknown>;
  expect(Object.keys(body).sort()).toEqual(['code', 'code_description', 'message']);
  expect(errorBodySchema.parse(body).code_description).toBe(name);
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  expect(response.headers['x-content-type-options']).toBe('nosniff');
  expect(response.headers['cache-control']).toBe('no-store');
}

const get = (url: string) => server.app.inject({ method: 'GET', url });

/** What the server writes back to a raw request, read until it closes the connection. */
function rawExchange(request: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(request));
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => resolve(Buffer.concat(chunks).toString('utf8')));
  });
}

function parseRaw(raw: string) {
  const [head = '', body = ''] = raw.split('\r\n\r\n');
  const [statusLine = '', ...headerLines] = head.split('\r\n');
  const headers = Object.fromEntries(
    headerLines.map((line) => {
      const at = line.indexOf(':');
      return [line.slice(0, at).toLowerCase(), line.slice(at + 1).trim()];
    }),
  );
  return { statusCode: Number(statusLine.split(' ')[1]), headers, body };
}

describe('errors from every layer are in the error shape', () => {
  it.each(['/v1/files/%', '/v1/files/%zz', '/v1/files/%E0%A4%A', '/%', '/v1/%'])(
    'a malformed percent-escape in %s is a 400',
    async (url) => {
      expectErrorShape(await get(url), 400, 'VALIDATION_FAILED');
    },
  );

  it('a 10,000-character path parameter is a 414', async () => {
    expectErrorShape(await get(`/v1/files/${'a'.repeat(10_000)}`), 414, 'URI_TOO_LONG');
    expectErrorShape(await get(`/v1/transactions/${'7'.repeat(10_000)}`), 414, 'URI_TOO_LONG');
  });

  it('an unknown route is a 404', async () => {
    expectErrorShape(await get('/v1/no-such-thing'), 404, 'ROUTE_NOT_FOUND');
    expectErrorShape(
      await server.app.inject({ method: 'DELETE', url: '/v1/app-config' }),
      404,
      'ROUTE_NOT_FOUND',
    );
  });

  it('bad bodies: malformed JSON, a prototype key, the wrong type, too large', async () => {
    const post = (payload: string, contentType = 'application/json') =>
      server.app.inject({
        method: 'POST',
        url: '/v1/users/signin',
        headers: { 'content-type': contentType },
        payload,
      });
    expectErrorShape(await post('{"phone_number":'), 400, 'MALFORMED_JSON');
    expectErrorShape(await post('{"__proto__":{"x":1}}'), 400, 'MALFORMED_JSON');
    expectErrorShape(await post('phone_number=1', 'text/plain'), 415, 'UNSUPPORTED_MEDIA_TYPE');
    expectErrorShape(
      await post(JSON.stringify({ phone_number: 'x'.repeat(70_000) })),
      413,
      'PAYLOAD_TOO_LARGE',
    );
  });

  it('a request line Node cannot read is answered in the error shape', async () => {
    const answer = parseRaw(
      await rawExchange('GET /v1/app-config HTTP/1.1\r\nHost: x\r\nBad Header\r\n\r\n'),
    );
    expectErrorShape(answer, 400, 'VALIDATION_FAILED');
  });

  it('headers larger than Node takes are a 431 in the error shape', async () => {
    const answer = parseRaw(
      await rawExchange(
        `GET /v1/app-config HTTP/1.1\r\nHost: x\r\nX-Big: ${'b'.repeat(20_000)}\r\n\r\n`,
      ),
    );
    expectErrorShape(answer, 431, 'HEADERS_TOO_LARGE');
  });
});
