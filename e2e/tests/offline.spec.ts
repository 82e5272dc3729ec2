import { expect, test } from './support/test';
import { expectNoSeriousViolations } from './support/axe';
import { createAccount, signInThroughApi } from './support/people';

const isRefresh = (url: URL) => url.pathname === '/v1/users/refresh';

test('the API out of reach at load shows the offline state; Retry goes home, still signed in', async ({
  page,
}) => {
  const person = await createAccount(page.request);
  await signInThroughApi(page, person);
  await page.route(isRefresh, (route) => route.abort('connectionrefused'));

  await page.goto('/');
  await expect(
    page.getByRole('heading', { level: 1, name: "We can't reach Refund Wallet right now" }),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  expect(await page.evaluate(() => window.localStorage.getItem('_ca'))).toBeTruthy();
  await expectNoSeriousViolations(page);

  await page.unroute(isRefresh);
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'My Money' })).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByLabel('Phone number')).toHaveCount(0);
});
