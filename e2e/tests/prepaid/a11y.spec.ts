import { expect, test } from '../support/test';
import { expectNoSeriousViolationsInEachLook, IN_FIRST_LOOK } from '../support/axe';
import { currentCodes, readCode, signInThroughApi } from '../support/people';
import { cardholderThroughApi, customerWithPrepaidCard } from '../support/prepaid-cards';
import { fundedCustomer } from '../support/redemptions';

test.describe('in both themes at both sizes', () => {
  test.use(IN_FIRST_LOOK);

  test('redeeming to the prepaid card passes axe', async ({ page }) => {
    const customer = await fundedCustomer(page.request, { amountInCents: 5_000 });
    await cardholderThroughApi(page.request, customer);
    await signInThroughApi(page, customer.person);

    await page.goto('/redeem/prepaid');
    await expect(page.getByRole('region', { name: 'Card issued to' })).toBeVisible();
    await page.getByLabel('Amount to redeem (USD)').fill('20');
    await expect(page.getByRole('region', { name: 'Amount' })).toContainText(
      'Loaded on your card$20.00',
    );
    await expectNoSeriousViolationsInEachLook(page);
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByRole('heading', { name: 'Confirm Details' })).toBeVisible();
    await expectNoSeriousViolationsInEachLook(page);
  });

  test('the issued card, its history and its details behind a passcode pass axe', async ({
    page,
  }) => {
    const { customer, card } = await customerWithPrepaidCard(page.request, {
      balanceInCents: 5_000,
      amountInCents: 1_000,
    });
    const name = `Visa •••• ${card.last4}`;
    await signInThroughApi(page, customer.person);

    await page.goto('/profile/redemption-history');
    await expect(
      page.getByRole('button', { name: `Activate Visa prepaid •••• ${card.last4}` }),
    ).toBeVisible();
    await expectNoSeriousViolationsInEachLook(page);

    await page.goto('/profile/visaprepaidcard-history');
    const tile = page.getByRole('article', { name });
    await expect(tile.getByTestId('prepaid-card-status')).toHaveText('Inactive');
    await expectNoSeriousViolationsInEachLook(page);

    const seen = await currentCodes(page.request, customer.person.phone);
    await tile.getByRole('button', { name: `Show card details for ${name}` }).click();
    await expect(page.getByRole('heading', { name: "Confirm it's you" })).toBeVisible();
    await expectNoSeriousViolationsInEachLook(page);
    await page
      .getByLabel('Verification code')
      .fill(await readCode(page.request, customer.person.phone, seen));
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(
      page
        .getByRole('region', { name: `Card details for ${name}` })
        .getByTestId('prepaid-card-number'),
    ).toBeVisible();
    await expectNoSeriousViolationsInEachLook(page);
  });
});

test('the empty prepaid card history passes axe', async ({ page }) => {
  const customer = await fundedCustomer(page.request, { amountInCents: 1_000 });
  await signInThroughApi(page, customer.person);
  await page.goto('/profile/visaprepaidcard-history');
  await expect(page.getByRole('heading', { name: 'No prepaid cards yet' })).toBeVisible();
  await expectNoSeriousViolationsInEachLook(page);
});
