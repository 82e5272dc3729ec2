import { expect, test } from '@playwright/test';
import { createAccount, signInThroughApi } from '../support/people';

test('focus moves to the new screen heading on navigation, not on the page load', async ({
  page,
}) => {
  await signInThroughApi(page, await createAccount(page.request));
  await page.goto('/');
  const home = page.getByRole('heading', { level: 1, name: 'My Money' });
  await expect(home).toBeVisible({ timeout: 30_000 });
  // A page load keeps the browser's own focus.
  expect(await page.evaluate(() => document.activeElement === document.body)).toBe(true);

  await page.getByRole('link', { name: 'Profile' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeFocused();

  // Back as well: the screen returned to announces itself.
  await page.goBack();
  await expect(home).toBeFocused();
});
