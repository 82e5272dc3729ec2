import { expect, test } from '../support/test';
import { expectNoSeriousViolations } from '../support/axe';
import { createAccount, signInThroughApi } from '../support/people';

const isApi = (url: URL) => url.pathname.startsWith('/v1/');

test('the API out of reach at start keeps the session, and signs in by itself once it answers', async ({
  page,
}) => {
  await signInThroughApi(page, await createAccount(page.request));
  const token = await page.evaluate(() => window.localStorage.getItem('_ca'));
  expect(token).toBeTruthy();
  await page.route(isApi, (route) => route.abort('connectionrefused'));

  await page.goto('/profile');
  await expect(
    page.getByRole('heading', { level: 1, name: /can't reach .* right now/ }),
  ).toBeVisible({ timeout: 20_000 });
  await expect(page).toHaveURL(/\/profile$/);
  expect(await page.evaluate(() => window.localStorage.getItem('_ca'))).toBe(token);
  await expectNoSeriousViolations(page);

  // The API answers again: the app checks the session on its own, no Retry, no sign-in.
  await page.unroute(isApi);
  await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible({
    timeout: 30_000,
  });
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByLabel('Phone number')).toHaveCount(0);
  expect(await page.evaluate(() => window.localStorage.getItem('_ca'))).toBeTruthy();
});
