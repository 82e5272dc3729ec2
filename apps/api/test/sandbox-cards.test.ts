import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxCardFunding, sandboxCards } from '../src/providers/sandbox-card-payouts';
import { fundedCustomer, newMerchant } from './support/payout-fixtures';
import type { TestMerchant } from './support/refund-fixtures';
import { call, startTestServer, type TestServer } from './support/test-server';

let server: TestServer;
let merchant: TestMerchant;
beforeAll(async () => {
  server = await startTestServer();
  merchant = await newMerchant(server.database.db);
});
afterAll(() => server.close());

async function addCard(cardNumber: string) {
  const person = await fundedCustomer(server.app, merchant, 100);
  return call(
    server.app,
    'POST',
    '/v1/cards',
    { card_number: cardNumber, expiry: '12/30', cvv: '123', name_on_card: 'Pat Doe' },
    { token: person.accessToken },
  );
}

describe('the sandbox card table', () => {
  it.each([
    ['Visa debit', sandboxCards.visaDebit],
    ['Mastercard debit', sandboxCards.mastercardDebit],
    ['the declined card', sandboxCards.declined],
    ['the returned-later card', sandboxCards.returnedLater],
    ['a no-answer card', sandboxCards.noAnswerPaid],
  ])('takes %s as a debit card', async (_name, number) => {
    expect((await addCard(number)).statusCode).toBe(201);
  });

  it.each([
    ['Visa credit', sandboxCards.visaCredit],
    ['Mastercard credit', sandboxCards.mastercardCredit],
    ['Visa prepaid', sandboxCards.visaPrepaid],
    ['Mastercard prepaid', sandboxCards.mastercardPrepaid],
    ['a valid Visa number the sandbox network does not know', '4111111111111111'],
    ['a valid Mastercard number the sandbox network does not know', '5425233430109903'],
  ])('refuses %s as not a debit card', async (_name, number) => {
    const response = await addCard(number);
    expect(response.statusCode).toBe(422);
    expect(response.json().code_description).toBe('CARD_NOT_SUPPORTED');
  });

  it('knows every magic card by its funding', () => {
    for (const number of Object.values(sandboxCards)) {
      expect(sandboxCardFunding[number]).toMatch(/^(debit|credit|prepaid)$/);
    }
  });
});
