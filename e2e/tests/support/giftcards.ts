import { expect, type APIRequestContext } from '@playwright/test';
import type { BrandList, GiftCardQuote } from '@refund/contracts/brands';
import type { GiftCard, GiftCardList, GiftCardStatus } from '@refund/contracts/giftcards';
import type { Transaction } from '@refund/contracts/redemptions';
import { readCode } from './people';
import { fundedCustomer, postRedemption, type FundedCustomer } from './redemptions';

/** The sandbox issuer's brands the wallet tests use (README): ordinary, and magic ones. */
export const SANDBOX_GIFT_CARD_BRANDS = {
  /** Open amounts $5 to $100; issued about 3 s after the order. */
  harborCoffee: 'SBX-harbor-coffee',
  /** Every order is declined: the money goes back to the wallet. */
  declined: 'SBX-sandbox-declined',
  /** Every order stays processing. */
  processing: 'SBX-sandbox-processing',
} as const;

const bearer = (customer: { accessToken: string }) => ({
  Authorization: `Bearer ${customer.accessToken}`,
});

export interface BoughtGiftCard {
  transaction: Transaction;
  quote: GiftCardQuote;
  brandName: string;
}

/**
 * Buys a gift card with the customer's wallet the way the app does: finds the brand in the
 * catalog by its issuer id, asks for a price-locked quote, asks for the withdrawal passcode,
 * reads it from the sandbox SMS inbox, then posts the redemption with a fresh Idempotency-Key.
 */
export async function buyGiftCardThroughApi(
  request: APIRequestContext,
  customer: FundedCustomer,
  options: { providerBrandId: string; amountInCents: number },
): Promise<BoughtGiftCard> {
  // Searched by the first word of its name, as the catalog's search box would be.
  const search = options.providerBrandId.replace(/^SBX-/, '').split('-')[0] ?? '';
  const listed = await request.get('/v1/brands', {
    headers: bearer(customer),
    params: { q: search, limit: 100, filter: JSON.stringify({ is_enabled: true }) },
  });
  expect(listed.status(), await listed.text()).toBe(200);
  const brand = ((await listed.json()) as BrandList).featured_brands.data.find(
    (each) => each.provider_brand_id === options.providerBrandId,
  );
  expect(brand, `brand ${options.providerBrandId} in the catalog`).toBeTruthy();
  if (!brand) throw new Error(`No brand ${options.providerBrandId}`);

  const quoted = await request.post('/v1/giftcards/quotes', {
    headers: bearer(customer),
    data: { brand_id: brand.id, amount_in_cents: options.amountInCents },
  });
  expect(quoted.status(), await quoted.text()).toBe(201);
  const quote = (await quoted.json()) as GiftCardQuote;

  const transaction = await postRedemption(request, customer, {
    mode: 'giftcard',
    payment_method_uuid: quote.quote_id,
    amount_in_cents: options.amountInCents,
    bot_token: 'sandbox-bot-pass',
  });
  return { transaction, quote, brandName: brand.display_name ?? brand.name };
}

/** The customer's card bought in `transactionId`, on either shelf. */
async function findGiftCard(
  request: APIRequestContext,
  customer: FundedCustomer,
  transactionId: string,
): Promise<GiftCard | undefined> {
  for (const status of ['active', 'archived'] as const) {
    const response = await request.get('/v1/giftcards', {
      headers: bearer(customer),
      params: { status, limit: 100 },
    });
    expect(response.status()).toBe(200);
    const found = ((await response.json()) as GiftCardList).data.find(
      (card) => card.transaction_id === transactionId,
    );
    if (found) return found;
  }
  return undefined;
}

/** The card bought in `transactionId` once it has reached `status` (the issuer is asynchronous). */
export async function waitForGiftCard(
  request: APIRequestContext,
  customer: FundedCustomer,
  transactionId: string,
  status: GiftCardStatus,
): Promise<GiftCard> {
  let card: GiftCard | undefined;
  await expect
    .poll(
      async () => {
        card = await findGiftCard(request, customer, transactionId);
        return card?.status;
      },
      { timeout: 20_000, intervals: [200, 500, 1_000] },
    )
    .toBe(status);
  return card as GiftCard;
}

/**
 * The passcode texted to open a card on a new device. The API sends it with the same wording as
 * every one-time code ("… is your … verification code"), so the shared reader finds it; `seen`
 * are the codes that were there before it was asked for.
 */
export const readGiftCardPasscode = (
  request: APIRequestContext,
  phone: string,
  seen: string[],
): Promise<string> => readCode(request, phone, seen);

/** The link "View later" texted for a card, read from the sandbox SMS inbox. */
export async function readViewLaterLink(
  request: APIRequestContext,
  phone: string,
  reference: string,
): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        const response = await request.get(`/v1/sandbox/messages?to=${phone}`);
        const body = (await response.json()) as { data: { body: string }[] };
        const message = body.data.find((m) => m.body.includes(reference));
        link = message ? /https?:\/\/\S+/.exec(message.body)?.[0] : undefined;
        return link;
      },
      { timeout: 15_000, intervals: [100, 200, 300] },
    )
    .toBeTruthy();
  return link as string;
}

/** A new customer with a wallet of `balanceInCents` and an issued Harbor Coffee card of `amountInCents`. */
export async function customerWithIssuedGiftCard(
  request: APIRequestContext,
  options: { balanceInCents: number; amountInCents: number },
): Promise<{ customer: FundedCustomer; card: GiftCard }> {
  const customer = await fundedCustomer(request, { amountInCents: options.balanceInCents });
  const bought = await buyGiftCardThroughApi(request, customer, {
    providerBrandId: SANDBOX_GIFT_CARD_BRANDS.harborCoffee,
    amountInCents: options.amountInCents,
  });
  const card = await waitForGiftCard(
    request,
    customer,
    bought.transaction.transaction_id,
    'issued',
  );
  return { customer, card };
}
