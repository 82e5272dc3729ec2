import { expect, test } from '../support/test';
import { threeFeaturedBrandsURL } from '../../playwright.config';
import { confirmAndVerify, expectBalanceToBecome } from '../redemptions/redeem-helpers';
import {
  expectNoSeriousViolations,
  expectNoSeriousViolationsInEachLook,
  FIRST_LOOK,
  showLook,
} from '../support/axe';
import { createAccount, signInThroughApi } from '../support/people';
import { fundedCustomer } from '../support/redemptions';

const unavailable = 'This redemption method is unavailable at this moment.';

test.describe('with earn-rewards offers', () => {
  // Trailhead Outdoor (10%) and Starlight Cinemas (8%): playwright.config.ts.
  test.use({ baseURL: threeFeaturedBrandsURL });

  test('buys a card from Home with the passcode; the reward arrives with the cashback', async ({
    page,
  }) => {
    const customer = await fundedCustomer(page.request, { amountInCents: 10_000 });
    await signInThroughApi(page, customer.person);
    await page.goto('/');
    await expect(page.getByTestId('balance-available')).toHaveText('$100.00');

    await page
      .getByRole('region', { name: 'Choose Your Redemption Method' })
      .getByRole('link', { name: /Earn rewards/ })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: 'Earn Rewards' })).toBeVisible();
    await expect(page).toHaveTitle('Earn Rewards - Refund Wallet');
    const brands = page.getByRole('list', { name: 'Brands with rewards' }).getByRole('link');
    // The highest reward first, each with its cashback.
    await expect(brands).toHaveText([
      /Trailhead Outdoor.*Earn 10% back.*5% cashback/,
      /Starlight Cinemas.*Earn 8% back.*5% cashback/,
    ]);
    await expect
      .poll(() =>
        brands
          .first()
          .locator('img')
          .evaluate((img: HTMLImageElement) => img.naturalWidth),
      )
      .toBeGreaterThan(0);

    await brands.first().click();
    await expect(page.getByRole('heading', { level: 1, name: 'Trailhead Outdoor' })).toBeVisible();
    await expect(page.getByText('Earn 10% back')).toBeVisible();
    await page.getByLabel('Gift card amount (USD)').fill('50');
    // $50.00 + $2.50 cashback (5%) + $5.00 reward (10%).
    await expect(page.getByText('Spend $50.00, get $57.50 back')).toBeVisible();
    const compare = page.getByRole('region', { name: 'What you get for $50.00' });
    await expect(compare.getByRole('listitem').filter({ hasText: 'Best value' })).toContainText(
      '$50.00 Trailhead Outdoor gift card + $2.50 cashback + $5.00 reward',
    );
    await page.getByRole('button', { name: 'Continue' }).click();

    await expect(page.getByRole('heading', { name: 'Confirm Details' })).toBeVisible();
    await expect(page.getByText('Spend $50.00, get $57.50 back')).toBeVisible();
    await expect(page.getByTestId('giftcard-reward')).toHaveText('+$5.00');
    await confirmAndVerify(page, customer.person);

    await expect(page.getByRole('heading', { level: 1, name: 'Redemption Pending' })).toBeVisible();
    await expect(
      page.getByText(/Your \$50\.00 Trailhead Outdoor gift card is being issued/),
    ).toBeVisible();
    await expect(page.getByText("You'll get $5.00 reward when your card is issued.")).toBeVisible();

    // The amount left at once; the cashback and the reward arrive when the card is issued.
    await expectBalanceToBecome(page, '$57.50');

    await page.goto('/profile/giftcards-history');
    const card = page.getByRole('list', { name: 'Active gift cards' }).getByRole('link');
    await expect(card).toContainText('Trailhead Outdoor');
    await expect(card).toContainText('Issued');
    await expect(card.getByTestId('gift-card-reward')).toHaveText('+$5.00 reward');
    await card.click();
    await expect(page.getByTestId('gift-card-total')).toHaveText('$57.50');
    await expect(page.getByTestId('gift-card-reward')).toHaveText('$5.00');

    await page.goto('/profile/redemption-history');
    await expect(
      page.getByRole('listitem').filter({ hasText: 'Trailhead Outdoor gift card' }),
    ).toContainText('Earn rewards');
  });

  test('a brand without an offer says so and leads back to the brands with one', async ({
    page,
  }) => {
    const person = await createAccount(page.request);
    await signInThroughApi(page, person);
    // Harbor Coffee Co. is a brand of the catalog, without a reward on this server.
    await page.goto('/redeem/giftcard');
    await page.getByLabel('Search brands').fill('harbor');
    await page.getByRole('link', { name: /Harbor Coffee Co\./ }).click();
    await expect(page).toHaveURL(/\/redeem\/giftcard\/[0-9a-f-]{36}$/);
    const brandId = new URL(page.url()).pathname.split('/').pop() ?? '';
    await page.goto(`/earnRewards/${brandId}`);
    await expect(
      page.getByRole('heading', { level: 1, name: 'This brand has no reward at the moment' }),
    ).toBeVisible();
    await page.getByRole('main').getByRole('link', { name: 'See the brands with rewards' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Earn Rewards' })).toBeVisible();
  });

  test('the earn-rewards screens pass axe in both themes at both sizes', async ({ page }) => {
    await showLook(page, FIRST_LOOK);
    const customer = await fundedCustomer(page.request, { amountInCents: 10_000 });
    await signInThroughApi(page, customer.person);

    await page.goto('/earnRewards');
    const brands = page.getByRole('list', { name: 'Brands with rewards' });
    await expect(brands.getByRole('link')).toHaveCount(2);
    await expectNoSeriousViolationsInEachLook(page);

    await brands.getByRole('link', { name: /Starlight Cinemas/ }).click();
    await expect(page.getByText('Earn 8% back')).toBeVisible();
    // The value's label, as a finger taps it (the radio itself is visually hidden).
    await page.locator('label').filter({ hasText: '$25.00' }).click();
    await expect(page.getByRole('radio', { name: /\$25\.00/ })).toBeChecked();
    // $25.00 + $1.25 cashback (5%) + $2.00 reward (8%).
    await expect(page.getByText('Spend $25.00, get $28.25 back')).toBeVisible();
    await expectNoSeriousViolationsInEachLook(page);

    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByRole('heading', { name: 'Confirm Details' })).toBeVisible();
    await expectNoSeriousViolationsInEachLook(page);

    await confirmAndVerify(page, customer.person);
    await expect(page.getByText("You'll get $2.00 reward when your card is issued.")).toBeVisible();
    await expectNoSeriousViolationsInEachLook(page);
  });
});

test.describe('without earn-rewards offers', () => {
  test('Home never links to Earn rewards, and the screen says there are none', async ({ page }) => {
    const person = await createAccount(page.request);
    await signInThroughApi(page, person);
    await page.goto('/');
    const methods = page.getByRole('region', { name: 'Choose Your Redemption Method' });
    await expect(methods.getByRole('link')).toHaveText([
      /Debit card/,
      /Bank account/,
      /Visa prepaid card/,
      /Gift cards/,
      /FanCash/,
    ]);
    const row = methods.getByRole('listitem').filter({ hasText: 'Earn rewards' });
    await expect(row).toContainText(unavailable);
    await expect(row.getByRole('link')).toHaveCount(0);

    await page.goto('/earnRewards');
    await expect(page.getByRole('heading', { level: 1, name: 'Earn Rewards' })).toBeVisible();
    await expect(page.getByText('No rewards at the moment')).toBeVisible();
    await expect(page.getByRole('list', { name: 'Brands with rewards' })).toHaveCount(0);
    await expectNoSeriousViolations(page);
  });
});
