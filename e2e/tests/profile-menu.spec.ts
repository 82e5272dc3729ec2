import { expect, test } from './support/test';
import { createAccount, signInThroughApi } from './support/people';

test('the profile menu links to each of its screens; each card entry opens its history', async ({
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
    /^Payment methods/,
    /^Security activity/,
  ]);
  for (const [name, url, heading] of [
    ['Visa Gift Cards', /\/profile\/visaprepaidcard-history$/, 'Visa Prepaid Card History'],
    ['Gift Card Wallet', /\/profile\/giftcards-history$/, 'Gift Card History'],
  ] as const) {
    await page.goto('/profile');
    await menu.getByRole('link', { name }).click();
    await expect(page).toHaveURL(url);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expect(
      page.getByText('This redemption method is unavailable at this moment.'),
    ).toHaveCount(0);
  }
});
