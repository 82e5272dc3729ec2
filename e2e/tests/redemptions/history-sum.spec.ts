import { expect, test } from '../support/test';
import { welcomeBonusURL } from '../../playwright.config';
import { createRefund } from '../support/claims';
import {
  buyGiftCardThroughApi,
  SANDBOX_GIFT_CARD_BRANDS,
  waitForGiftCard,
} from '../support/giftcards';
import { apiAccessToken, signInThroughApi } from '../support/people';
import {
  addDebitCard,
  fundedCustomer,
  redeemThroughApi,
  SANDBOX_CARDS,
  settledTransaction,
} from '../support/redemptions';

// This server gives the welcome bonus, so its grant and its spending are lines too.
test.use({ baseURL: welcomeBonusURL });

/** "+$1,234.50" → 123450, "−$0.75" → -75; an unsigned amount is not a movement of the wallet. */
function signedCents(text: string): number | null {
  const match = /^([+−])\$([\d,]+)\.(\d{2})$/.exec(text.trim());
  if (!match) return null;
  const cents = Number(match[2]?.replaceAll(',', '')) * 100 + Number(match[3]);
  return match[1] === '−' ? -cents : cents;
}

function centsOf(text: string): number {
  const match = /\$([\d,]+)\.(\d{2})/.exec(text);
  if (!match) throw new Error(`no amount in "${text}"`);
  return Number(match[1]?.replaceAll(',', '')) * 100 + Number(match[2]);
}

test('the lines of Transaction History add up to the total Home shows', async ({ page }) => {
  test.setTimeout(90_000);
  // Money in: a $200.00 refund claimed (and the welcome bonus it brings).
  const customer = await fundedCustomer(page.request, { amountInCents: 20_000 });
  // A $30.00 refund sent back to the card it was paid with: listed, never in the wallet.
  const sentBack = await createRefund(page.request, customer.person, {
    returns: [{ amount_in_cents: 3_000, description: 'Rain jacket' }],
  });
  const token = await apiAccessToken(page.request, customer.person);
  const chosen = await page.request.post(
    `/v1/customers/claim-refund/${sentBack.refund_uuid}/original-method`,
    { headers: { Authorization: `Bearer ${token}` } },
  );
  expect(chosen.status()).toBe(200);

  // Money out: $50.00 to a debit card (its 1.5% fee a line of its own), $20.00 to a card the
  // issuer declines (the money comes back), and a $25.00 gift card with its cashback.
  const good = await addDebitCard(page.request, customer);
  const paid = await redeemThroughApi(page.request, customer, {
    cardUuid: good.card_uuid,
    amountInCents: 5_000,
  });
  const declinedCard = await addDebitCard(page.request, customer, SANDBOX_CARDS.declined);
  const declined = await redeemThroughApi(page.request, customer, {
    cardUuid: declinedCard.card_uuid,
    amountInCents: 2_000,
  });
  const giftCard = await buyGiftCardThroughApi(page.request, customer, {
    providerBrandId: SANDBOX_GIFT_CARD_BRANDS.harborCoffee,
    amountInCents: 2_500,
  });
  await settledTransaction(page.request, customer, paid.transaction_id);
  expect((await settledTransaction(page.request, customer, declined.transaction_id)).status).toBe(
    'Failed',
  );
  await waitForGiftCard(page.request, customer, giftCard.transaction.transaction_id, 'issued');

  await signInThroughApi(page, customer.person);
  await page.goto('/');
  const total = centsOf(await page.getByTestId('balance-total').innerText());

  await page.goto('/refunds-history');
  const list = page.getByRole('list', { name: 'Transactions' });
  // Each debit payout's 1.5% fee is a line of its own, the declined one's too (it comes back).
  await expect(list.getByRole('link', { name: /^Redemption fee/ })).toHaveText([
    /−\$0\.30/,
    /−\$0\.75/,
  ]);
  // Every page of the list.
  const more = page.getByRole('button', { name: 'Load more' });
  while (await more.isVisible()) {
    const rows = await list.getByRole('listitem').count();
    await more.click();
    await expect.poll(() => list.getByRole('listitem').count()).toBeGreaterThan(rows);
  }

  const amounts = await list
    .locator('[data-testid="activity-amount"], [data-testid="transaction-amount"]')
    .allInnerTexts();
  const signed = amounts.map(signedCents);
  // The refund sent back shows its amount unsigned: not part of the balance.
  expect(amounts).toContain('$30.00');
  expect(signed.filter((cents) => cents === null)).toHaveLength(1);
  // Each movement once: the refund, the bonus, three redemptions (what left for the card, less
  // its fee), two fees, the declined payout's money back in full.
  expect(signed).toEqual(
    expect.arrayContaining([20_000, 1_000, -4_925, -75, -1_970, -30, 2_000, -2_500]),
  );
  const sum = signed.reduce<number>((acc, cents) => acc + (cents ?? 0), 0);
  expect(sum).toBe(total);
  expect(total).toBeGreaterThan(0);
});
