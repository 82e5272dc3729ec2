import { expect, test } from '../support/test';
import { signInThroughApi } from '../support/people';
import { fundedCustomer } from '../support/redemptions';
import { confirmAndVerify, enterAmount, expectHomeBalance } from './redeem-helpers';

test('links a bank in the sandbox flow, redeems by ACH and sees it settle', async ({ page }) => {
  const customer = await fundedCustomer(page.request, { amountInCents: 30_000 });
  await signInThroughApi(page, customer.person);

  await page.goto('/');
  await page.getByRole('link', { name: /Bank account/ }).click();
  await expect(page.getByRole('heading', { name: 'Redeem to Bank Account' })).toBeVisible();
  await page.getByRole('link', { name: 'Link your bank' }).click();

  // The provider's hosted page: pick a test bank and account.
  await expect(page).toHaveURL(/\/v1\/sandbox\/bank-link\?session=/);
  await page.getByLabel(/Everyday Checking/).check();
  await page.getByRole('button', { name: 'Continue' }).click();

  // Back through /redeem/tink to the bank screen, the new account chosen.
  await expect(page.getByRole('heading', { name: 'Redeem to Bank Account' })).toBeVisible();
  await expect(page.getByRole('radio', { name: /Sandbox National Bank •••• 6789/ })).toBeChecked();
  await expect(page).toHaveURL('/redeem/bank');

  await enterAmount(page, '120');
  await expect(page.getByText('In 1–3 business days')).toBeVisible();
  await confirmAndVerify(page, customer.person);
  // An ACH credit is on its way, not yet paid: the outcome says so.
  await expect(page.getByRole('heading', { level: 1, name: 'Redemption Pending' })).toBeVisible();
  await expect(page).toHaveTitle('Redemption Pending - Refund Wallet');
  await expect(
    page.getByText('$120.00 is on its way to Sandbox National Bank •••• 6789.', { exact: false }),
  ).toBeVisible();

  await page.getByRole('link', { name: 'View transaction details' }).click();
  await expect(page.getByText('Pending', { exact: true }).first()).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Redemption Pending' })).toBeVisible();
  // The sandbox settles ACH credits on its own clock (2 s in these tests); a pending
  // transaction's page checks again by itself, and its title follows.
  await expect(page.getByText('Successful', { exact: true }).first()).toBeVisible({
    timeout: 30_000,
  });
  await expect(
    page.getByRole('heading', { level: 1, name: 'Redemption Successful' }),
  ).toBeVisible();
  await expect(page).toHaveTitle('Redemption Successful - Refund Wallet');
  await expectHomeBalance(page, '$180.00');
});

test('a returned ACH puts the money back and shows in the history', async ({ page }) => {
  const customer = await fundedCustomer(page.request, { amountInCents: 10_000 });
  await signInThroughApi(page, customer.person);

  await page.goto('/redeem/add-account');
  await page.getByLabel('Account holder name').fill('Robin Avery');
  await page.getByLabel('Routing number').fill('110000001');
  await page.getByLabel('Account number', { exact: true }).fill('000222222227');
  await page.getByLabel('Confirm account number').fill('000222222228');
  await page.getByRole('button', { name: 'Add bank account' }).click();
  await expect(page.getByText('Enter a valid routing number')).toBeVisible();
  await expect(page.getByText('Account numbers do not match')).toBeVisible();

  await page.getByLabel('Routing number').fill('110000000');
  await page.getByLabel('Confirm account number').fill('000222222227');
  await page.getByRole('button', { name: 'Add bank account' }).click();
  await expect(page.getByRole('radio', { name: /•••• 2227/ })).toBeChecked();

  await enterAmount(page, '60');
  await confirmAndVerify(page, customer.person);
  await expect(page.getByRole('heading', { name: 'Redemption Pending' })).toBeVisible();
  await page.getByRole('button', { name: 'Skip' }).click();
  await expect(page.getByTestId('balance-available')).toHaveText('$40.00');

  // It settles, then the receiving bank returns it (R01): the money comes back.
  await expect(async () => {
    await page.goto('/profile/redemption-history');
    await expect(page.getByText('Failed', { exact: true }).first()).toBeVisible({ timeout: 5_000 });
  }).toPass({ timeout: 45_000 });
  await expect(page.getByText(/returned/i).first()).toBeVisible();
  await expectHomeBalance(page, '$100.00');
});

test('cancelling at the bank leads to the failure page, with ways forward', async ({ page }) => {
  const customer = await fundedCustomer(page.request);
  await signInThroughApi(page, customer.person);

  await page.goto('/connect-bank');
  await expect(page).toHaveURL(/\/v1\/sandbox\/bank-link\?session=/);
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('heading', { name: 'Bank linking cancelled' })).toBeVisible();
  await page.getByRole('link', { name: 'Enter account details' }).click();
  await expect(page.getByRole('heading', { name: 'Add Bank Account' })).toBeVisible();
});

test('a code the bank-linking provider never issued is refused', async ({ page }) => {
  const customer = await fundedCustomer(page.request);
  await signInThroughApi(page, customer.person);

  await page.goto('/redeem/tink?code=forged&state=6f1c1f56-8a39-4a3f-a7b3-6d3f0f4b2a11');
  await expect(page.getByRole('heading', { name: "We couldn't link your bank" })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveText(/expired or was already used/);

  await page.goto('/redeem/tink?error=USER_CANCELLED&message=The+user+cancelled');
  await expect(page.getByRole('heading', { name: 'Bank linking cancelled' })).toBeVisible();
});
