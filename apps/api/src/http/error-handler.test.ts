import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { DomainError } from '../domain/domain-error';
import { AppError } from './app-error';
import { registerErrorHandling } from './error-handler';

async function answerTo(error: Error) {
  const app = Fastify({ logger: false });
  registerErrorHandling(app);
  app.get('/fails', async () => {
    throw error;
  });
  try {
    const response = await app.inject('/fails');
    return { status: response.statusCode, body: response.body };
  } finally {
    await app.close();
  }
}

describe('a refusal thrown by a service', () => {
  it('answers with the status and body the catalog gives its name', async () => {
    const { status, body } = await answerTo(new DomainError('NOT_ENOUGH_BALANCE'));
    expect(status).toBe(400);
    expect(JSON.parse(body)).toEqual({
      code: 6002,
      code_description: 'NOT_ENOUGH_BALANCE',
      message: "You don't have enough balance in order to do redemption",
    });
  });

  it('keeps the message the service gave', async () => {
    const { status, body } = await answerTo(
      new DomainError('OTP_EXPIRED', 'This code is no longer valid.'),
    );
    expect(status).toBe(400);
    expect(JSON.parse(body)).toEqual({
      code: 2003,
      code_description: 'OTP_EXPIRED',
      message: 'This code is no longer valid.',
    });
  });

  it.each([
    ['REFUND_NOT_CLAIMABLE', undefined],
    ['PHONE_TAKEN', undefined],
    ['UNAUTHORIZED', 'This API key is not valid.'],
    ['BANK_LINK_UNAVAILABLE', undefined],
  ] as const)("answers %s exactly as the HTTP layer's own error does", async (name, message) => {
    const fromService = await answerTo(new DomainError(name, message));
    const fromHttp = await answerTo(new AppError(name, message));
    expect(fromService).toEqual(fromHttp);
  });
});
