import { expect, test, type Page } from '../support/test';
import { confirmAndVerify, expectHomeBalance } from '../redemptions/redeem-helpers';
import {
  linkFanCashThroughApi,
  redeemToFanCashThroughApi,
  SANDBOX_FANCASH,
} from '../support/fancash';
import { signInThroughApi } from '../support/people';
import { fundedCustomer } from '../support/redemptions';

const account = (page: Page) => page.getByRole('region', { name: 'Your FanCash account' });

/** The value shown under a label of the details list. */
const detail = (page: Page, label: string) =>
  page.locator('dt', { hasText: new RegExp(`^${label}$`) }).locator('+ dd');

test('links a FanCash account at the merchant, redeems to it and shows the credit', async ({
  page,
}) => {
  const customer = await fundedCustomer(page.request, { amountInCents: 20_000 });
  await signInThroughApi(page, customer.person);

  await page.goto('/');
  await page
    .getByRole('region', { name: 'Choose Your Redemption Method' })
    .getByRole('link', { name: /FanCash/ })
    .click();
  await expect(page).toHaveURL(/\/redeem\/fancash$/);
  await expect(page.getByRole('heading', { level: 1, name: 'FanCash' })).toBeFocused();
  await expect(account(page)).toContainText('No FanCash account is linked yet.');
  await expect(page.getByLabel('Amount to redeem (USD)')).toHaveCount(0);

  // The merchant's sign-in (the sandbox's page) sends the customer back with a code.
  await account(page).getByRole('button', { name: 'Link your FanCash account' }).click();
  await expect(page).toHaveURL(/\/v1\/sandbox\/fancash-link\?/);
  await page.getByRole('link', { name: `Link as ${SANDBOX_FANCASH.fans.alex}` }).click();
  await expect(page.getByTestId('fancash-linked-as')).toHaveText('Linked as Alex M.');
  await expect(page.getByText('FanCash account linked: Alex M.')).toBeVisible();
  // The code and state are spent and gone from the address.
  await expect(page).toHaveURL(/\/redeem\/fancash$/);

  const amount = page.getByRole('region', { name: 'Amount' });
  await expect(amount.getByTestId('redeem-spendable')).toHaveText('Available balance: $200.00');
  await expect(amount).toContainText('Between $5.00 and $500.00 per redemption.');
  await page.getByLabel('Amount to redeem (USD)').fill('25');
  await expect(amount).toContainText('Convenience feeFreeAdded as FanCash$25.00');
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(detail(page, 'To')).toHaveText('FanCash · Alex M.');
  await expect(detail(page, 'Method')).toHaveText('FanCash');
  await confirmAndVerify(page, customer.person);
  await expect(page.getByRole('heading', { level: 1, name: 'Redemption Pending' })).toBeVisible();
  await expect(
    page.getByText(
      "$25.00 in FanCash is on its way to Alex M.'s account. It usually arrives within minutes.",
    ),
  ).toBeVisible();

  // The merchant posts the credit a moment later: the details follow it by themselves.
  await page.getByRole('link', { name: 'View transaction details' }).click();
  await expect(detail(page, 'FanCash account')).toHaveText('FanCash · Alex M.');
  await expect(detail(page, 'Method')).toHaveText('FanCash store credit');
  await expect(detail(page, 'Amount received')).toHaveText('$25.00');
  await expect(page.getByRole('heading', { level: 1, name: 'Redemption Successful' })).toBeVisible({
    timeout: 30_000,
  });

  await page.goto('/profile/redemption-history');
  const row = page.getByRole('link', { name: /FanCash · Alex M\./ });
  await expect(row.getByTestId('transaction-amount')).toHaveText('$25.00');
  await expect(row.getByText('Successful', { exact: true })).toBeVisible();

  await expectHomeBalance(page, '$175.00');
});

test('a credit the merchant refuses gives the money back', async ({ page }) => {
  const customer = await fundedCustomer(page.request, { amountInCents: 5_000 });
  await linkFanCashThroughApi(page.request, customer);
  await signInThroughApi(page, customer.person);

  await page.goto('/redeem/fancash');
  await page.getByLabel('Amount to redeem (USD)').fill('17.17');
  await page.getByRole('button', { name: 'Continue' }).click();
  await confirmAndVerify(page, customer.person);
  await expect(page.getByRole('heading', { level: 1, name: 'Redemption Pending' })).toBeVisible();
  // On its way: a clock, no tick.
  await expect(page.locator('[data-mark]')).toHaveAttribute('data-mark', 'pending');

  // Refused once the merchant processes it: the open outcome says so by itself, no reload.
  await expect(page.getByRole('heading', { level: 1, name: 'Redemption failed' })).toBeVisible({
    timeout: 30_000,
  });
  await expect(page.locator('[data-mark]')).toHaveAttribute('data-mark', 'danger');
  await expect(page).toHaveTitle('Redemption failed - Refund Wallet');

  // The details say the same.
  await page.goto('/profile/redemption-history');
  await page.getByRole('link', { name: /FanCash · Alex M\./ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Redemption failed' })).toBeVisible();
  await expect(page.getByText('This redemption did not go through.')).toBeVisible();
  await expect(page.getByText('The full $17.17 is back in your balance.')).toBeVisible();

  await page.goto('/profile/redemption-history');
  const row = page.getByRole('link', { name: /FanCash · Alex M\./ });
  await expect(row.getByText('Failed', { exact: true })).toBeVisible();
  await expectHomeBalance(page, '$50.00');
});

test('a credit still waiting for the merchant stays pending', async ({ page }) => {
  const customer = await fundedCustomer(page.request, { amountInCents: 5_000 });
  const link = await linkFanCashThroughApi(page.request, customer, SANDBOX_FANCASH.fans.jordan);
  const credit = await redeemToFanCashThroughApi(
    page.request,
    customer,
    link,
    SANDBOX_FANCASH.pendingCents,
  );
  expect(credit.status).toBe('Pending');
  await signInThroughApi(page, customer.person);

  await page.goto(`/transaction/${credit.transaction_id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Redemption Pending' })).toBeVisible();
  await expect(detail(page, 'FanCash account')).toHaveText('FanCash · Jordan T.');
  await expect(
    page.getByText('This payout is on its way. This page updates when it completes.'),
  ).toBeVisible();
  await expectHomeBalance(page, '$31.82');
});

test('unlinks the account, and says so when the customer cancels at the merchant', async ({
  page,
}) => {
  const customer = await fundedCustomer(page.request, { amountInCents: 5_000 });
  await linkFanCashThroughApi(page.request, customer);
  await signInThroughApi(page, customer.person);

  await page.goto('/redeem/fancash');
  await expect(page.getByTestId('fancash-linked-as')).toHaveText('Linked as Alex M.');
  await account(page).getByRole('button', { name: 'Unlink Alex M.' }).click();
  await expect(page.getByText('FanCash account unlinked')).toBeVisible();
  await expect(page.getByLabel('Amount to redeem (USD)')).toHaveCount(0);
  await page.reload();
  const link = account(page).getByRole('button', { name: 'Link your FanCash account' });
  await expect(link).toBeVisible();

  await link.click();
  await page.getByRole('link', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/redeem\/fancash$/);
  await expect(page.getByTestId('fancash-link-failure')).toHaveText(
    'FanCash linking cancelledYou left before your FanCash account was linked.',
  );
  await account(page).getByRole('button', { name: 'Try again' }).click();
  await page.getByRole('link', { name: `Link as ${SANDBOX_FANCASH.fans.jordan}` }).click();
  await expect(page.getByTestId('fancash-linked-as')).toHaveText('Linked as Jordan T.');
  await expect(page.getByTestId('fancash-link-failure')).toHaveCount(0);
});
