import { once } from 'node:events';
import https from 'node:https';
import http2 from 'node:http2';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { localhostCertificate, type LocalhostCertificate } from './support/localhost-certificate';
import { startTestServer, type TestServer } from './support/test-server';

let certificate: LocalhostCertificate;
let server: TestServer;
let origin: string;

beforeAll(async () => {
  certificate = localhostCertificate();
  server = await startTestServer({
    TLS_CERT_FILE: certificate.certFile,
    TLS_KEY_FILE: certificate.keyFile,
  });
  await server.app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = server.app.server.address() as AddressInfo;
  origin = `https://localhost:${port}`;
});

afterAll(async () => {
  await server?.close();
});

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** One request over HTTP/2 on a connection of its own. */
async function overHttp2(method: string, path: string, body?: unknown): Promise<Answer> {
  const session = http2.connect(origin, { ca: certificate.cert });
  try {
    const stream = session.request({
      ':method': method,
      ':path': path,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    });
    stream.end(body === undefined ? undefined : JSON.stringify(body));
    const [headers] = (await once(stream, 'response')) as [http2.IncomingHttpHeaders];
    let text = '';
    stream.setEncoding('utf8');
    for await (const chunk of stream) text += chunk as string;
    return { status: Number(headers[':status']), headers, body: text };
  } finally {
    session.close();
  }
}

function overHttp1(path: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    https
      .get(`${origin}${path}`, { ca: certificate.cert }, (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body: text }),
        );
      })
      .on('error', reject);
  });
}

it('answers over HTTPS with HTTP/2, with the same headers and answers as over HTTP/1.1', async () => {
  const viaHttp2 = await overHttp2('GET', '/v1/app-config');
  expect(viaHttp2.status).toBe(200);
  expect(JSON.parse(viaHttp2.body)).toMatchObject({ sandbox: true });
  // Links are https (no PUBLIC_URL given), so browsers are told to stay on HTTPS.
  expect(viaHttp2.headers['strict-transport-security']).toMatch(/max-age=\d+/);
  expect(viaHttp2.headers['x-request-id']).toEqual(expect.any(String));

  const viaHttp1 = await overHttp1('/v1/app-config');
  expect(viaHttp1.status).toBe(200);
  expect(JSON.parse(viaHttp1.body)).toEqual(JSON.parse(viaHttp2.body));
  expect(viaHttp1.headers['strict-transport-security']).toBe(
    viaHttp2.headers['strict-transport-security'],
  );
});

it('reads request bodies over HTTP/2: bad input is a 400 in the error shape', async () => {
  const answer = await overHttp2('POST', '/v1/users/signin', { phone_number: 'not a phone' });
  expect(answer.status).toBe(400);
  expect(JSON.parse(answer.body)).toEqual({
    code: 1001,
    code_description: 'VALIDATION_FAILED',
    message: 'phone_number: Enter a valid 10-digit US phone number',
  });
});

it('refuses plain HTTP on its port', async () => {
  const plain = origin.replace('https:', 'http:');
  await expect(fetch(`${plain}/v1/app-config`)).rejects.toThrow();
});
