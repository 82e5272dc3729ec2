import { expect, test, type Page } from '../support/test';
import { currentCodes, readCode, signInThroughApi } from '../support/people';
import {
  cardholderThroughApi,
  customerWithPrepaidCard,
  issuePrepaidCardThroughApi,
  SANDBOX_PREPAID_AMOUNTS,
  waitForPrepaidCard,
} from '../support/prepaid-cards';
import { fundedCustomer } from '../support/redemptions';
import { confirmAndVerify, expectHomeBalance } from '../redemptions/redeem-helpers';

/** The card's tile in the history, found by its last four digits. */
const cardNamed = (page: Page, last4: string) =>
  page
    .getByRole('list', { name: 'Your Visa prepaid cards' })
    .getByRole('article', { name: `Visa •••• ${last4}` });

test('issues a prepaid Visa card, activates it and shows its number only after a passcode', async ({
  page,
}) => {
  const customer = await fundedCustomer(page.request, { amountInCents: 20_000 });
  await signInThroughApi(page, customer.person);

  await page.goto('/');
  await page
    .getByRole('region', { name: 'Choose Your Redemption Method' })
    .getByRole('link', { name: /Visa prepaid card/ })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Visa Prepaid Card' })).toBeVisible();
  const issuedTo = page.getByRole('region', { name: 'Card issued to' });
  await expect(issuedTo.getByTestId('prepaid-cardholder-name')).toHaveText(
    `${customer.person.firstName} ${customer.person.lastName}`,
  );

  // The fee and what is loaded, before confirming; the limits are the method's.
  await expect(page.getByTestId('prepaid-fee')).toHaveText(
    'No fee: the full amount is loaded on your card.',
  );
  await page.getByLabel('Amount to redeem (USD)').fill('501');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText(/\$500\.00/).first()).toBeVisible();
  await page.getByLabel('Amount to redeem (USD)').fill('25');
  await expect(page.getByRole('region', { name: 'Amount' })).toContainText(
    'Convenience feeFreeLoaded on your card$25.00',
  );

  // A card is issued to a billing address; the customer has none yet.
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { name: 'Update Address' })).toBeVisible();
  await page.getByLabel('Address line 1').fill('200 Lakeshore Drive');
  await page.getByLabel('City').fill('Chicago');
  await page.getByLabel('State').selectOption({ label: 'Illinois' });
  await page.getByLabel('Zip code').fill('60601');
  await page.getByRole('button', { name: 'Save address' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Visa Prepaid Card' })).toBeVisible();
  await expect(issuedTo.getByTestId('prepaid-cardholder-address')).toContainText('Chicago');
  await expect(page.getByLabel('Amount to redeem (USD)')).toHaveValue('25');
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(page.getByText('Issued in a few minutes')).toBeVisible();
  await confirmAndVerify(page, customer.person);
  await expect(page.getByRole('heading', { level: 1, name: /Redemption/ })).toBeVisible();
  await page.getByRole('link', { name: 'View your Visa prepaid cards' }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Visa Prepaid Card History' }),
  ).toBeVisible();

  // Issued a moment later: the list follows it from processing to inactive by itself.
  const tile = page.getByTestId('prepaid-card-tile');
  await expect(tile).toHaveAttribute('data-last4', /^\d{4}$/, { timeout: 20_000 });
  const last4 = (await tile.getAttribute('data-last4')) ?? '';
  const card = cardNamed(page, last4);
  await expect(card.getByTestId('prepaid-card-status')).toHaveText('Inactive');
  await expect(card.getByTestId('prepaid-card-balance')).toContainText('$25.00');
  await expect(card.getByTestId('prepaid-card-expires')).toContainText(/\d{2}\/\d{2}/);

  await card.getByRole('button', { name: `Activate Visa •••• ${last4}` }).click();
  await expect(
    page.getByText(`Visa •••• ${last4} is active. You can pay with it now.`),
  ).toBeVisible();
  await expect(card.getByTestId('prepaid-card-status')).toHaveText('Active');

  // The number: after a passcode, every time, and gone when hidden.
  const seen = await currentCodes(page.request, customer.person.phone);
  await card.getByRole('button', { name: `Show card details for Visa •••• ${last4}` }).click();
  await expect(page.getByRole('heading', { name: "Confirm it's you" })).toBeVisible();
  const code = await readCode(page.request, customer.person.phone, seen);
  await page.getByLabel('Verification code').fill(code === '000000' ? '111111' : '000000');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('Incorrect one time passcode')).toBeVisible();
  await expect(page.getByTestId('prepaid-card-number')).toHaveCount(0);
  await page.getByLabel('Verification code').fill(code);
  await page.getByRole('button', { name: 'Verify' }).click();
  const details = page.getByRole('region', { name: `Card details for Visa •••• ${last4}` });
  await expect(details.getByTestId('prepaid-card-number')).toHaveText(
    new RegExp(`^4\\d{3} \\d{4} \\d{4} ${last4}$`),
  );
  await expect(details.getByTestId('prepaid-card-cvc')).toHaveText(/^\d{3}$/);
  await page.getByRole('button', { name: `Hide card details for Visa •••• ${last4}` }).click();
  await expect(page.getByTestId('prepaid-card-number')).toHaveCount(0);

  // Shown again only with a new passcode.
  await page.reload();
  await cardNamed(page, last4)
    .getByRole('button', { name: `Show card details for Visa •••• ${last4}` })
    .click();
  await expect(page.getByRole('heading', { name: "Confirm it's you" })).toBeVisible();
  await expect(page.getByTestId('prepaid-card-number')).toHaveCount(0);

  await expectHomeBalance(page, '$175.00');
});

test('Transaction History offers Activate on an inactive prepaid card', async ({ page }) => {
  const { customer, card } = await customerWithPrepaidCard(page.request, {
    balanceInCents: 5_000,
    amountInCents: 1_000,
  });
  await signInThroughApi(page, customer.person);
  await page.goto('/refunds-history');
  // The refund that funded the wallet and the card it loaded, in one list.
  await expect(page.getByRole('link', { name: /^Refund from / }).first()).toBeVisible();
  await expect(page.getByText('Card status: Inactive')).toBeVisible();
  await page.getByRole('button', { name: `Activate Visa prepaid •••• ${card.last4}` }).click();
  await expect(page.getByText('Card status: Active')).toBeVisible();
  await expect(
    page.getByRole('button', { name: `Activate Visa prepaid •••• ${card.last4}` }),
  ).toHaveCount(0);
  await waitForPrepaidCard(page.request, customer, card.card_uuid, 'active');
});

test('a card the issuer declines turns Failed on the open outcome screen', async ({ page }) => {
  const customer = await fundedCustomer(page.request, { amountInCents: 5_000 });
  await cardholderThroughApi(page.request, customer);
  await signInThroughApi(page, customer.person);
  await page.goto('/redeem/prepaid');
  await page.getByLabel('Amount to redeem (USD)').fill('13.13');
  await page.getByRole('button', { name: 'Continue' }).click();
  await confirmAndVerify(page, customer.person);
  await expect(page.getByRole('heading', { level: 1, name: 'Redemption Pending' })).toBeVisible();
  await expect(page.locator('[data-mark]')).toHaveAttribute('data-mark', 'pending');

  // The issuer declines it a few seconds later: the screen follows, no reload.
  await expect(page.getByRole('heading', { level: 1, name: 'Redemption failed' })).toBeVisible({
    timeout: 30_000,
  });
  await expect(page.locator('[data-mark]')).toHaveAttribute('data-mark', 'danger');
  await expect(page.getByText(/\$13\.13/).first()).toBeVisible();
  await expectHomeBalance(page, '$50.00');
});

test('a card the issuer declines gives the money back and says so', async ({ page }) => {
  const customer = await fundedCustomer(page.request, { amountInCents: 5_000 });
  const transaction = await issuePrepaidCardThroughApi(
    page.request,
    customer,
    SANDBOX_PREPAID_AMOUNTS.declinedCents,
  );
  await waitForPrepaidCard(page.request, customer, transaction.transaction_id, 'failed');
  await signInThroughApi(page, customer.person);

  await page.goto('/profile/visaprepaidcard-history');
  const failed = page
    .getByRole('list', { name: 'Your Visa prepaid cards' })
    .getByRole('article', { name: 'Visa prepaid card' });
  await expect(failed.getByTestId('prepaid-card-status')).toHaveText('Failed');
  await expect(failed).toContainText('The full $13.13 was returned to your wallet.');
  await expect(failed.getByTestId('prepaid-card-balance')).toHaveCount(0);
  await expect(failed).not.toContainText('sandbox_declined');
  await expect(failed.getByRole('button')).toHaveCount(0);
  await expectHomeBalance(page, '$50.00');

  await page.goto(`/transaction/${transaction.transaction_id}`);
  await expect(page.getByText('Failed').first()).toBeVisible();
});

test('an empty history invites the first card', async ({ page }) => {
  const customer = await fundedCustomer(page.request, { amountInCents: 1_000 });
  await signInThroughApi(page, customer.person);
  await page.goto('/profile/visaprepaidcard-history');
  await expect(page.getByRole('heading', { name: 'No prepaid cards yet' })).toBeVisible();
  await page.getByRole('link', { name: 'Get a Visa prepaid card' }).click();
  await expect(page).toHaveURL(/\/redeem\/prepaid$/);
});
