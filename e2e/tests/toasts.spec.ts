import { expect, test, type Page } from './support/test';
import { signInThroughApi } from './support/people';
import { fundedCustomer } from './support/redemptions';

/**
 * A toast the customer can read: styled by sonner's stylesheet (the page's policy allows no
 * inline styles, so an unstyled toast falls to the bottom of the page) and wholly on screen.
 */
async function expectToastOnScreen(page: Page, text: string) {
  const toast = page.locator('[data-sonner-toast]').filter({ hasText: text });
  await expect(toast).toBeVisible();
  await expect(toast).toBeInViewport({ ratio: 1 });
  const toaster = page.locator('[data-sonner-toaster]');
  await expect(toaster).toHaveCSS('position', 'fixed');
  await expect(toast).not.toHaveCSS('background-color', 'rgba(0, 0, 0, 0)');
}

test.use({ viewport: { width: 390, height: 844 } });

test('toasts show on screen, styled, under the production policy (phone size)', async ({
  page,
}) => {
  const customer = await fundedCustomer(page.request, { amountInCents: 5_000 });
  await signInThroughApi(page, customer.person);
  await page.goto('/');
  await page.getByRole('link', { name: /Debit card/ }).click();
  await page.getByRole('link', { name: 'Add a debit card' }).click();
  await expect(page.getByRole('heading', { name: 'Update Address' })).toBeVisible();
  await page.getByLabel('Address line 1').fill('200 Lakeshore Drive');
  await page.getByLabel('City').fill('Chicago');
  await page.getByLabel('State').selectOption({ label: 'Illinois' });
  await page.getByLabel('Zip code').fill('60601');
  await page.getByRole('button', { name: 'Save address' }).click();
  await expectToastOnScreen(page, 'Address saved');

  await expect(page.getByRole('heading', { name: 'Add Card' })).toBeVisible();
  await page.getByLabel('Card number').fill('4000 0566 5566 5556');
  await page.getByLabel('Expiry (MM/YY)').fill('12/40');
  await page.getByLabel('CVV').fill('123');
  await page.getByLabel('Name on card').fill('Robin Avery');
  await page.getByRole('button', { name: 'Add card' }).click();
  await expectToastOnScreen(page, 'Visa •••• 5556');
});
