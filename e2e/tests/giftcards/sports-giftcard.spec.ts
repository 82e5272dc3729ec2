import { expect, test, type Page } from '../support/test';
import { noFeaturedBrandsURL } from '../../playwright.config';
import {
  expectNoSeriousViolations,
  expectNoSeriousViolationsInEachLook,
  FIRST_LOOK,
  showLook,
} from '../support/axe';
import { readGiftCardPasscode } from '../support/giftcards';
import { createAccount, currentCodes, signInThroughApi } from '../support/people';
import { fundedCustomer } from '../support/redemptions';
import { confirmAndVerify } from '../redemptions/redeem-helpers';

/** The sandbox's team shops of the sports merchant (README), by name. */
const TEAM_SHOPS = [
  'Bayview Herons Team Shop',
  'Hometown Hawks Team Shop',
  'Lakeside Lumberjacks Team Shop',
];

/** From the gift card screen through its "Sports Gift Card" entry to the team shops. */
async function openSportsGiftCard(page: Page): Promise<void> {
  await page.goto('/redeem/giftcard');
  await expect(page.getByRole('heading', { level: 1, name: 'Gift Cards' })).toBeVisible();
  await page.getByRole('link', { name: /Sports Gift Card/ }).click();
  await expect(page).toHaveURL(/\/redeem\/sports-giftcard$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Sports Gift Card' })).toBeVisible();
}

test('buys a team-shop gift card from the Sports Gift Card screen and finds it in the wallet', async ({
  page,
}) => {
  const customer = await fundedCustomer(page.request, { amountInCents: 20_000 });
  await signInThroughApi(page, customer.person);

  await openSportsGiftCard(page);
  const teamShops = page.getByRole('list', { name: 'Team shops' });
  await expect(teamShops.getByRole('link')).toHaveCount(TEAM_SHOPS.length);
  for (const [index, name] of TEAM_SHOPS.entries()) {
    await expect(teamShops.getByRole('link').nth(index)).toContainText(name);
  }
  const hawks = teamShops.getByRole('link', { name: /Hometown Hawks Team Shop/ });
  await expect(hawks).toContainText('5% cashback');
  await hawks.click();

  // The usual gift card purchase, for the team shop's fixed values.
  await expect(
    page.getByRole('heading', { level: 1, name: 'Hometown Hawks Team Shop' }),
  ).toBeVisible();
  await page.getByRole('radio', { name: /\$50\.00/ }).check({ force: true });
  await expect(page.getByText('Spend $50.00, get $52.50 back')).toBeVisible();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Spend $50.00, get $52.50 back')).toBeVisible();
  await confirmAndVerify(page, customer.person);

  await expect(page.getByRole('heading', { level: 1, name: 'Redemption Pending' })).toBeVisible();
  await expect(
    page.getByText(/Your \$50\.00 Hometown Hawks Team Shop gift card is being issued/),
  ).toBeVisible();
  await page.getByRole('link', { name: 'Open Gift Card Wallet' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Gift Card History' })).toBeVisible();
  const inWallet = page.getByRole('list', { name: 'Active gift cards' }).getByRole('link');
  await expect(inWallet).toHaveCount(1);
  await expect(inWallet).toContainText('Hometown Hawks Team Shop');

  // Issued a few seconds later, with the 5% cashback in the balance: $200 - $50 + $2.50.
  await expect
    .poll(
      async () => {
        await page.reload();
        return inWallet.textContent();
      },
      { timeout: 20_000, intervals: [500, 1_000] },
    )
    .toContain('Issued');
  await page.goto('/');
  await expect(page.getByTestId('balance-available')).toHaveText('$152.50');
  await expect(page.getByTestId('balance-total')).toHaveText('$152.50');

  // The card's details and Transaction History say what the amount screen promised.
  await page.goto('/profile/giftcards-history');
  await inWallet.click();
  await expect(page.getByText('Total value').locator('..')).toContainText('$52.50');
  await page.goto('/refunds-history');
  const history = page.getByRole('list', { name: 'Transactions' });
  await expect(history.getByRole('link', { name: /^Cashback/ })).toContainText('+$2.50');
  await expect(history.getByTestId('transaction-amount')).toHaveText('−$50.00');

  // Its code opens behind the passcode, as any gift card's.
  await page.goto('/profile/giftcards-history');
  await inWallet.click();
  const seen = await currentCodes(page.request, customer.person.phone);
  await page.getByRole('button', { name: 'View now' }).click();
  await page
    .getByLabel('Verification code')
    .fill(await readGiftCardPasscode(page.request, customer.person.phone, seen));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText(/^\d{4}(-\d{4})+$/)).toBeVisible();
});

test.describe('with no team shops configured', () => {
  test.use({ baseURL: noFeaturedBrandsURL });

  test('the gift card screen does not offer the sports gift card, and its address says so', async ({
    page,
  }) => {
    const person = await createAccount(page.request);
    await signInThroughApi(page, person);
    await page.goto('/redeem/giftcard');
    await expect(page.getByRole('link', { name: /Harbor Coffee Co\./ })).toBeVisible();
    await expect(page.getByRole('link', { name: /Sports Gift Card/ })).toHaveCount(0);

    await page.goto('/redeem/sports-giftcard');
    await expect(page.getByRole('heading', { level: 1, name: 'Sports Gift Card' })).toBeVisible();
    await expect(page.getByText('Sports gift cards are not offered at the moment.')).toBeVisible();
    await expect(page.getByRole('list', { name: 'Team shops' })).toHaveCount(0);
    await expectNoSeriousViolations(page);
    await page.getByRole('link', { name: 'Browse all gift cards' }).click();
    await expect(page).toHaveURL(/\/redeem\/giftcard$/);
  });
});

test('the sports gift card screens pass axe in both themes at both sizes', async ({ page }) => {
  await showLook(page, FIRST_LOOK);
  const person = await createAccount(page.request);
  await signInThroughApi(page, person);

  await page.goto('/redeem/giftcard');
  await expect(page.getByRole('link', { name: /Sports Gift Card/ })).toBeVisible();
  await expect(page.getByRole('link', { name: /Harbor Coffee Co\./ })).toBeVisible();
  await expectNoSeriousViolationsInEachLook(page);

  await openSportsGiftCard(page);
  await expect(page.getByRole('list', { name: 'Team shops' }).getByRole('link')).toHaveCount(
    TEAM_SHOPS.length,
  );
  await expectNoSeriousViolationsInEachLook(page);
});
