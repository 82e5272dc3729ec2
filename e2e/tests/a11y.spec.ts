import { expect, test } from './support/test';
import { createAccount, newPerson, signInThroughApi } from './support/people';
import { A11Y_THEMES, A11Y_VIEWPORTS, expectNoSeriousViolations } from './support/axe';

const widths = A11Y_VIEWPORTS;
const themes = A11Y_THEMES;

for (const theme of themes) {
  for (const size of widths) {
    test.describe(`${theme} theme, ${size.name}`, () => {
      test.beforeEach(async ({ page }) => {
        await page.setViewportSize({ width: size.width, height: size.height });
        await page.addInitScript((value) => window.localStorage.setItem('theme', value), theme);
      });

      test('sign in', async ({ page }) => {
        await page.goto('/auth');
        await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
        await expectNoSeriousViolations(page);
      });

      test('sign up, with errors showing', async ({ page }) => {
        await page.goto('/auth?mode=signup');
        await expect(page.getByRole('heading', { name: 'Sign up' })).toBeVisible();
        await expectNoSeriousViolations(page);
        await page.getByRole('button', { name: 'Continue' }).click();
        await expect(page.getByText('DOB is required')).toBeVisible();
        await expectNoSeriousViolations(page);
      });

      test('verify', async ({ page }) => {
        const person = await createAccount(page.request, newPerson());
        await page.goto('/auth');
        await page.getByLabel('Phone number').fill(person.phone);
        await page.getByRole('button', { name: 'Continue' }).click();
        await expect(page.getByLabel('Verification code')).toBeVisible();
        await expectNoSeriousViolations(page);
      });

      test('home', async ({ page }) => {
        const person = await createAccount(page.request);
        await signInThroughApi(page, person);
        await page.goto('/');
        await expect(page.getByTestId('balance-total')).toBeVisible();
        await expectNoSeriousViolations(page);
      });
    });
  }
}
