import { expect, test } from '../support/test';
import { A11Y_THEMES, A11Y_VIEWPORTS, expectNoSeriousViolations } from '../support/axe';
import { signInThroughApi } from '../support/people';
import { addDebitCard, fundedCustomer } from '../support/redemptions';

for (const theme of A11Y_THEMES) {
  for (const size of A11Y_VIEWPORTS) {
    test(`payment methods, security activity and terms pass axe (${theme}, ${size.name})`, async ({
      page,
    }) => {
      await page.setViewportSize({ width: size.width, height: size.height });
      await page.addInitScript((value) => window.localStorage.setItem('theme', value), theme);

      await page.goto('/privacy');
      await expect(
        page.getByRole('heading', { level: 1, name: 'Privacy Agreement' }),
      ).toBeVisible();
      await expectNoSeriousViolations(page);

      const customer = await fundedCustomer(page.request);
      await addDebitCard(page.request, customer);
      await signInThroughApi(page, customer.person);

      await page.goto('/profile/payment-methods');
      await expect(
        page.getByRole('region', { name: 'Debit cards' }).getByText(/Visa/),
      ).toBeVisible();
      await expectNoSeriousViolations(page);
      await page.getByRole('button', { name: /^Remove Visa/ }).click();
      await expect(page.getByRole('dialog', { name: 'Remove this card?' })).toBeVisible();
      await expectNoSeriousViolations(page);
      await page.keyboard.press('Escape');

      await page.goto('/profile/security-activity');
      await expect(page.getByRole('list', { name: 'Security activity' })).toBeVisible();
      await expectNoSeriousViolations(page);

      await page.goto('/terms');
      await expect(page.getByRole('heading', { level: 1, name: 'Terms of Service' })).toBeVisible();
      await expectNoSeriousViolations(page);
    });
  }
}
