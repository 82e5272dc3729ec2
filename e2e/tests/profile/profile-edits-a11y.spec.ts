import { expect, test } from '../support/test';
import { expectNoSeriousViolationsInEachLook, IN_FIRST_LOOK } from '../support/axe';
import { createAccount, signInThroughApi } from '../support/people';

test.use(IN_FIRST_LOOK);

test('personal details and its forms, in both themes at both sizes', async ({ page }) => {
  const person = await createAccount(page.request);
  await signInThroughApi(page, person);
  await page.goto('/profile/personal-details');
  await expect(page.getByRole('button', { name: 'Edit name' })).toBeVisible();
  await expectNoSeriousViolationsInEachLook(page);

  await page.getByRole('button', { name: 'Edit name' }).click();
  await page.getByLabel('First name').fill('R2');
  await page.getByRole('textbox', { name: 'Date of birth' }).fill('');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('DOB is required')).toBeVisible();
  await expectNoSeriousViolationsInEachLook(page);
  await page.getByRole('button', { name: 'Cancel' }).click();

  await page.getByRole('button', { name: 'Edit e-mail' }).click();
  await page.getByLabel('New e-mail address').fill('nope');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Enter a valid email address')).toBeVisible();
  await expectNoSeriousViolationsInEachLook(page);
  await page.getByRole('button', { name: 'Cancel' }).click();

  await page.getByRole('button', { name: 'Edit phone number' }).click();
  await page.getByLabel('New phone number').fill('12');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Enter a valid 10-digit US phone number')).toBeVisible();
  await expectNoSeriousViolationsInEachLook(page);

  await page.goto('/update-profile');
  await page.getByRole('button', { name: 'Save address' }).click();
  await expect(page.getByText('Address line 1 is required')).toBeVisible();
  await expectNoSeriousViolationsInEachLook(page);
});
