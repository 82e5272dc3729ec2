import { expect, test } from '../support/test';
import { expectNoSeriousViolationsInEachLook, IN_FIRST_LOOK } from '../support/axe';
import { customerWithIssuedGiftCard, readGiftCardPasscode } from '../support/giftcards';
import { currentCodes, signInThroughApi } from '../support/people';
import { fundedCustomer } from '../support/redemptions';

test.describe('in both themes at both sizes', () => {
  test.use(IN_FIRST_LOOK);

  test('home, the promotion and the spotlight pass axe', async ({ page }) => {
    const customer = await fundedCustomer(page.request, { amountInCents: 5_000 });
    await signInThroughApi(page, customer.person);

    await page.goto('/');
    await expect(page.getByRole('link', { name: 'Earn cashback on gift cards' })).toBeVisible();
    await expectNoSeriousViolationsInEachLook(page);

    await page.goto('/promotion');
    await expect(page.getByRole('list', { name: 'Featured brands' })).toBeVisible();
    await expectNoSeriousViolationsInEachLook(page);

    await page.goto('/spotlight');
    await expect(page.getByRole('button', { name: 'Close' })).toBeVisible();
    await expectNoSeriousViolationsInEachLook(page);
  });

  test('the catalog and a brand with an amount pass axe', async ({ page }) => {
    const customer = await fundedCustomer(page.request, { amountInCents: 5_000 });
    await signInThroughApi(page, customer.person);

    await page.goto('/redeem/giftcard');
    await expect(page.getByRole('link', { name: /Harbor Coffee Co\./ })).toBeVisible();
    await expectNoSeriousViolationsInEachLook(page);
    await page.getByRole('link', { name: /Harbor Coffee Co\./ }).click();
    await page.getByLabel('Gift card amount (USD)').fill('20');
    await expect(page.getByText('Spend $20.00, get $20.80 back')).toBeVisible();
    await expectNoSeriousViolationsInEachLook(page);
  });

  test('the wallet, a card behind its passcode, the instructions and view later pass axe', async ({
    page,
  }) => {
    const { customer, card } = await customerWithIssuedGiftCard(page.request, {
      balanceInCents: 5_000,
      amountInCents: 1_000,
    });
    await signInThroughApi(page, customer.person);

    await page.goto('/profile/giftcards-history');
    await expect(page.getByRole('list', { name: 'Active gift cards' })).toBeVisible();
    await expectNoSeriousViolationsInEachLook(page);

    await page.goto(`/profile/giftcards-history/${card.reward_reference_id}`);
    await expect(page.getByRole('button', { name: 'View now' })).toBeVisible();
    await expectNoSeriousViolationsInEachLook(page);
    const seen = await currentCodes(page.request, customer.person.phone);
    await page.getByRole('button', { name: 'View now' }).click();
    await expect(page.getByRole('heading', { name: "Confirm it's you" })).toBeVisible();
    await expectNoSeriousViolationsInEachLook(page);
    await page
      .getByLabel('Verification code')
      .fill(await readGiftCardPasscode(page.request, customer.person.phone, seen));
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByRole('heading', { name: 'Your code' })).toBeVisible();
    await expectNoSeriousViolationsInEachLook(page);

    await page.goto('/profile/giftcards-history/instructions');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Gift Card Instructions' }),
    ).toBeVisible();
    await expectNoSeriousViolationsInEachLook(page);

    await page.goto(`/profile/giftcards-history/${card.reward_reference_id}`);
    await page.getByRole('button', { name: 'View later' }).click();
    await expect(page.getByRole('button', { name: 'Okay, Got it!' })).toBeVisible();
    await expectNoSeriousViolationsInEachLook(page);
  });
});
