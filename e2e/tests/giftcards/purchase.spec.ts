import { expect, test, type Page } from '../support/test';
import { expectNoSeriousViolations } from '../support/axe';
import { currentCodes, readCode, signInThroughApi } from '../support/people';
import { fundedCustomer } from '../support/redemptions';
import { confirmAndVerify, expectBalanceToBecome } from '../redemptions/redeem-helpers';

/** From home, through the catalog's search, to a brand's page. */
async function openBrand(page: Page, search: string, name: string): Promise<void> {
  await page.goto('/');
  await page
    .getByRole('region', { name: 'Choose Your Redemption Method' })
    .getByRole('link', { name: /Gift cards/ })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Gift Cards' })).toBeVisible();
  await page.getByLabel('Search brands').fill(search);
  await page.getByRole('link', { name: new RegExp(name) }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
}

test('buys a gift card with cashback: the balance drops by the amount, then the cashback arrives', async ({
  page,
}) => {
  const customer = await fundedCustomer(page.request, { amountInCents: 20_000 });
  await signInThroughApi(page, customer.person);

  await openBrand(page, 'harbor', 'Harbor Coffee Co.');
  await expect(page.getByText('4% cashback')).toBeVisible();
  await page.getByLabel('Gift card amount (USD)').fill('50');
  // The value in plain words, and the other ways to take the same money, before confirming.
  await expect(page.getByText('Spend $50.00, get $52.00 back')).toBeVisible();
  const compare = page.getByRole('region', { name: 'What you get for $50.00' });
  await expect(compare.getByRole('listitem').filter({ hasText: 'Best value' })).toContainText(
    'Gift cards',
  );
  await expect(compare).toContainText('Debit card$49.25');
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(page.getByText('Spend $50.00, get $52.00 back')).toBeVisible();
  await expect(page.getByText(/This offer is held for you until/)).toBeVisible();
  await confirmAndVerify(page, customer.person);

  await expect(page.getByRole('heading', { level: 1, name: 'Redemption Pending' })).toBeVisible();
  await expect(
    page.getByText(/Your \$50\.00 Harbor Coffee Co\. gift card is being issued/),
  ).toBeVisible();
  await page.getByRole('link', { name: 'Open Gift Card Wallet' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Gift Card History' })).toBeVisible();
  const inWallet = page.getByRole('list', { name: 'Active gift cards' }).getByRole('link');
  await expect(inWallet).toContainText('Harbor Coffee Co.');

  // The amount left the balance at once; the 4% cashback arrives once the card is issued.
  await expectBalanceToBecome(page, '$152.00');

  // Issued: in the wallet, its code opens after the passcode step.
  await page.goto('/profile/giftcards-history');
  await expect(inWallet).toContainText('Issued');
  await inWallet.click();
  const seen = await currentCodes(page.request, customer.person.phone);
  await page.getByRole('button', { name: 'View now' }).click();
  await page
    .getByLabel('Verification code')
    .fill(await readCode(page.request, customer.person.phone, seen));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText(/^\d{4}(-\d{4})+$/)).toBeVisible();
});

test('buys a fixed-denomination gift card by choosing one of its values', async ({ page }) => {
  const customer = await fundedCustomer(page.request, { amountInCents: 4_000 });
  await signInThroughApi(page, customer.person);

  await openBrand(page, 'brickyard', 'Brickyard Pizza');
  await expect(page.getByLabel('Gift card amount (USD)')).toHaveCount(0);
  // $50 is more than the $40 balance.
  await page.getByRole('radio', { name: /\$50\.00/ }).check({ force: true });
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(
    page.getByText("You don't have enough balance in order to do redemption"),
  ).toBeVisible();

  await page.getByRole('radio', { name: /\$25\.00/ }).check({ force: true });
  await expect(page.getByText('Spend $25.00, get $26.37 back')).toBeVisible();
  await page.getByRole('button', { name: 'Continue' }).click();
  await confirmAndVerify(page, customer.person);
  await expect(page.getByRole('heading', { level: 1, name: 'Redemption Pending' })).toBeVisible();

  await expectBalanceToBecome(page, '$16.37');
});

test('a gift card the issuer declines gives the money back and says so', async ({ page }) => {
  const customer = await fundedCustomer(page.request, { amountInCents: 10_000 });
  await signInThroughApi(page, customer.person);

  await openBrand(page, 'sandbox declined', 'Sandbox Declined');
  await page.getByLabel('Gift card amount (USD)').fill('20');
  await page.getByRole('button', { name: 'Continue' }).click();
  await confirmAndVerify(page, customer.person);
  // The issuer declines at once: the open outcome may say so before it was ever seen pending.
  await expect(
    page.getByRole('heading', { level: 1, name: /^Redemption (Pending|failed)$/ }),
  ).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Redemption failed' })).toBeVisible({
    timeout: 30_000,
  });

  // Held, then released when the issuer declines: nothing is lost.
  await expectBalanceToBecome(page, '$100.00');
  await page.goto('/profile/redemption-history');
  const row = page.getByRole('listitem').filter({ hasText: 'Sandbox Declined' });
  await expect(row).toContainText('Failed');
});

// Light on a phone and dark on a desktop: each theme and each layout once.
for (const [theme, width] of [
  ['light', 360],
  ['dark', 1280],
] as const) {
  test(`the gift card screens pass axe (${theme}, ${width} px)`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    await page.addInitScript((value) => window.localStorage.setItem('theme', value), theme);
    const customer = await fundedCustomer(page.request, { amountInCents: 10_000 });
    await signInThroughApi(page, customer.person);

    await page.goto('/redeem/giftcard');
    await expect(page.getByRole('link', { name: /Harbor Coffee Co\./ })).toBeVisible();
    await expectNoSeriousViolations(page);

    await page.getByRole('link', { name: /Harbor Coffee Co\./ }).click();
    await page.getByLabel('Gift card amount (USD)').fill('3');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByText('The minimum is $5.00')).toBeVisible();
    await page.getByLabel('Gift card amount (USD)').fill('30');
    await expect(page.getByText('Spend $30.00, get $31.20 back')).toBeVisible();
    await expectNoSeriousViolations(page);

    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByRole('heading', { name: 'Confirm Details' })).toBeVisible();
    await page.getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByText('Agree to receive the one-time passcode')).toBeVisible();
    await expectNoSeriousViolations(page);

    await confirmAndVerify(page, customer.person);
    await expect(page.getByRole('heading', { level: 1, name: 'Redemption Pending' })).toBeVisible();
    await expectNoSeriousViolations(page);
  });
}
