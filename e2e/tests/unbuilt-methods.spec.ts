import { expect, test } from '@playwright/test';
import { expectNoSeriousViolations } from './support/axe';
import { createAccount, signInThroughApi } from './support/people';

const unavailable = 'This redemption method is unavailable at this moment.';

test('home offers only the built methods; the others say they are unavailable', async ({
  page,
}) => {
  const person = await createAccount(page.request);
  await signInThroughApi(page, person);
  await page.goto('/');

  const methods = page.getByRole('region', { name: 'Choose Your Redemption Method' });
  await expect(methods.getByRole('link')).toHaveText([
    /Debit card/,
    /Bank account/,
    /Visa prepaid card/,
    /Gift cards/,
  ]);
  for (const name of ['FanCash', 'Earn rewards']) {
    const row = methods.getByRole('listitem').filter({ hasText: name });
    await expect(row).toContainText(unavailable);
    await expect(row.getByRole('link')).toHaveCount(0);
    // Clicking the row goes nowhere.
    await row.click();
    await expect(page).toHaveURL(/\/$/);
  }
  await expect(page.getByText(/not available yet/)).toHaveCount(0);
  await expectNoSeriousViolations(page);
});

test('the routes of unbuilt features say so and lead home, offering nothing', async ({ page }) => {
  const person = await createAccount(page.request);
  await signInThroughApi(page, person);

  for (const route of ['/redeem/fancash', '/earnRewards', '/earnRewards/brand-1']) {
    await page.goto(route);
    await expect(page.getByRole('main').getByText(unavailable)).toBeVisible();
    await expect(page.getByText(/not available yet|link to your gift card/)).toHaveCount(0);
    await expect(page.getByRole('main').getByRole('link')).toHaveText(['Go to home']);
  }

  await expectNoSeriousViolations(page);

  await page.getByRole('link', { name: 'Go to home' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'My Money' })).toBeVisible();
});

test('the profile menu links to no unbuilt feature; each card entry opens its history', async ({
  page,
}) => {
  const person = await createAccount(page.request);
  await signInThroughApi(page, person);
  await page.goto('/profile');
  const menu = page.getByRole('navigation', { name: 'Profile' });
  await expect(menu.getByRole('link')).toHaveText([
    /^Visa Gift Cards/,
    /^Gift Card Wallet/,
    /^Transaction History/,
    /^My Redemptions/,
    /^Personal Details/,
  ]);
  for (const [name, url, heading] of [
    ['Visa Gift Cards', /\/profile\/visaprepaidcard-history$/, 'Visa Prepaid Card History'],
    ['Gift Card Wallet', /\/profile\/giftcards-history$/, 'Gift Card History'],
  ] as const) {
    await page.goto('/profile');
    await menu.getByRole('link', { name }).click();
    await expect(page).toHaveURL(url);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expect(page.getByText(unavailable)).toHaveCount(0);
  }
});
