import { inspect } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  ACH_REJECTED_REASON,
  createIncreaseAchPayouts,
} from '../src/providers/increase-ach-payouts';
import type { AchCredit } from '../src/providers/ports';
import {
  delay,
  sendJson,
  startStubHttpServer,
  type StubHttpServer,
} from '../src/providers/testing/stub-http-server';
import { ProviderHttpError } from '../src/providers/vendor-http';

const apiKey = 'secret_key_increase_0123';
const accountId = 'account_in71c4amph0vgo2qllky';

const credit: AchCredit = {
  routingNumber: '021000021',
  accountNumber: '987654321012',
  accountType: 'savings',
  holderName: 'Pat Doe',
  amountCents: 12_345,
  reference: crypto.randomUUID(),
};

// Increase's documented ACH Transfer object and error body.
const transfer = (status: string) => ({
  id: 'ach_transfer_uoxatyh3lt5evrsdvo7q',
  type: 'ach_transfer',
  account_id: accountId,
  amount: credit.amountCents,
  status,
  return: null,
});
const invalidParameters = {
  status: 400,
  type: 'invalid_parameters_error',
  title: 'Invalid parameters.',
  detail: `account_number ${credit.accountNumber} is not valid for routing_number ${credit.routingNumber}`,
  errors: [],
};

let stub: StubHttpServer;
beforeEach(async () => {
  stub = await startStubHttpServer((_request, response) =>
    sendJson(response, 200, transfer('pending_approval')),
  );
});
afterEach(() => stub.close());

const payouts = (timeoutMs?: number) =>
  createIncreaseAchPayouts({
    apiKey,
    accountId,
    statementDescriptor: 'Refund Wallet',
    baseUrl: stub.url,
    ...(timeoutMs ? { timeoutMs } : {}),
  });

async function submitError(timeoutMs?: number): Promise<ProviderHttpError> {
  const error: unknown = await payouts(timeoutMs)
    .submit(credit)
    .then(
      () => undefined,
      (thrown: unknown) => thrown,
    );
  expect(error).toBeInstanceOf(ProviderHttpError);
  const everything = `${String(error)}\n${inspect(error, { depth: 5 })}`;
  for (const secret of [apiKey, credit.accountNumber]) expect(everything).not.toContain(secret);
  return error as ProviderHttpError;
}

describe('Increase ACH payouts', () => {
  it('posts the credit to /ach_transfers with the key, an idempotency key and the account', async () => {
    const result = await payouts().submit(credit);

    expect(result).toEqual({
      status: 'submitted',
      providerReference: 'ach_transfer_uoxatyh3lt5evrsdvo7q',
    });
    expect(stub.requests).toHaveLength(1);
    const [request] = stub.requests;
    expect(request?.method).toBe('POST');
    expect(request?.path).toBe('/ach_transfers');
    expect(request?.headers.authorization).toBe(`Bearer ${apiKey}`);
    expect(request?.headers['idempotency-key']).toBe(credit.reference);
    expect(request?.headers['content-type']).toBe('application/json');
    expect(JSON.parse(request?.body ?? '{}')).toEqual({
      account_id: accountId,
      amount: 12_345,
      account_number: credit.accountNumber,
      routing_number: credit.routingNumber,
      funding: 'savings',
      individual_name: 'Pat Doe',
      statement_descriptor: 'Refund Wallet',
      standard_entry_class_code: 'prearranged_payments_and_deposit',
    });
  });

  it('a request Increase refuses is a rejection whose reason never quotes the account', async () => {
    stub.respondWith((_request, response) => sendJson(response, 400, invalidParameters));
    const result = await payouts().submit(credit);
    expect(result).toEqual({ status: 'rejected', reason: ACH_REJECTED_REASON });
    expect(JSON.stringify(result)).not.toContain(credit.accountNumber);
  });

  it('a transfer answered as rejected is a rejection', async () => {
    stub.respondWith((_request, response) => sendJson(response, 200, transfer('rejected')));
    expect(await payouts().submit(credit)).toMatchObject({ status: 'rejected' });
  });

  it.each([
    [401, 'invalid_api_key_error'],
    [404, 'object_not_found_error'],
    [409, 'idempotency_key_already_used_error'],
    [429, 'rate_limited_error'],
    [500, 'internal_server_error'],
  ])('HTTP %i %s is a failure to retry, not a rejection', async (status, type) => {
    stub.respondWith((_request, response) =>
      sendJson(response, status, { status, type, title: 'x', detail: credit.accountNumber }),
    );
    const error = await submitError();
    expect(error).toMatchObject({ provider: 'increase', reason: 'http', status, vendorCode: type });
  });

  it('a 2xx without a transfer is an unexpected answer', async () => {
    stub.respondWith((_request, response) => sendJson(response, 200, { ok: true }));
    expect((await submitError()).reason).toBe('unexpected-answer');
  });

  it('gives up after the timeout', async () => {
    stub.respondWith(async (_request, response) => {
      await delay(1_000);
      sendJson(response, 200, transfer('pending_approval'));
    });
    expect((await submitError(50)).reason).toBe('timeout');
  });

  it('reports a refused connection as a network failure', async () => {
    await stub.close();
    expect((await submitError()).reason).toBe('network');
  });
});
