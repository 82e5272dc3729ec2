import { expect, test, type Page } from '../support/test';
import {
  linkFanCashThroughApi,
  redeemToFanCashThroughApi,
  SANDBOX_FANCASH,
} from '../support/fancash';
import { buyGiftCardThroughApi, SANDBOX_GIFT_CARD_BRANDS } from '../support/giftcards';
import { signInThroughApi } from '../support/people';
import { issuePrepaidCardThroughApi } from '../support/prepaid-cards';
import { addDebitCard, fundedCustomer, redeemThroughApi } from '../support/redemptions';

test('an open Home follows a redemption made elsewhere, without a reload', async ({ page }) => {
  const customer = await fundedCustomer(page.request, { amountInCents: 20_000 });
  const card = await addDebitCard(page.request, customer);
  await signInThroughApi(page, customer.person);
  await page.goto('/');
  await expect(page.getByTestId('balance-available')).toHaveText('$200.00');
  // Marks this page: a reload or a navigation would lose the mark.
  await page.evaluate(() => {
    (window as unknown as { stillThisPage: boolean }).stillThisPage = true;
  });

  // A second tab of the same customer redeems $50.00 (as another device would, through the API).
  const other = await page.context().newPage();
  await other.goto('/');
  await redeemThroughApi(other.request, customer, {
    cardUuid: card.card_uuid,
    amountInCents: 5_000,
  });
  await other.close();

  // Told by the server's event stream, the first tab reads its balance again by itself.
  await expect(page.getByTestId('balance-available')).toHaveText('$150.00', { timeout: 10_000 });
  expect(
    await page.evaluate(() => (window as unknown as { stillThisPage?: boolean }).stillThisPage),
  ).toBe(true);
});

/** Marks the open page, so a test can tell it was never reloaded or left. */
async function markThisPage(page: Page): Promise<() => Promise<boolean | undefined>> {
  await page.evaluate(() => {
    (window as unknown as { stillThisPage: boolean }).stillThisPage = true;
  });
  return () =>
    page.evaluate(() => (window as unknown as { stillThisPage?: boolean }).stillThisPage);
}

test('an open Transaction History and an open redemption follow a refused FanCash credit', async ({
  page,
}) => {
  const customer = await fundedCustomer(page.request, { amountInCents: 5_000 });
  const link = await linkFanCashThroughApi(page.request, customer);
  await signInThroughApi(page, customer.person);
  await page.goto('/refunds-history');
  const list = page.getByRole('list', { name: 'Transactions' });
  await expect(list.getByRole('listitem')).toHaveCount(1);
  const stillThisPage = await markThisPage(page);

  // Redeemed elsewhere: accepted as pending, refused by the merchant about 3 s later.
  const credit = await redeemToFanCashThroughApi(
    page.request,
    customer,
    link,
    SANDBOX_FANCASH.refusedCents,
  );
  const row = list.getByRole('link', { name: /^FanCash/ });
  await expect(row).toContainText('−$17.17', { timeout: 10_000 });
  await expect(row.getByText('Failed', { exact: true })).toBeVisible({ timeout: 20_000 });
  await expect(list.getByRole('link', { name: /^Money back from a redemption/ })).toContainText(
    '+$17.17',
  );
  expect(await stillThisPage()).toBe(true);

  // A second one, its details open while it is on its way.
  const second = await redeemToFanCashThroughApi(
    page.request,
    customer,
    link,
    SANDBOX_FANCASH.refusedCents,
  );
  expect(second.transaction_id).not.toBe(credit.transaction_id);
  await page.goto(`/profile/redemption-history/${second.transaction_id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Redemption Pending' })).toBeVisible();
  const stillDetails = await markThisPage(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Redemption failed' })).toBeVisible({
    timeout: 20_000,
  });
  await expect(page.getByText('The full $17.17 is back in your balance.')).toBeVisible();
  expect(await stillDetails()).toBe(true);
});

test('an open Gift Card History shows a card as soon as the issuer sends it', async ({ page }) => {
  const customer = await fundedCustomer(page.request, { amountInCents: 5_000 });
  await signInThroughApi(page, customer.person);
  await page.goto('/profile/giftcards-history');
  await expect(page.getByRole('heading', { name: 'No gift cards yet' })).toBeVisible();
  const stillThisPage = await markThisPage(page);

  await buyGiftCardThroughApi(page.request, customer, {
    providerBrandId: SANDBOX_GIFT_CARD_BRANDS.harborCoffee,
    amountInCents: 2_000,
  });
  await expect(
    page.getByRole('list', { name: 'Active gift cards' }).getByRole('link', { name: /Harbor/ }),
  ).toBeVisible({ timeout: 20_000 });
  expect(await stillThisPage()).toBe(true);
});

test('an open Visa Prepaid Card History shows a card as soon as it is issued', async ({ page }) => {
  const customer = await fundedCustomer(page.request, { amountInCents: 5_000 });
  await signInThroughApi(page, customer.person);
  await page.goto('/profile/visaprepaidcard-history');
  await expect(page.getByRole('heading', { name: 'No prepaid cards yet' })).toBeVisible();
  const stillThisPage = await markThisPage(page);

  await issuePrepaidCardThroughApi(page.request, customer, 2_500);
  const card = page.getByRole('list', { name: 'Your Visa prepaid cards' }).getByRole('listitem');
  await expect(card.getByTestId('prepaid-card-status')).toHaveText('Inactive', {
    timeout: 20_000,
  });
  expect(await stillThisPage()).toBe(true);
});
