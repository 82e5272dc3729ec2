import { inspect } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  delay,
  sendJson,
  startStubHttpServer,
  type StubHttpServer,
} from './testing/stub-http-server';
import {
  VisaDirectError,
  createVisaDirectCardPayouts,
  traceNumbers,
} from './visa-direct-card-payouts';

const userId = 'VDP_USER_0123456789';
const password = 'vdp-s3cr3t-password';
const reference = '8f14e45f-ceea-467a-9b4f-5c1d2e3a4b5c';
const { retrievalReferenceNumber: rrn, systemsTraceAuditNumber: stan } = traceNumbers(reference);

// Transaction Query records as Visa answers them by default.
const record = (overrides: Record<string, unknown> = {}) => ({
  statusCode: 'COMPLETED',
  acquiringBin: '408999',
  actionCode: '00',
  approvalCode: '20304B',
  responseCode: '5',
  transactionIdentifier: 381228649430015,
  transactionType: 'OCT',
  retrievalReferenceNumber: rrn,
  systemsTraceAuditNumber: stan,
  transactionDate: '2026-05-03',
  transactionTime: '12:00:01',
  ...overrides,
});

let stub: StubHttpServer;
beforeEach(async () => {
  stub = await startStubHttpServer((_request, response) => sendJson(response, 200, [record()]));
});
afterEach(() => stub.close());

const lookup = (timeoutMs?: number) =>
  createVisaDirectCardPayouts({ baseUrl: stub.url, userId, password, timeoutMs }).lookup(reference);

async function lookupError(timeoutMs?: number): Promise<VisaDirectError> {
  const error: unknown = await lookup(timeoutMs).then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(VisaDirectError);
  const everything = `${(error as Error).message}\n${inspect(error, { depth: 5 })}`;
  for (const secret of [password, userId]) expect(everything).not.toContain(secret);
  return error as VisaDirectError;
}

describe('Visa Direct transaction query (a push whose answer never came)', () => {
  it('asks by the trace numbers the push carried, with basic auth, and reads an approval', async () => {
    await expect(lookup()).resolves.toEqual({
      status: 'succeeded',
      networkReference: '381228649430015',
    });
    const [request] = stub.requests;
    expect(request?.method).toBe('GET');
    const url = new URL(request?.path ?? '', stub.url);
    expect(url.pathname).toBe('/visadirect/v1/transactionquery');
    expect(Object.fromEntries(url.searchParams)).toEqual({ acquiringBIN: '408999', rrn, stan });
    expect(request?.headers.authorization).toBe(
      `Basic ${Buffer.from(`${userId}:${password}`).toString('base64')}`,
    );
  });

  it('reads an issuer decline with its reason', async () => {
    stub.respondWith((_request, response) =>
      sendJson(response, 200, [record({ actionCode: '51' })]),
    );
    await expect(lookup()).resolves.toEqual({
      status: 'declined',
      reason: 'The card issuer declined the payout (code 51).',
    });
  });

  it('a transaction still in progress is pending, not an outcome', async () => {
    stub.respondWith((_request, response) =>
      sendJson(response, 200, [record({ statusCode: 'PENDING', actionCode: undefined })]),
    );
    await expect(lookup()).resolves.toEqual({ status: 'pending' });
  });

  it.each([
    ['404', 404, { errorResponse: { message: 'Not found' } }],
    ['an empty list', 200, []],
    [
      '"no transactions found"',
      400,
      { errorMessage: 'No transactions found for the specified input parameters' },
    ],
    [
      'only records of other trace numbers',
      200,
      [record({ retrievalReferenceNumber: '000000000001' })],
    ],
  ])('%s means Visa has no record of the push', async (_case, status, body) => {
    stub.respondWith((_request, response) => sendJson(response, status, body));
    await expect(lookup()).resolves.toEqual({ status: 'not_found' });
  });

  it('an approval without a transaction identifier is not taken as an outcome', async () => {
    stub.respondWith((_request, response) =>
      sendJson(response, 200, [record({ transactionIdentifier: undefined })]),
    );
    expect((await lookupError()).reason).toBe('unexpected-answer');
  });

  it('Visa failing or not answering throws, so the push is asked about again later', async () => {
    stub.respondWith((_request, response) =>
      sendJson(response, 503, { errorResponse: { reason: 'ServiceUnavailable' } }),
    );
    expect(await lookupError()).toMatchObject({ reason: 'http', status: 503 });
    stub.respondWith(async (_request, response) => {
      await delay(300);
      sendJson(response, 200, [record()]);
    });
    expect((await lookupError(50)).reason).toBe('timeout');
  });
});
