import { expect, test } from '../support/test';
import { confirmAndVerify } from '../redemptions/redeem-helpers';
import { expectNoSeriousViolationsInEachLook, IN_FIRST_LOOK } from '../support/axe';
import { linkFanCashThroughApi } from '../support/fancash';
import { signInThroughApi } from '../support/people';
import { fundedCustomer } from '../support/redemptions';

test.use(IN_FIRST_LOOK);

test('the FanCash screens pass axe in both themes at both sizes', async ({ page }) => {
  const customer = await fundedCustomer(page.request, { amountInCents: 5_000 });
  await signInThroughApi(page, customer.person);
  const account = page.getByRole('region', { name: 'Your FanCash account' });

  // Not linked.
  await page.goto('/redeem/fancash');
  await expect(account.getByRole('button', { name: 'Link your FanCash account' })).toBeVisible();
  await expectNoSeriousViolationsInEachLook(page);

  // Back from the merchant's sign-in without an account.
  await account.getByRole('button', { name: 'Link your FanCash account' }).click();
  await page.getByRole('link', { name: 'Cancel' }).click();
  await expect(page.getByTestId('fancash-link-failure')).toBeVisible();
  await expectNoSeriousViolationsInEachLook(page);

  // Linked, with an amount typed.
  await linkFanCashThroughApi(page.request, customer);
  await page.goto('/redeem/fancash');
  await expect(page.getByTestId('fancash-linked-as')).toHaveText('Linked as Alex M.');
  await page.getByLabel('Amount to redeem (USD)').fill('20');
  await expect(page.getByRole('region', { name: 'Amount' })).toContainText(
    'Added as FanCash$20.00',
  );
  await expectNoSeriousViolationsInEachLook(page);

  // Confirm Details, then the outcome.
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { name: 'Confirm Details' })).toBeVisible();
  await expectNoSeriousViolationsInEachLook(page);
  await confirmAndVerify(page, customer.person);
  await expect(page.getByRole('heading', { level: 1, name: /^Redemption / })).toBeVisible();
  await expectNoSeriousViolationsInEachLook(page);
});
