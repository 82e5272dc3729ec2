import { expect, test } from '../support/test';
import { signInThroughApi } from '../support/people';
import { fundedCustomer } from '../support/redemptions';

test("the sign-up form's Terms and Privacy links open the pages in a new tab", async ({
  page,
  context,
}) => {
  await page.goto('/auth?mode=signup');
  const consent = page.locator('label', { hasText: 'I agree to the Terms of Service' });
  await expect(consent).toHaveText('I agree to the Terms of Service and Privacy Agreement');

  for (const [link, url, heading] of [
    ['Terms of Service', /\/terms$/, 'Terms of Service'],
    ['Privacy Agreement', /\/privacy$/, 'Privacy Agreement'],
  ] as const) {
    const anchor = consent.getByRole('link', { name: link });
    await expect(anchor).toHaveAttribute('target', '_blank');
    await expect(anchor).toHaveAttribute('rel', 'noopener noreferrer');
    const [opened] = await Promise.all([context.waitForEvent('page'), anchor.click()]);
    await expect(opened).toHaveURL(url);
    await expect(opened.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await opened.close();
  }
  // The form stayed where it was.
  await expect(page).toHaveURL(/\/auth\?mode=signup$/);
});

test('the terms and privacy pages are real pages, signed out and signed in', async ({ page }) => {
  await page.goto('/terms');
  await expect(page.getByRole('heading', { level: 1, name: 'Terms of Service' })).toBeVisible();
  for (const section of [
    'Claiming a refund',
    'Holds',
    'Redemptions and fees',
    'Closing your account',
  ]) {
    await expect(page.getByRole('heading', { level: 2, name: section })).toBeVisible();
  }
  await page.goto('/privacy');
  await expect(page.getByRole('heading', { level: 1, name: 'Privacy Agreement' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'What we collect' })).toBeVisible();
  await expect(page.getByRole('link', { name: /@/ })).toHaveAttribute('href', /^mailto:/);

  const customer = await fundedCustomer(page.request);
  await signInThroughApi(page, customer.person);
  await page.goto('/terms');
  await expect(page).toHaveURL(/\/terms$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Terms of Service' })).toBeVisible();
});
