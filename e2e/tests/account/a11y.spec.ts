import { expect, test } from '../support/test';
import { expectNoSeriousViolationsInEachLook, IN_FIRST_LOOK } from '../support/axe';
import { signInThroughApi } from '../support/people';
import { addDebitCard, fundedCustomer } from '../support/redemptions';

test.use(IN_FIRST_LOOK);

test('payment methods, security activity and terms pass axe in both themes at both sizes', async ({
  page,
}) => {
  await page.goto('/privacy');
  await expect(page.getByRole('heading', { level: 1, name: 'Privacy Agreement' })).toBeVisible();
  await expectNoSeriousViolationsInEachLook(page);

  const customer = await fundedCustomer(page.request);
  await addDebitCard(page.request, customer);
  await signInThroughApi(page, customer.person);

  await page.goto('/profile/payment-methods');
  await expect(page.getByRole('region', { name: 'Debit cards' }).getByText(/Visa/)).toBeVisible();
  await expectNoSeriousViolationsInEachLook(page);
  await page.getByRole('button', { name: /^Remove Visa/ }).click();
  await expect(page.getByRole('dialog', { name: 'Remove this card?' })).toBeVisible();
  await expectNoSeriousViolationsInEachLook(page);
  await page.keyboard.press('Escape');

  await page.goto('/profile/security-activity');
  await expect(page.getByRole('list', { name: 'Security activity' })).toBeVisible();
  await expectNoSeriousViolationsInEachLook(page);

  await page.goto('/terms');
  await expect(page.getByRole('heading', { level: 1, name: 'Terms of Service' })).toBeVisible();
  await expectNoSeriousViolationsInEachLook(page);
});
