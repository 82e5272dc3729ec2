import { expect, type APIRequestContext } from '@playwright/test';
import type {
  PrepaidCard,
  PrepaidCardholder,
  PrepaidCardList,
  PrepaidCardStatus,
} from '@refund/contracts/prepaid-cards';
import type { Transaction } from '@refund/contracts/redemptions';
import {
  fundedCustomer,
  postRedemption,
  setBillingAddress,
  type FundedCustomer,
} from './redemptions';

/** The sandbox issuer's magic amounts (README). */
export const SANDBOX_PREPAID_AMOUNTS = {
  /** The issuer declines the card: the money goes back to the wallet. */
  declinedCents: 1_313,
} as const;

const bearer = (customer: { accessToken: string }) => ({
  Authorization: `Bearer ${customer.accessToken}`,
});

/** Makes the customer a cardholder (setting a billing address first), as the app does. */
export async function cardholderThroughApi(
  request: APIRequestContext,
  customer: FundedCustomer,
): Promise<PrepaidCardholder> {
  await setBillingAddress(request, customer);
  const response = await request.post('/v1/prepaid-cardholder', { headers: bearer(customer) });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as PrepaidCardholder;
}

/** Asks for a prepaid card of `amountInCents` with the customer's wallet. */
export async function issuePrepaidCardThroughApi(
  request: APIRequestContext,
  customer: FundedCustomer,
  amountInCents: number,
): Promise<Transaction> {
  const holder = await cardholderThroughApi(request, customer);
  return postRedemption(request, customer, {
    mode: 'prepaid',
    payment_method_uuid: holder.cardholder_uuid,
    amount_in_cents: amountInCents,
  });
}

/** The card asked for in `transactionId` once it has reached `status` (issuing is asynchronous). */
export async function waitForPrepaidCard(
  request: APIRequestContext,
  customer: FundedCustomer,
  transactionId: string,
  status: PrepaidCardStatus,
): Promise<PrepaidCard> {
  let card: PrepaidCard | undefined;
  await expect
    .poll(
      async () => {
        const response = await request.get('/v1/prepaid-cards', {
          headers: bearer(customer),
          params: { limit: 100 },
        });
        expect(response.status()).toBe(200);
        card = ((await response.json()) as PrepaidCardList).data.find(
          (each) => each.card_uuid === transactionId,
        );
        return card?.status;
      },
      { timeout: 20_000, intervals: [200, 500, 1_000] },
    )
    .toBe(status);
  return card as PrepaidCard;
}

/** A new customer with a wallet of `balanceInCents` and an issued, inactive card of `amountInCents`. */
export async function customerWithPrepaidCard(
  request: APIRequestContext,
  options: { balanceInCents: number; amountInCents: number },
): Promise<{ customer: FundedCustomer; card: PrepaidCard }> {
  const customer = await fundedCustomer(request, { amountInCents: options.balanceInCents });
  const transaction = await issuePrepaidCardThroughApi(request, customer, options.amountInCents);
  const card = await waitForPrepaidCard(request, customer, transaction.transaction_id, 'inactive');
  return { customer, card };
}
