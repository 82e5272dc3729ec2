import { expect, test } from '../support/test';
import { A11Y_THEMES, A11Y_VIEWPORTS, expectNoSeriousViolations } from '../support/axe';
import { createAccount, signInThroughApi } from '../support/people';

for (const theme of A11Y_THEMES) {
  for (const viewport of A11Y_VIEWPORTS) {
    test(`personal details and its forms, ${theme}, ${viewport.name}`, async ({ page }) => {
      await page.setViewportSize({ width: viewport.width, height: viewport.height });
      await page.addInitScript((value) => window.localStorage.setItem('theme', value), theme);
      const person = await createAccount(page.request);
      await signInThroughApi(page, person);
      await page.goto('/profile/personal-details');
      await expect(page.getByRole('button', { name: 'Edit name' })).toBeVisible();
      await expectNoSeriousViolations(page);

      await page.getByRole('button', { name: 'Edit name' }).click();
      await page.getByLabel('First name').fill('R2');
      await page.getByRole('textbox', { name: 'Date of birth' }).fill('');
      await page.getByRole('button', { name: 'Save' }).click();
      await expect(page.getByText('DOB is required')).toBeVisible();
      await expectNoSeriousViolations(page);
      await page.getByRole('button', { name: 'Cancel' }).click();

      await page.getByRole('button', { name: 'Edit e-mail' }).click();
      await page.getByLabel('New e-mail address').fill('nope');
      await page.getByRole('button', { name: 'Save' }).click();
      await expect(page.getByText('Enter a valid email address')).toBeVisible();
      await expectNoSeriousViolations(page);
      await page.getByRole('button', { name: 'Cancel' }).click();

      await page.getByRole('button', { name: 'Edit phone number' }).click();
      await page.getByLabel('New phone number').fill('12');
      await page.getByRole('button', { name: 'Save' }).click();
      await expect(page.getByText('Enter a valid 10-digit US phone number')).toBeVisible();
      await expectNoSeriousViolations(page);

      await page.goto('/update-profile');
      await page.getByRole('button', { name: 'Save address' }).click();
      await expect(page.getByText('Address line 1 is required')).toBeVisible();
      await expectNoSeriousViolations(page);
    });
  }
}
