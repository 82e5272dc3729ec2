import { expect, test, type APIRequestContext, type Page } from '../support/test';
import { formatDateTime, formatMoney } from '@refund/contracts/format';
import { createAccount, signInThroughApi as signIn } from '../support/people';
import {
  SANDBOX_CARDS,
  addDebitCard,
  fundedCustomer,
  redeemThroughApi,
  settledTransaction,
} from '../support/redemptions';
import {
  ALL_LOOKS,
  expectNoSeriousViolationsInEachLook,
  FIRST_LOOK,
  showLook,
} from '../support/axe';

// The browser formats dates in its time zone; the expected text is formatted in this process's.
test.use({ timezoneId: Intl.DateTimeFormat().resolvedOptions().timeZone });

/** A customer with one successful payout to a Visa debit card and one declined by the issuer. */
async function customerWithRedemptions(request: APIRequestContext) {
  const customer = await fundedCustomer(request, { amountInCents: 20_000 });
  const goodCard = await addDebitCard(request, customer, SANDBOX_CARDS.succeeds);
  const declinedCard = await addDebitCard(request, customer, SANDBOX_CARDS.declined);
  const first = await redeemThroughApi(request, customer, {
    cardUuid: goodCard.card_uuid,
    amountInCents: 5000,
  });
  const second = await redeemThroughApi(request, customer, {
    cardUuid: declinedCard.card_uuid,
    amountInCents: 2500,
  });
  const successful = await settledTransaction(request, customer, first.transaction_id);
  const failed = await settledTransaction(request, customer, second.transaction_id);
  expect(successful.status).toBe('Successful');
  expect(failed.status).toBe('Failed');
  return { customer, successful, failed };
}

const successfulRow = (page: Page) => page.getByRole('link', { name: /Visa •••• 5556/ });
const failedRow = (page: Page) => page.getByRole('link', { name: /Visa •••• 0002/ });

/** The value shown under a label of the details list. */
const detail = (page: Page, label: string) =>
  page.locator('dt', { hasText: new RegExp(`^${label}$`) }).locator('+ dd');

test('the history lists successful and failed redemptions, each opening its details', async ({
  page,
}) => {
  const { customer, successful, failed } = await customerWithRedemptions(page.request);
  await signIn(page, customer.person);

  await page.goto('/profile/redemption-history');
  await expect(page.getByRole('heading', { level: 1, name: 'Redemption History' })).toBeVisible();
  await expect(page).toHaveTitle(/^Redemption History/);

  const ok = successfulRow(page);
  await expect(ok.getByText('Debit card')).toBeVisible();
  await expect(ok.getByTestId('transaction-amount')).toHaveText('$50.00');
  await expect(ok.getByText('Successful')).toBeVisible();
  await expect(ok.getByText(formatDateTime(successful.created_at))).toBeVisible();

  const declined = failedRow(page);
  await expect(declined.getByTestId('transaction-amount')).toHaveText('$25.00');
  await expect(declined.getByText('Failed')).toBeVisible();

  // Newest first: the declined payout was made last.
  await expect(page.getByTestId('transaction-amount')).toHaveText(['$25.00', '$50.00']);

  await ok.click();
  await expect(page).toHaveURL(
    new RegExp(`/profile/redemption-history/${successful.transaction_id}$`),
  );
  await expect(
    page.getByRole('heading', { level: 1, name: 'Redemption Successful' }),
  ).toBeVisible();
  await expect(page).toHaveTitle('Redemption Successful - Refund Wallet');
  const article = page.getByRole('article', { name: '$50.00 to Visa •••• 5556' });
  await expect(article.getByText('Successful')).toBeVisible();
  await expect(detail(page, 'Amount redeemed')).toHaveText('$50.00');
  await expect(detail(page, 'Convenience fee')).toHaveText(formatMoney(successful.fee_in_cents));
  await expect(detail(page, 'Amount received')).toHaveText(
    formatMoney(successful.net_amount_in_cents),
  );
  await expect(detail(page, 'Debit card')).toHaveText('Visa •••• 5556');
  await expect(detail(page, 'Method')).toHaveText('Instant to debit card (OCT)');
  await expect(detail(page, 'Created')).toHaveText(formatDateTime(successful.created_at));
  await expect(detail(page, 'Network reference')).toHaveText(
    successful.network_reference as string,
  );
  await expect(detail(page, 'Transaction ID')).toHaveText(successful.transaction_id);

  await page.getByRole('main').getByRole('link', { name: 'Redemption History' }).click();
  await expect(page).toHaveURL(/\/profile\/redemption-history$/);
  await failedRow(page).click();
  // A declined payout is never headed as a success.
  await expect(page.getByRole('heading', { level: 1, name: 'Redemption failed' })).toBeVisible();
  await expect(page).toHaveTitle('Redemption failed - Refund Wallet');
  await expect(page.getByText('This redemption did not go through.')).toBeVisible();
  await expect(page.getByText(failed.failure_reason as string)).toBeVisible();
  await expect(page.getByText('The full $25.00 is back in your balance.')).toBeVisible();

  // The same details under the transaction address, leading back home.
  await page.goto(`/transaction/${successful.transaction_id}`);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Redemption Successful' }),
  ).toBeVisible();
  await expect(page.getByRole('article', { name: '$50.00 to Visa •••• 5556' })).toBeVisible();
  await page.getByRole('main').getByRole('link', { name: 'Home' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test("another customer's transaction reads as not found", async ({ page }) => {
  const { successful } = await customerWithRedemptions(page.request);
  const stranger = await createAccount(page.request);
  await signIn(page, stranger);

  await page.goto(`/profile/redemption-history/${successful.transaction_id}`);
  await expect(page.getByRole('heading', { name: 'Transaction not found' })).toBeVisible();
  await expect(page.getByText('Error occured while fetching records')).toHaveCount(0);

  await page.goto(`/transaction/${successful.transaction_id}`);
  await expect(page.getByRole('heading', { name: 'Transaction not found' })).toBeVisible();

  await page.goto('/profile/redemption-history');
  await expect(page.getByRole('heading', { name: 'No redemptions yet' })).toBeVisible();
});

test('a failed list load says records could not be fetched, and Retry loads them', async ({
  page,
}) => {
  const person = await createAccount(page.request);
  await signIn(page, person);
  const isList = (url: URL) => url.pathname === '/v1/transactions';
  await page.route(isList, (route) =>
    route.fulfill({
      status: 500,
      contentType: 'application/json',
      body: JSON.stringify({
        code: 3001,
        code_description: 'INTERNAL',
        message: 'Internal Server error',
      }),
    }),
  );

  await page.goto('/profile/redemption-history');
  await expect(page.getByRole('alert')).toContainText('Error occured while fetching records');

  await page.unroute(isList);
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByRole('heading', { name: 'No redemptions yet' })).toBeVisible();
});

test('history and details have no serious accessibility violations, in both themes at both sizes', async ({
  page,
}) => {
  const { customer, failed, successful } = await customerWithRedemptions(page.request);
  await showLook(page, FIRST_LOOK);
  await signIn(page, customer.person);
  // Nothing wider than the window, in each look.
  const scan = () =>
    expectNoSeriousViolationsInEachLook(page, ALL_LOOKS, async (look) => {
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        look.size.width,
      );
    });

  await page.goto('/profile/redemption-history');
  await expect(failedRow(page)).toBeVisible();
  await expect(successfulRow(page)).toBeVisible();
  await scan();

  for (const transaction of [failed, successful]) {
    await page.goto(`/profile/redemption-history/${transaction.transaction_id}`);
    await expect(page.getByRole('article')).toBeVisible();
    await expect(page.getByText(transaction.transaction_id)).toBeVisible();
    await scan();
  }
});
