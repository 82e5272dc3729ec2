import { readFile } from 'node:fs/promises';
import { expect, test } from '../support/test';
import { threeFeaturedBrandsURL } from '../../playwright.config';
import { confirmAndVerify, expectBalanceToBecome } from '../redemptions/redeem-helpers';
import { signInThroughApi } from '../support/people';
import { fundedCustomer } from '../support/redemptions';

// Trailhead Outdoor pays 5% cashback and, on this server, its own 10% reward (playwright.config.ts).
test.use({ baseURL: threeFeaturedBrandsURL });

test("a plain gift card of a rewarded brand: the value shown before the passcode is the quote's and the ledger's", async ({
  page,
}) => {
  const customer = await fundedCustomer(page.request, { amountInCents: 10_000 });
  await signInThroughApi(page, customer.person);
  await page.goto('/');
  await page
    .getByRole('region', { name: 'Choose Your Redemption Method' })
    .getByRole('link', { name: /Gift cards/ })
    .click();
  await page.getByLabel('Search brands').fill('trailhead');
  await page.getByRole('link', { name: /Trailhead Outdoor/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Trailhead Outdoor' })).toBeVisible();

  // The amount screen: $40.00 + $2.00 cashback + $4.00 of the brand's own reward.
  await page.getByLabel('Gift card amount (USD)').fill('40');
  await expect(page.getByText('Spend $40.00, get $46.00 back')).toBeVisible();
  await expect(page.getByTestId('giftcard-reward')).toHaveText('+$4.00');
  await page.getByRole('button', { name: 'Continue' }).click();

  // Confirm Details: the same figures, from the quote.
  await expect(page.getByRole('heading', { name: 'Confirm Details' })).toBeVisible();
  await expect(page.getByText('Spend $40.00, get $46.00 back')).toBeVisible();
  await expect(page.getByTestId('giftcard-reward')).toHaveText('+$4.00');
  await confirmAndVerify(page, customer.person);
  await expect(page.getByRole('heading', { level: 1, name: 'Redemption Pending' })).toBeVisible();

  // The ledger: the amount left, the cashback and the reward came back once the card was issued.
  await expectBalanceToBecome(page, '$66.00');
  await page.goto('/profile/giftcards-history');
  await page.getByRole('list', { name: 'Active gift cards' }).getByRole('link').click();
  await expect(page.getByRole('heading', { level: 1, name: 'Gift Card Details' })).toBeVisible();
  await expect(page.getByText('Total value').locator('..')).toContainText('$46.00');

  // Transaction History has a line for each movement: the refund, the card, its cashback and the
  // brand's reward, and they add up to the balance.
  await page.goto('/refunds-history');
  const list = page.getByRole('list', { name: 'Transactions' });
  await expect(list.getByRole('link', { name: /^Cashback/ })).toContainText('+$2.00');
  await expect(list.getByRole('link', { name: /^Brand reward/ })).toContainText('+$4.00');
  await expect(list.getByRole('link', { name: /Refund from/ })).toContainText('+$100.00');
  await expect(list.getByRole('link', { name: /^Gift card/ })).toContainText('$40.00');

  // This month's statement, downloaded: the same movements, closing at the balance.
  const saving = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download CSV' }).click();
  const download = await saving;
  const month = new Date().toISOString().slice(0, 7);
  expect(download.suggestedFilename()).toBe(`statement-${month}.csv`);
  const csv = await readFile(await download.path(), 'utf8');
  expect(csv).toContain('"Cashback on a gift card","Completed",2.00,');
  expect(csv).toContain('"The brand\'s reward on a gift card","Completed",4.00,');
  expect(csv.trimEnd().split('\r\n').at(-1)).toMatch(/"Closing balance",,,66\.00$/);
});
