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
  formatVisaAmount,
  traceNumbers,
  visaSandboxOriginator,
} from './visa-direct-card-payouts';

const userId = 'VDP_USER_0123456789';
const password = 'vdp-s3cr3t-password';
const cardNumber = '4957030420210496';
const reference = '8f14e45f-ceea-467a-9b4f-5c1d2e3a4b5c';
const pushPath = '/visadirect/fundstransfer/v1/pushfundstransactions';
const inquiryPath = '/paai/fundstransferattinq/v5/cardattributes/fundstransferinquiry';

// Visa's documented answers: an approved OCT, an issuer decline, and the PAAI v5 attributes.
const approved = {
  transactionIdentifier: 381228649430015,
  actionCode: '00',
  approvalCode: '20304B',
  responseCode: '5',
  transmissionDateTime: '2026-05-03T12:00:01.000Z',
};
const declined = { transactionIdentifier: 381228649430016, actionCode: '05', responseCode: '5' };
const attributes = (cardProductType: string) => ({
  visaNetworkInfo: [
    {
      issuerName: 'Visa Test Bank',
      cardProductType,
      cardPlatformCode: 'CN',
      issuerCountryCode: 840,
      billingCurrency: 840,
      moneyTransferPushFundsDomestic: 'Y',
    },
  ],
});

let stub: StubHttpServer;
beforeEach(async () => {
  stub = await startStubHttpServer((_request, response) => sendJson(response, 200, approved));
});
afterEach(() => stub.close());

const payouts = (timeoutMs?: number) =>
  createVisaDirectCardPayouts({
    baseUrl: `${stub.url}/`,
    userId,
    password,
    timeoutMs,
    now: () => new Date('2026-05-03T12:00:00.000Z'),
  });

const push = (amountCents = 1_005, timeoutMs?: number) =>
  payouts(timeoutMs).push({ cardNumber, amountCents, reference });

async function pushError(timeoutMs?: number): Promise<VisaDirectError> {
  const error: unknown = await push(1_005, timeoutMs).then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(VisaDirectError);
  return error as VisaDirectError;
}

/** Everything a logger or error reporter could see of the error, cause and fields included. */
function expectNothingSensitive(error: Error): void {
  const everything = `${error.message}\n${inspect(error, { depth: 5 })}`;
  for (const secret of [cardNumber, password, userId]) expect(everything).not.toContain(secret);
}

const sentBody = () => JSON.parse(stub.requests[0]?.body ?? '{}') as Record<string, unknown>;

describe('push (Push Funds Transaction, OCT)', () => {
  it('posts the OCT with basic auth, our trace numbers and the card as recipient', async () => {
    expect(await push()).toEqual({ status: 'succeeded', networkReference: '381228649430015' });

    expect(stub.requests).toHaveLength(1);
    const [request] = stub.requests;
    expect(request?.method).toBe('POST');
    expect(request?.path).toBe(pushPath);
    expect(request?.headers.authorization).toBe(
      `Basic ${Buffer.from(`${userId}:${password}`).toString('base64')}`,
    );
    expect(request?.headers['content-type']).toBe('application/json');
    const trace = traceNumbers(reference);
    expect(trace.retrievalReferenceNumber).toMatch(/^\d{12}$/);
    expect(trace.systemsTraceAuditNumber).toMatch(/^\d{6}$/);
    expect(sentBody()).toMatchObject({
      ...trace,
      localTransactionDateTime: '2026-05-03T12:00:00',
      recipientPrimaryAccountNumber: cardNumber,
      amount: '10.05',
      transactionCurrencyCode: 'USD',
      acquiringBin: visaSandboxOriginator.acquiringBin,
      acquirerCountryCode: '840',
      businessApplicationId: 'FD',
      senderReference: '8f14e45fceea467a',
      cardAcceptor: visaSandboxOriginator.cardAcceptor,
    });
  });

  it('derives the same trace numbers for a retry of the same payout, others for another', () => {
    expect(traceNumbers(reference)).toEqual(traceNumbers(reference));
    expect(traceNumbers(reference)).not.toEqual(traceNumbers(crypto.randomUUID()));
  });

  it.each([
    [1, '0.01'],
    [99, '0.99'],
    [100, '1.00'],
    [1_005, '10.05'],
    [123_456_789, '1234567.89'],
    [250_000, '2500.00'],
  ])('sends %i cents as "%s" dollars', async (cents, dollars) => {
    expect(formatVisaAmount(cents)).toBe(dollars);
    await push(cents);
    expect(sentBody().amount).toBe(dollars);
  });

  it('refuses amounts that are not positive whole cents without calling Visa', async () => {
    for (const cents of [0, -5, 10.5, Number.MAX_SAFE_INTEGER + 1]) {
      await expect(push(cents)).rejects.toMatchObject({ reason: 'invalid-request' });
    }
    expect(stub.requests).toHaveLength(0);
  });

  it('answers an issuer decline as declined with a readable reason', async () => {
    stub.respondWith((_request, response) => sendJson(response, 200, declined));
    expect(await push()).toEqual({
      status: 'declined',
      reason: 'The card issuer declined the payout.',
    });

    stub.respondWith((_request, response) => sendJson(response, 200, { actionCode: 'N7' }));
    expect(await push()).toEqual({
      status: 'declined',
      reason: 'The card issuer declined the payout (code N7).',
    });
  });

  it('throws on a 2xx without an action code, or an approval without an id', async () => {
    stub.respondWith((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html' });
      response.end('<html>captive portal</html>');
    });
    expect((await pushError()).reason).toBe('unexpected-answer');

    stub.respondWith((_request, response) => sendJson(response, 200, { actionCode: 'approved' }));
    expect((await pushError()).reason).toBe('unexpected-answer');

    stub.respondWith((_request, response) => sendJson(response, 200, { actionCode: '00' }));
    expect((await pushError()).reason).toBe('unexpected-answer');
  });

  it('throws on a 500: the outcome is unknown, so it must not read as a decline', async () => {
    stub.respondWith((_request, response) =>
      sendJson(response, 500, {
        errorResponse: {
          status: 500,
          reason: 'internalError',
          message: `Processing failed for recipientPrimaryAccountNumber ${cardNumber}`,
        },
      }),
    );

    const error = await pushError();

    expect(error.reason).toBe('http');
    expect(error.status).toBe(500);
    expect(error.message).toContain('internalError');
    expectNothingSensitive(error);
  });

  it('throws on a 400 too: a refused message may be a duplicate of a payout that went through', async () => {
    stub.respondWith((_request, response) =>
      sendJson(response, 400, {
        errorResponse: { reason: 'invalidParameter', message: `Bad card ${cardNumber}` },
      }),
    );

    const error = await pushError();

    expect(error).toMatchObject({ reason: 'http', status: 400 });
    expectNothingSensitive(error);
  });

  it('throws on a 202: Visa holds the payout and the issuer has not answered', async () => {
    stub.respondWith((_request, response) =>
      sendJson(response, 202, { statusIdentifier: '1234567890123456' }),
    );
    expect(await pushError()).toMatchObject({ reason: 'pending', status: 202 });
  });

  it('gives up after the timeout without quoting the request', async () => {
    stub.respondWith(async (_request, response) => {
      await delay(1_000);
      sendJson(response, 200, approved);
    });

    const error = await pushError(50);

    expect(error.reason).toBe('timeout');
    expectNothingSensitive(error);
  });

  it('reports a refused connection as a network failure without the request', async () => {
    await stub.close();

    const error = await pushError();

    expect(error.reason).toBe('network');
    expectNothingSensitive(error);
  });
});

describe('fundingOf (Funds Transfer Attributes Inquiry)', () => {
  it.each([
    ['D', 'debit'],
    ['C', 'credit'],
    ['H', 'credit'],
    ['P', 'prepaid'],
    ['R', 'unknown'],
    ['Z', 'unknown'],
  ])('maps card type %s to %s', async (code, funding) => {
    stub.respondWith((_request, response) => sendJson(response, 200, attributes(code)));
    expect(await payouts().fundingOf(cardNumber)).toBe(funding);
  });

  it('asks PAAI v5 about the card with basic auth and fresh trace numbers', async () => {
    stub.respondWith((_request, response) => sendJson(response, 200, attributes('D')));
    await payouts().fundingOf(cardNumber);
    await payouts().fundingOf(cardNumber);

    const [first, second] = stub.requests;
    expect(first?.method).toBe('POST');
    expect(first?.path).toBe(inquiryPath);
    expect(first?.headers.authorization).toBe(
      `Basic ${Buffer.from(`${userId}:${password}`).toString('base64')}`,
    );
    const body = JSON.parse(first?.body ?? '{}') as Record<string, unknown>;
    expect(body).toMatchObject({ primaryAccountNumber: cardNumber, acquiringBin: 408999 });
    expect(body.systemsTraceAuditNumber).toMatch(/^\d{6}$/);
    expect(body.retrievalReferenceNumber).toMatch(/^\d{12}$/);
    expect(JSON.parse(second?.body ?? '{}').retrievalReferenceNumber).not.toBe(
      body.retrievalReferenceNumber,
    );
  });

  it('reads a card known only to another debit network from ppgsNetworkInfo', async () => {
    stub.respondWith((_request, response) =>
      sendJson(response, 200, { ppgsNetworkInfo: [{ networkId: 9, cardTypeCode: 'D' }] }),
    );
    expect(await payouts().fundingOf('5123280115058611')).toBe('debit');
  });

  it('is unknown when the networks disagree about the card', async () => {
    stub.respondWith((_request, response) =>
      sendJson(response, 200, {
        visaNetworkInfo: [{ cardProductType: 'D' }],
        ppgsNetworkInfo: [{ cardTypeCode: 'C' }],
      }),
    );
    expect(await payouts().fundingOf(cardNumber)).toBe('unknown');
  });

  it('throws on a malformed answer or an error, without the card number', async () => {
    stub.respondWith((_request, response) => sendJson(response, 200, { hello: 'world' }));
    const malformed = await payouts()
      .fundingOf(cardNumber)
      .catch((thrown: unknown) => thrown);
    expect(malformed).toMatchObject({ reason: 'unexpected-answer' });

    stub.respondWith((_request, response) =>
      sendJson(response, 400, {
        errorResponse: {
          reason: 'invalidParameter',
          message: `Unable to find any participating network information for ${cardNumber}.`,
        },
      }),
    );
    const refused = await payouts()
      .fundingOf(cardNumber)
      .catch((thrown: unknown) => thrown);
    expect(refused).toBeInstanceOf(VisaDirectError);
    expect(refused).toMatchObject({ reason: 'http', status: 400 });
    expect((refused as Error).message).toContain('[redacted]');
    expectNothingSensitive(refused as Error);
  });
});
