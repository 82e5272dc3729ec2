import { expect, test } from './support/test';
import { baseURL } from '../playwright.config';
import { createAccount, newPerson, signInThroughApi } from './support/people';

// Every test of the suite fails on a violation (support/test.ts); this one walks the pages whose
// policy matters most: signed out, signed in with the dark theme, and the sandbox's own pages.
test('the served pages carry the policy and run without a single violation', async ({ page }) => {
  test.slow(); // Several pages and a sign-in through the API.

  const response = await page.goto('/auth');
  const policy = response?.headers()['content-security-policy'] ?? '';
  expect(policy).toContain("script-src 'self'");
  expect(policy).toContain("style-src 'self'");
  expect(policy).not.toContain('unsafe-inline');
  // The first page of a fresh server can be slow on a busy machine: wait on it, not on a clock.
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible({ timeout: 60_000 });

  // Signed in, the wallet with its data and the dark theme chosen before the first paint.
  const person = await createAccount(page.request, newPerson());
  await signInThroughApi(page, person);
  await page.evaluate(() => window.localStorage.setItem('theme', 'dark'));
  await page.goto('/');
  await expect(page.getByRole('navigation').first()).toBeVisible({ timeout: 30_000 });
  await expect(page.locator('html')).toHaveClass(/dark/);

  // The sandbox's own pages, with their inline blocks allowed by hash.
  await page.goto('/v1/sandbox/inbox');
  await expect(page.getByRole('heading').first()).toBeVisible({ timeout: 30_000 });
});

test('a page opened on 127.0.0.1 continues on the one configured origin', async ({ page }) => {
  const other = baseURL.replace('//localhost:', '//127.0.0.1:');
  await page.goto(`${other}/auth?mode=signup`);
  await expect(page).toHaveURL(`${baseURL}/auth?mode=signup`);
  await expect(page.getByRole('heading', { name: 'Sign up' })).toBeVisible({ timeout: 60_000 });
});
