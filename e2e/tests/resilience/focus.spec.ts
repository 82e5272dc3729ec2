import { expect, test } from '../support/test';
import { createRefund } from '../support/claims';
import { tabTo } from '../support/keyboard';
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

test('home reaches each redemption method in one Tab stop', async ({ page }) => {
  await signInThroughApi(page, await createAccount(page.request));
  await page.goto('/');
  const methods = page
    .getByRole('list')
    .filter({ has: page.getByRole('link', { name: /Debit card/ }) })
    .getByRole('link');
  await expect(methods.first()).toBeVisible({ timeout: 30_000 });
  const count = await methods.count();
  expect(count).toBeGreaterThanOrEqual(4);
  await tabTo(page, methods.first());
  for (let next = 1; next < count; next += 1) {
    await page.keyboard.press('Tab');
    await expect(methods.nth(next)).toBeFocused();
  }
  // One more Tab leaves the list.
  await page.keyboard.press('Tab');
  expect(
    await methods.evaluateAll((links) => links.some((link) => link === document.activeElement)),
  ).toBe(false);
});

test('the heading of each claim step takes focus when the claim moves on', async ({ page }) => {
  const person = await createAccount(page.request);
  const refund = await createRefund(page.request, person);
  await signInThroughApi(page, person);
  await page.goto(refund.claimPath);
  await expect(page.getByRole('heading', { name: 'Return request approved' })).toBeVisible();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { level: 1, name: /^Welcome/ })).toBeFocused();
});
