import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createRecaptchaVerifier } from './recaptcha-bot';
import { levels, recordingLogger } from './testing/recording-logger';
import {
  delay,
  sendJson,
  startStubHttpServer,
  type StubHttpServer,
  type StubResponder,
} from './testing/stub-http-server';

const secret = '6LeSECRET_server_key';
const token = '03AFcWeA-token-from-the-widget';
const check = { token, action: 'customer_signup', remoteIp: '203.0.113.7' } as const;

// Google's documented v3 answer.
const verdict = (fields: Record<string, unknown> = {}) => ({
  success: true,
  score: 0.9,
  action: 'customer_signup',
  challenge_ts: '2026-01-01T00:00:00Z',
  hostname: 'refunds.example',
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

const verifier = (options: { minScore?: number; timeoutMs?: number } = {}) =>
  createRecaptchaVerifier({ secret, baseUrl: stub.url, logger: log.logger, ...options });

describe('createRecaptchaVerifier', () => {
  it('posts secret, token and remote IP to siteverify and passes a good verdict', async () => {
    await expect(verifier().verify(check)).resolves.toBe(true);

    expect(stub.requests).toHaveLength(1);
    const [request] = stub.requests;
    expect(request?.method).toBe('POST');
    expect(request?.path).toBe('/recaptcha/api/siteverify');
    expect(request?.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(Object.fromEntries(new URLSearchParams(request?.body))).toEqual({
      secret,
      response: token,
      remoteip: '203.0.113.7',
    });
  });

  it('leaves out remoteip when the address is unknown', async () => {
    await verifier().verify({ ...check, remoteIp: '' });

    expect(new URLSearchParams(stub.requests[0]?.body).has('remoteip')).toBe(false);
  });

  it('passes a score exactly at the threshold and fails one just below', async () => {
    stub.respondWith(answer(200, verdict({ score: 0.7 })));
    await expect(verifier({ minScore: 0.7 }).verify(check)).resolves.toBe(true);

    stub.respondWith(answer(200, verdict({ score: 0.69 })));
    await expect(verifier({ minScore: 0.7 }).verify(check)).resolves.toBe(false);
  });

  it('fails a low score under the default threshold of 0.5', async () => {
    stub.respondWith(answer(200, verdict({ score: 0.3 })));

    await expect(verifier().verify(check)).resolves.toBe(false);
    expect(log.lines.at(-1)).toMatchObject({ level: levels.info, score: 0.3, minScore: 0.5 });
  });

  it('fails a token minted for another action', async () => {
    stub.respondWith(answer(200, verdict({ action: 'customer_signin' })));

    await expect(verifier().verify(check)).resolves.toBe(false);
    expect(log.lines.at(-1)).toMatchObject({ expected: 'customer_signup', got: 'customer_signin' });
  });

  it('fails a v2-style answer that has no score or action', async () => {
    stub.respondWith(answer(200, { success: true, hostname: 'refunds.example' }));

    await expect(verifier().verify(check)).resolves.toBe(false);
  });

  it('fails a rejected token and logs it as an ordinary rejection', async () => {
    stub.respondWith(answer(200, { success: false, 'error-codes': ['timeout-or-duplicate'] }));

    await expect(verifier().verify(check)).resolves.toBe(false);
    expect(log.lines).toEqual([
      expect.objectContaining({ level: levels.info, errorCodes: ['timeout-or-duplicate'] }),
    ]);
  });

  it('fails closed and warns when our secret is wrong', async () => {
    stub.respondWith(answer(200, { success: false, 'error-codes': ['invalid-input-secret'] }));

    await expect(verifier().verify(check)).resolves.toBe(false);
    expect(log.lines).toEqual([
      expect.objectContaining({ level: levels.warn, reason: 'misconfigured' }),
    ]);
  });

  it.each([
    ['a 500', answer(500, { error: 'backend' }), 'http'],
    [
      'a non-JSON body',
      (_request, response) => response.end('<html>oops</html>'),
      'malformed-answer',
    ],
    ['a success given as a string', answer(200, verdict({ success: 'true' })), 'malformed-answer'],
    ['a score given as a string', answer(200, verdict({ score: '0.9' })), 'malformed-answer'],
    ['a score outside 0..1', answer(200, verdict({ score: 9 })), 'malformed-answer'],
  ] satisfies [string, StubResponder, string][])(
    'fails closed on %s',
    async (_name, responder, reason) => {
      stub.respondWith(responder);

      await expect(verifier().verify(check)).resolves.toBe(false);
      expect(log.lines).toEqual([expect.objectContaining({ level: levels.warn, reason })]);
    },
  );

  it('fails closed when Google is slower than the timeout', async () => {
    stub.respondWith(async (_request, response) => {
      await delay(1_000);
      sendJson(response, 200, verdict());
    });

    await expect(verifier({ timeoutMs: 50 }).verify(check)).resolves.toBe(false);
    expect(log.lines).toEqual([expect.objectContaining({ level: levels.warn, reason: 'timeout' })]);
  });

  it('fails closed when Google cannot be reached', async () => {
    await stub.close();

    await expect(verifier().verify(check)).resolves.toBe(false);
    expect(log.lines).toEqual([expect.objectContaining({ level: levels.warn, reason: 'network' })]);
  });

  it('refuses a threshold outside 0..1', () => {
    expect(() => verifier({ minScore: 1.5 })).toThrow(RangeError);
    expect(() => verifier({ minScore: Number.NaN })).toThrow(RangeError);
  });
});
