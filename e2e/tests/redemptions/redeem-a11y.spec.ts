import { expect, test } from '../support/test';
import { signInThroughApi } from '../support/people';
import { addDebitCard, fundedCustomer, SANDBOX_CARDS } from '../support/redemptions';
import { confirmAndVerify, enterAmount } from './redeem-helpers';
import {
  expectNoSeriousViolationsInEachLook,
  IN_FIRST_LOOK,
  EACH_THEME_AND_SIZE_ONCE,
} from '../support/axe';

test.describe('light on a phone and dark on a desktop', () => {
  test.use(IN_FIRST_LOOK);

  test('the debit forms and their errors', async ({ page }) => {
    const customer = await fundedCustomer(page.request, { amountInCents: 10_000 });
    await signInThroughApi(page, customer.person);

    await page.goto('/update-profile');
    await page.getByRole('button', { name: 'Save address' }).click();
    await expect(page.getByText('Address line 1 is required')).toBeVisible();
    await expect(page.getByText('Choose a US state or territory')).toBeVisible();
    await expectNoSeriousViolationsInEachLook(page, EACH_THEME_AND_SIZE_ONCE);

    await addDebitCard(page.request, customer, SANDBOX_CARDS.declined);
    await page.goto('/redeem/debit/add-card');
    await page.getByRole('button', { name: 'Add card' }).click();
    await expect(page.getByText('Enter a valid card number')).toBeVisible();
    await expectNoSeriousViolationsInEachLook(page, EACH_THEME_AND_SIZE_ONCE);

    await page.goto('/redeem/debit');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByText('Enter an amount', { exact: true })).toBeVisible();
    await page.getByLabel('Amount to redeem (USD)').fill('20');
    await expect(page.getByText('You receive')).toBeVisible();
    await expectNoSeriousViolationsInEachLook(page, EACH_THEME_AND_SIZE_ONCE);

    await page.getByRole('radio', { name: /Visa •••• 0002/ }).check();
    await enterAmount(page, '20');
    await expect(page.getByRole('heading', { name: 'Confirm Details' })).toBeVisible();
    await page.getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByText('Agree to receive the one-time passcode')).toBeVisible();
    await expectNoSeriousViolationsInEachLook(page, EACH_THEME_AND_SIZE_ONCE);
  });

  test('the withdrawal passcode and both outcomes', async ({ page }) => {
    const customer = await fundedCustomer(page.request, { amountInCents: 10_000 });
    await addDebitCard(page.request, customer, SANDBOX_CARDS.declined);
    await signInThroughApi(page, customer.person);

    await page.goto('/redeem/debit');
    await page.getByRole('radio', { name: /Visa •••• 0002/ }).check();
    await enterAmount(page, '20');
    await confirmAndVerify(page, customer.person, '000000');
    await expect(page.getByRole('alert')).toHaveText('Incorrect one time passcode');
    await expectNoSeriousViolationsInEachLook(page, EACH_THEME_AND_SIZE_ONCE);

    await page.getByRole('link', { name: 'Back to confirm details' }).click();
    await confirmAndVerify(page, customer.person);
    await expect(page.getByRole('heading', { name: 'Redemption failed' })).toBeVisible();
    await expectNoSeriousViolationsInEachLook(page, EACH_THEME_AND_SIZE_ONCE);

    const good = await addDebitCard(page.request, customer, SANDBOX_CARDS.mastercard);
    await page.goto('/redeem/debit');
    await page.getByRole('radio', { name: new RegExp(`•••• ${good.last4}`) }).check();
    await enterAmount(page, '20');
    await confirmAndVerify(page, customer.person);
    await expect(page.getByRole('heading', { name: 'Redemption Successful' })).toBeVisible();
    await expectNoSeriousViolationsInEachLook(page, EACH_THEME_AND_SIZE_ONCE);
  });

  test('every screen of linking and adding a bank account', async ({ page }) => {
    const customer = await fundedCustomer(page.request);
    await signInThroughApi(page, customer.person);

    await page.goto('/redeem/bank');
    await expect(page.getByRole('link', { name: 'Link your bank' })).toBeVisible();
    await expectNoSeriousViolationsInEachLook(page, EACH_THEME_AND_SIZE_ONCE);

    await page.goto('/redeem/add-account');
    await page.getByRole('button', { name: 'Add bank account' }).click();
    await expect(page.getByText('Routing number must be 9 digits')).toBeVisible();
    await expectNoSeriousViolationsInEachLook(page, EACH_THEME_AND_SIZE_ONCE);

    await page.goto('/bank-failure?reason=cancelled');
    await expect(page.getByRole('heading', { name: 'Bank linking cancelled' })).toBeVisible();
    await expectNoSeriousViolationsInEachLook(page, EACH_THEME_AND_SIZE_ONCE);

    await page.route('**/v1/bank-link/sessions', (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({
          code: 3002,
          code_description: 'SERVICE_UNAVAILABLE',
          message: 'The service is temporarily unavailable. Please try again shortly.',
        }),
      }),
    );
    await page.goto('/connect-bank');
    await expect(page.getByRole('alert')).toContainText('temporarily unavailable');
    await expectNoSeriousViolationsInEachLook(page, EACH_THEME_AND_SIZE_ONCE);
  });
});
