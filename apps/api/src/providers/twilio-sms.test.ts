import { inspect } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  delay,
  sendJson,
  startStubHttpServer,
  type StubHttpServer,
} from './testing/stub-http-server';
import { SmsProviderError, createTwilioSmsSender } from './twilio-sms';

const accountSid = 'AC0123456789abcdef0123456789abcdef';
const authToken = 'tok_s3cr3t_value';
const fromNumber = '+15005550006';
const phone = '5551234567';
const body = 'Your code is 482913';

// Twilio's documented answers (Messages resource create, and its JSON error body).
const created = { sid: 'SM0123456789abcdef0123456789abcdef', status: 'queued' };
const invalidTo = {
  code: 21211,
  message: `The 'To' number +1${phone} is not a valid phone number.`,
  more_info: 'https://www.twilio.com/docs/errors/21211',
  status: 400,
};

let stub: StubHttpServer;
beforeEach(async () => {
  stub = await startStubHttpServer((_request, response) => sendJson(response, 201, created));
});
afterEach(() => stub.close());

const sender = (timeoutMs?: number) =>
  createTwilioSmsSender({ accountSid, authToken, fromNumber, baseUrl: stub.url, timeoutMs });

async function sendError(timeoutMs?: number): Promise<SmsProviderError> {
  const error: unknown = await sender(timeoutMs)
    .send({ to: phone, body })
    .then(
      () => undefined,
      (thrown: unknown) => thrown,
    );
  expect(error).toBeInstanceOf(SmsProviderError);
  return error as SmsProviderError;
}

/** Everything a logger or error reporter could see of the error, cause and fields included. */
function expectNothingSensitive(error: Error): void {
  const everything = `${error.message}\n${inspect(error, { depth: 5 })}`;
  for (const secret of [phone, body, '482913', authToken, accountSid]) {
    expect(everything).not.toContain(secret);
  }
}

describe('createTwilioSmsSender', () => {
  it('posts the message form to the account Messages resource with basic auth', async () => {
    await sender().send({ to: phone, body });

    expect(stub.requests).toHaveLength(1);
    const [request] = stub.requests;
    expect(request?.method).toBe('POST');
    expect(request?.path).toBe(`/2010-04-01/Accounts/${accountSid}/Messages.json`);
    expect(request?.headers.authorization).toBe(
      `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString('base64')}`,
    );
    expect(request?.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(Object.fromEntries(new URLSearchParams(request?.body))).toEqual({
      To: '+15551234567',
      From: fromNumber,
      Body: body,
    });
  });

  it("throws Twilio's code without the number, the text or the credentials", async () => {
    stub.respondWith((_request, response) => sendJson(response, 400, invalidTo));

    const error = await sendError();

    expect(error.reason).toBe('http');
    expect(error.status).toBe(400);
    expect(error.vendorCode).toBe(21211);
    expect(error.message).toContain('21211');
    expect(error.message).toContain("The 'To' number [redacted] is not a valid phone number.");
    expectNothingSensitive(error);
  });

  it('reports the status of a non-JSON failure such as a gateway error page', async () => {
    stub.respondWith((_request, response) => {
      response.writeHead(502, { 'content-type': 'text/html' });
      response.end(`<html>Bad gateway for ${phone}</html>`);
    });

    const error = await sendError();

    expect(error.status).toBe(502);
    expect(error.vendorCode).toBeUndefined();
    expect(error.message).toBe('twilio: HTTP 502');
  });

  it('refuses a 2xx that is not a created message', async () => {
    stub.respondWith((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html' });
      response.end('<html>captive portal</html>');
    });

    expect((await sendError()).reason).toBe('unexpected-answer');
  });

  it('gives up after the timeout', async () => {
    stub.respondWith(async (_request, response) => {
      await delay(1_000);
      sendJson(response, 201, created);
    });

    const error = await sendError(50);

    expect(error.reason).toBe('timeout');
    expectNothingSensitive(error);
  });

  it('reports a refused connection as a network failure without the request', async () => {
    await stub.close();

    const error = await sendError();

    expect(error.reason).toBe('network');
    expectNothingSensitive(error);
  });

  it('rejects a recipient that is not ten digits before calling Twilio', async () => {
    const error: unknown = await sender()
      .send({ to: '+44 20 7946 0958', body })
      .catch((thrown: unknown) => thrown);

    expect(error).toBeInstanceOf(SmsProviderError);
    expect((error as SmsProviderError).reason).toBe('invalid-recipient');
    expect((error as SmsProviderError).message).not.toContain('7946');
    expect(stub.requests).toHaveLength(0);
  });
});
