import { expect, type APIRequestContext } from '@playwright/test';
import type { FanCashLinkView } from '@refund/contracts/fancash';
import type { Transaction } from '@refund/contracts/redemptions';
import { postRedemption, type FundedCustomer } from './redemptions';

/** The sandbox FanCash program's magic values (README). */
export const SANDBOX_FANCASH = {
  /** Test fans the sandbox sign-in page offers, by the name it links them as. */
  fans: { alex: 'Alex M.', jordan: 'Jordan T.', refused: 'Casey R. (credits refused)' },
  /** Accepted as pending, then refused: the money comes back. */
  refusedCents: 1_717,
  /** Stays pending for ever. */
  pendingCents: 1_818,
} as const;

const bearer = (customer: { accessToken: string }) => ({
  Authorization: `Bearer ${customer.accessToken}`,
});

const unescapeHtml = (value: string) =>
  value.replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)));

/**
 * Links the customer's FanCash account as the app does, without a browser: starts a link, reads
 * the fan's link off the sandbox sign-in page and completes the link with its code and state.
 */
export async function linkFanCashThroughApi(
  request: APIRequestContext,
  customer: FundedCustomer,
  fanName: string = SANDBOX_FANCASH.fans.alex,
): Promise<FanCashLinkView> {
  const started = await request.post('/v1/fancash/link/start', { headers: bearer(customer) });
  expect(started.status(), await started.text()).toBe(200);
  const { authorize_url } = (await started.json()) as { authorize_url: string };
  const page = await request.get(authorize_url);
  expect(page.status()).toBe(200);
  const href = new RegExp(
    `<a href="([^"]+)">Link as ${fanName.replace(/[.()]/g, '\\$&')}</a>`,
  ).exec(await page.text())?.[1];
  expect(href, `the sandbox page offers ${fanName}`).toBeTruthy();
  const back = new URL(unescapeHtml(href ?? ''));
  const completed = await request.post('/v1/fancash/link/complete', {
    headers: bearer(customer),
    data: { state: back.searchParams.get('state'), code: back.searchParams.get('code') },
  });
  expect(completed.status(), await completed.text()).toBe(200);
  return (await completed.json()) as FanCashLinkView;
}

/** Redeems `amountInCents` of the customer's wallet to their linked FanCash account. */
export function redeemToFanCashThroughApi(
  request: APIRequestContext,
  customer: FundedCustomer,
  link: FanCashLinkView,
  amountInCents: number,
): Promise<Transaction> {
  return postRedemption(request, customer, {
    mode: 'fancash',
    payment_method_uuid: link.id,
    amount_in_cents: amountInCents,
  });
}
