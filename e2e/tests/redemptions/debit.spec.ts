import { expect, test } from '../support/test';
import { signInThroughApi } from '../support/people';
import { addDebitCard, fundedCustomer, SANDBOX_CARDS } from '../support/redemptions';
import { confirmAndVerify, enterAmount, expectHomeBalance } from './redeem-helpers';
import { REAL_BROWSER } from '../support/real-browser';

test(
  'adds a debit card (billing address first) and redeems to it instantly',
  REAL_BROWSER,
  async ({ page }) => {
    const customer = await fundedCustomer(page.request, { amountInCents: 20_000 });
    await signInThroughApi(page, customer.person);

    await page.goto('/');
    await page.getByRole('link', { name: /Debit card/ }).click();
    await expect(page.getByRole('heading', { name: 'Redeem to Debit Card' })).toBeVisible();
    await expect(page.getByText('You have no debit cards yet.')).toBeVisible();

    // A card needs a billing address; the customer has none yet.
    await page.getByRole('link', { name: 'Add a debit card' }).click();
    await expect(page.getByRole('heading', { name: 'Update Address' })).toBeVisible();
    await page.getByLabel('Address line 1').fill('200 Lakeshore Drive');
    await page.getByLabel('City').fill('Chicago');
    await page.getByLabel('State').selectOption({ label: 'Illinois' });
    await page.getByLabel('Zip code').fill('6060');
    await page.getByRole('button', { name: 'Save address' }).click();
    await expect(page.getByText('Zip must be exactly 5 digits')).toBeVisible();
    await page.getByLabel('Zip code').fill('60601');
    await page.getByRole('button', { name: 'Save address' }).click();

    await expect(page.getByRole('heading', { name: 'Add Card' })).toBeVisible();
    await page.getByLabel('Card number').fill('4000 0566 5566 5556');
    await page.getByLabel('Expiry (MM/YY)').fill('12/40');
    await page.getByLabel('CVV').fill('123');
    await page.getByLabel('Name on card').fill('Robin Avery');
    await page.getByRole('button', { name: 'Add card' }).click();

    // Back on the method screen with the new card chosen.
    await expect(page.getByRole('heading', { name: 'Redeem to Debit Card' })).toBeVisible();
    await expect(page.getByRole('radio', { name: /Visa •••• 5556/ })).toBeChecked();

    // The fee and what arrives are shown before confirming.
    await page.getByLabel('Amount to redeem (USD)').fill('50');
    await expect(page.getByText('Convenience fee (1.5%)')).toBeVisible();
    await expect(page.getByText('−$0.75')).toBeVisible();
    await expect(page.getByText('$49.25')).toBeVisible();
    await page.getByRole('button', { name: 'Continue' }).click();

    // A reload mid-flow keeps every choice.
    await expect(page.getByRole('heading', { name: 'Confirm Details' })).toBeVisible();
    await page.reload();
    await expect(page.getByText('Visa •••• 5556')).toBeVisible();
    await expect(page.getByText('$50.00').first()).toBeVisible();

    await confirmAndVerify(page, customer.person);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Redemption Successful' }),
    ).toBeVisible();
    await expect(page).toHaveTitle('Redemption Successful - Refund Wallet');
    await expect(page.getByText('$49.25 has been sent to Visa •••• 5556.')).toBeVisible();

    await page.getByRole('radio', { name: '5 stars' }).check({ force: true });
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByText('Thanks for your feedback!')).toBeVisible();
    await expect(page).toHaveURL('/');
    await expect(page.getByTestId('balance-available')).toHaveText('$150.00');
  },
);

test('a declined card leaves the balance unchanged and says why', async ({ page }) => {
  const customer = await fundedCustomer(page.request, { amountInCents: 10_000 });
  await addDebitCard(page.request, customer, SANDBOX_CARDS.declined);
  await signInThroughApi(page, customer.person);

  await page.goto('/redeem/debit');
  await page.getByRole('radio', { name: /Visa •••• 0002/ }).check();
  await enterAmount(page, '40');
  await confirmAndVerify(page, customer.person);

  await expect(page.getByRole('heading', { level: 1, name: 'Redemption failed' })).toBeVisible();
  await expect(page).toHaveTitle('Redemption failed - Refund Wallet');
  await expect(page.getByText('Redemption Successful')).toHaveCount(0);
  await expect(page.getByRole('alert')).toContainText(/declined/i);
  await expect(
    page.getByText('Nothing was taken: the $40.00 is still in your balance.'),
  ).toBeVisible();
  await expectHomeBalance(page, '$100.00');
});

test('a credit card is refused with the rule', async ({ page }) => {
  const customer = await fundedCustomer(page.request);
  await addDebitCard(page.request, customer); // also gives the customer a billing address
  await signInThroughApi(page, customer.person);

  await page.goto('/redeem/debit/add-card');
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry (MM/YY)').fill('12/2040');
  await page.getByLabel('CVV').fill('123');
  await page.getByLabel('Name on card').fill('Robin Avery');
  await page.getByRole('button', { name: 'Add card' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'Only Visa and Mastercard debit cards are supported; credit cards are not.',
  );

  // An American Express number never leaves the browser.
  await page.getByLabel('Card number').fill('3782 822463 10005');
  await page.getByRole('button', { name: 'Add card' }).click();
  await expect(page.getByLabel('Card number')).toHaveAccessibleDescription(
    'Only Visa and Mastercard debit cards are supported; credit cards are not.',
  );
});

test('an amount above the balance is refused before anything is sent', async ({ page }) => {
  const customer = await fundedCustomer(page.request, { amountInCents: 2_500 });
  await addDebitCard(page.request, customer);
  await signInThroughApi(page, customer.person);

  await page.goto('/redeem/debit');
  await page.getByRole('radio', { name: /Visa •••• 5556/ }).check();
  await enterAmount(page, '25.01');
  await expect(page.getByLabel('Amount to redeem (USD)')).toHaveAccessibleDescription(
    /You don't have enough balance in order to do redemption/,
  );
  await expect(page.getByRole('heading', { name: 'Redeem to Debit Card' })).toBeVisible();

  await enterAmount(page, '0.50');
  await expect(page.getByText('The minimum is $1.00')).toBeVisible();
});

test('a wrong withdrawal code is refused and nothing moves', async ({ page }) => {
  const customer = await fundedCustomer(page.request, { amountInCents: 10_000 });
  await addDebitCard(page.request, customer);
  await signInThroughApi(page, customer.person);

  await page.goto('/redeem/debit');
  await page.getByRole('radio', { name: /Visa •••• 5556/ }).check();
  await enterAmount(page, '10');
  const code = await confirmAndVerify(page, customer.person, '000000');
  await expect(page.getByRole('alert')).toHaveText('Incorrect one time passcode');
  await expect(page.getByRole('heading', { name: 'Verify OTP' })).toBeVisible();

  // The right code still works afterwards.
  await page.getByLabel('Verification code').fill(code === '000000' ? '000001' : code);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('heading', { name: 'Redemption Successful' })).toBeVisible();
  await page.getByRole('button', { name: 'Skip' }).click();
  await expect(page.getByTestId('balance-available')).toHaveText('$90.00');
});

test('a method switched off says it is unavailable, at home and on its screen', async ({
  page,
}) => {
  const customer = await fundedCustomer(page.request);
  await signInThroughApi(page, customer.person);
  // As the API answers when the card payout provider is switched off in configuration.
  await page.route('**/v1/redemption-methods', async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { data: { mode: string; is_available: boolean }[] };
    await route.fulfill({
      response,
      json: {
        data: body.data.map((m) => (m.mode === 'debit' ? { ...m, is_available: false } : m)),
      },
    });
  });

  await page.goto('/');
  const debitRow = page.getByRole('listitem').filter({ hasText: 'Debit card' });
  await expect(debitRow).toContainText('This redemption method is unavailable at this moment.');
  await expect(page.getByRole('link', { name: /Debit card/ })).toHaveCount(0);
  await expect(page.getByRole('link', { name: /Bank account/ })).toBeVisible();

  await page.goto('/redeem/debit');
  await expect(page.getByRole('alert')).toHaveText(
    'This redemption method is unavailable at this moment.',
  );
  await expect(page.getByLabel('Amount to redeem (USD)')).toHaveCount(0);
});
