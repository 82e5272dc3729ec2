import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { levels, recordingLogger } from './testing/recording-logger';
import {
  delay,
  sendJson,
  startStubHttpServer,
  type StubHttpServer,
  type StubResponder,
} from './testing/stub-http-server';
import { createTurnstileVerifier } from './turnstile-bot';

const secret = '0x4AAAAAAAsecret_key';
const token = 'XXXX.DUMMY.TOKEN.from-widget';
const check = { token, action: 'customer_signin', remoteIp: '2001:db8::1' } as const;

// Cloudflare's documented siteverify answer.
const verdict = (fields: Record<string, unknown> = {}) => ({
  success: true,
  challenge_ts: '2026-01-01T00:00:00.000Z',
  hostname: 'refunds.example',
  'error-codes': [],
  action: 'customer_signin',
  cdata: '',
  metadata: { ephemeral_id: 'x:abc' },
  ...fields,
});
const answer =
  (status: number, body: unknown): StubResponder =>
  (_request, response) =>
    sendJson(response, status, body);

let stub: StubHttpServer;
let log: ReturnType<typeof recordingLogger>;
beforeEach(async () => {
  stub = await startStubHttpServer(answer(200, verdict()));
  log = recordingLogger();
});
afterEach(async () => {
  // Whatever happened, neither the widget token nor our secret may reach the logs.
  expect(log.raw.join('')).not.toContain(token);
  expect(log.raw.join('')).not.toContain(secret);
  await stub.close();
});

const verifier = (timeoutMs?: number) =>
  createTurnstileVerifier({ secret, baseUrl: stub.url, logger: log.logger, timeoutMs });

describe('createTurnstileVerifier', () => {
  it('posts secret, token and remote IP as JSON to siteverify and passes a good verdict', async () => {
    await expect(verifier().verify(check)).resolves.toBe(true);

    expect(stub.requests).toHaveLength(1);
    const [request] = stub.requests;
    expect(request?.method).toBe('POST');
    expect(request?.path).toBe('/turnstile/v0/siteverify');
    expect(request?.headers['content-type']).toBe('application/json');
    expect(JSON.parse(request?.body ?? '')).toEqual({
      secret,
      response: token,
      remoteip: '2001:db8::1',
    });
  });

  it('leaves out remoteip when the address is unknown', async () => {
    await verifier().verify({ ...check, remoteIp: '' });

    expect(JSON.parse(stub.requests[0]?.body ?? '')).toEqual({ secret, response: token });
  });

  it('fails a token minted for another action', async () => {
    stub.respondWith(answer(200, verdict({ action: 'customer_signup' })));

    await expect(verifier().verify(check)).resolves.toBe(false);
    expect(log.lines.at(-1)).toMatchObject({ expected: 'customer_signin', got: 'customer_signup' });
  });

  it('fails an answer without an action', async () => {
    stub.respondWith(answer(200, { success: true }));

    await expect(verifier().verify(check)).resolves.toBe(false);
  });

  it('fails a rejected token and logs it as an ordinary rejection', async () => {
    stub.respondWith(
      answer(200, { success: false, 'error-codes': ['invalid-input-response'], messages: [] }),
    );

    await expect(verifier().verify(check)).resolves.toBe(false);
    expect(log.lines).toEqual([
      expect.objectContaining({ level: levels.info, errorCodes: ['invalid-input-response'] }),
    ]);
  });

  it.each([
    ['our secret is wrong', ['invalid-input-secret']],
    ['Cloudflare reports an internal error', ['internal-error']],
  ])('fails closed and warns when %s', async (_name, errorCodes) => {
    stub.respondWith(answer(200, { success: false, 'error-codes': errorCodes }));

    await expect(verifier().verify(check)).resolves.toBe(false);
    expect(log.lines).toEqual([
      expect.objectContaining({ level: levels.warn, reason: 'vendor-error', errorCodes }),
    ]);
  });

  it.each([
    ['a 503', answer(503, { error: 'unavailable' }), 'http'],
    ['a non-JSON body', (_request, response) => response.end('not json'), 'malformed-answer'],
    ['a success given as a number', answer(200, verdict({ success: 1 })), 'malformed-answer'],
    [
      'an action given as a list',
      answer(200, verdict({ action: ['customer_signin'] })),
      'malformed-answer',
    ],
  ] satisfies [string, StubResponder, string][])(
    'fails closed on %s',
    async (_name, responder, reason) => {
      stub.respondWith(responder);

      await expect(verifier().verify(check)).resolves.toBe(false);
      expect(log.lines).toEqual([expect.objectContaining({ level: levels.warn, reason })]);
    },
  );

  it('fails closed when Cloudflare is slower than the timeout', async () => {
    stub.respondWith(async (_request, response) => {
      await delay(1_000);
      sendJson(response, 200, verdict());
    });

    await expect(verifier(50).verify(check)).resolves.toBe(false);
    expect(log.lines).toEqual([expect.objectContaining({ level: levels.warn, reason: 'timeout' })]);
  });

  it('fails closed when Cloudflare cannot be reached', async () => {
    await stub.close();

    await expect(verifier().verify(check)).resolves.toBe(false);
    expect(log.lines).toEqual([expect.objectContaining({ level: levels.warn, reason: 'network' })]);
  });
});
