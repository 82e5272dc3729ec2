import { expect, test } from './support/test';
import { createAccount, newPerson, signInThroughApi } from './support/people';
import { expectNoSeriousViolationsInEachLook, IN_FIRST_LOOK } from './support/axe';

test.describe('in both themes at both sizes', () => {
  test.use(IN_FIRST_LOOK);

  test('sign in', async ({ page }) => {
    await page.goto('/auth');
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    await expectNoSeriousViolationsInEachLook(page);
  });

  test('sign up, with errors showing', async ({ page }) => {
    await page.goto('/auth?mode=signup');
    await expect(page.getByRole('heading', { name: 'Sign up' })).toBeVisible();
    await expectNoSeriousViolationsInEachLook(page);
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByText('DOB is required')).toBeVisible();
    await expectNoSeriousViolationsInEachLook(page);
  });

  test('verify', async ({ page }) => {
    const person = await createAccount(page.request, newPerson());
    await page.goto('/auth');
    await page.getByLabel('Phone number').fill(person.phone);
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByLabel('Verification code')).toBeVisible();
    await expectNoSeriousViolationsInEachLook(page);
  });

  test('home', async ({ page }) => {
    const person = await createAccount(page.request);
    await signInThroughApi(page, person);
    await page.goto('/');
    await expect(page.getByTestId('balance-total')).toBeVisible();
    await expectNoSeriousViolationsInEachLook(page);
  });
});
