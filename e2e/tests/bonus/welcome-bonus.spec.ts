import { expect, test } from '../support/test';
import { formatShortDate } from '@refund/contracts/format';
import { WELCOME_BONUS_LAST_DAY, welcomeBonusURL } from '../../playwright.config';
import {
  expectNoSeriousViolations,
  expectNoSeriousViolationsInEachLook,
  FIRST_LOOK,
  showLook,
} from '../support/axe';
import { createRefund } from '../support/claims';
import { createAccount, signInThroughApi } from '../support/people';
import { addDebitCard, fundedCustomer, setBillingAddress } from '../support/redemptions';
import { confirmAndVerify } from '../redemptions/redeem-helpers';

test.use({ baseURL: welcomeBonusURL });

const lastDay = formatShortDate(WELCOME_BONUS_LAST_DAY);

test('the claim welcome states the bonus and its real last day', async ({ page }) => {
  const person = await createAccount(page.request);
  const refund = await createRefund(page.request, person);
  await page.goto(refund.claimPath);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByTestId('claim-welcome-bonus')).toHaveText(
    `New here? Your first refund claim comes with a $10.00 bonus to spend on gift cards and prepaid cards until ${lastDay}.`,
  );
  await expectNoSeriousViolations(page);
});

test('a prepaid card paid partly with the bonus: the figures before the passcode are the card, the wallet and the history', async ({
  page,
}) => {
  const customer = await fundedCustomer(page.request, { amountInCents: 2_000 });
  await setBillingAddress(page.request, customer);
  await signInThroughApi(page, customer.person);

  // The amount screen: the bonus counts, and nothing is taken for the load.
  await page.goto('/redeem/prepaid');
  await expect(page.getByTestId('redeem-spendable')).toHaveText(
    'Available balance: $30.00 (including your $10.00 bonus, used first)',
  );
  await page.getByLabel('Amount to redeem (USD)').fill('25');
  await expect(page.getByRole('region', { name: 'Amount' })).toContainText(
    'Convenience feeFreeLoaded on your card$25.00',
  );
  await page.getByRole('button', { name: 'Continue' }).click();

  // Confirm Details: $10.00 of bonus, $15.00 of balance, $5.00 left.
  await expect(page.getByTestId('confirm-paid-bonus')).toHaveText('$10.00');
  await expect(page.getByTestId('confirm-paid-balance')).toHaveText('$15.00');
  await expect(page.getByTestId('confirm-balance-after')).toHaveText('$5.00');
  await confirmAndVerify(page, customer.person);
  await expect(page.getByRole('heading', { level: 1, name: /Redemption/ })).toBeVisible();
  await expect(page.getByText('$25.00').first()).toBeVisible();

  // The card holds what was promised, and the wallet what Confirm Details said was left.
  await page.goto('/profile/visaprepaidcard-history');
  const card = page.getByRole('list', { name: 'Your Visa prepaid cards' }).getByRole('listitem');
  await expect(card.getByTestId('prepaid-card-balance')).toContainText('$25.00', {
    timeout: 20_000,
  });
  await page.goto('/');
  await expect(page.getByTestId('balance-available')).toHaveText('$5.00');
  await expect(page.getByTestId('balance-total')).toHaveText('$5.00');
  await expect(page.getByTestId('balance-bonus')).toHaveCount(0);

  // Transaction History: the refund, the bonus and the card, adding up to $5.00.
  await page.goto('/refunds-history');
  const list = page.getByRole('list', { name: 'Transactions' });
  await expect(list.getByRole('listitem').filter({ hasText: /^Welcome bonus/ })).toContainText(
    '+$10.00',
  );
  await expect(list.getByRole('link', { name: /Refund from/ })).toContainText('+$20.00');
  await expect(list.getByTestId('transaction-amount')).toHaveText('−$25.00');
});

test('the bonus shows apart, buys a gift card first, and cannot be sent to a debit card', async ({
  page,
}) => {
  const customer = await fundedCustomer(page.request, { amountInCents: 2_000 });
  const card = await addDebitCard(page.request, customer);
  await signInThroughApi(page, customer.person);

  await page.goto('/');
  await expect(page.getByTestId('balance-available')).toHaveText('$20.00');
  await expect(page.getByTestId('balance-bonus')).toHaveText('$10.00');
  await expect(page.getByTestId('balance-bonus-until')).toHaveText(
    `Spend on gift cards and prepaid cards by ${lastDay}`,
  );
  await expectNoSeriousViolations(page);

  // A payout to a card counts the refunded money only.
  await page.goto('/redeem/debit');
  await expect(page.getByTestId('redeem-bonus-note')).toHaveText(
    'Your $10.00 bonus can be spent on gift cards and prepaid cards only.',
  );
  await expect(page.getByTestId('redeem-spendable')).toHaveText('Available balance: $20.00');
  await page.getByRole('radio', { name: new RegExp(`•••• ${card.last4}`) }).check();
  await page.getByLabel('Amount to redeem (USD)').fill('25');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(
    page.getByText("You don't have enough balance in order to do redemption"),
  ).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Confirm Details' })).toHaveCount(0);

  // A gift card spends the bonus first.
  await page.goto('/redeem/giftcard');
  await page.getByLabel('Search brands').fill('harbor');
  await page.getByRole('link', { name: /Harbor Coffee Co\./ }).click();
  await expect(page.getByTestId('redeem-spendable')).toHaveText(
    'Available balance: $30.00 (including your $10.00 bonus, used first)',
  );
  await page.getByLabel('Gift card amount (USD)').fill('25');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByTestId('confirm-paid-bonus')).toHaveText('$10.00');
  await expect(page.getByTestId('confirm-paid-balance')).toHaveText('$15.00');
  await expect(page.getByTestId('confirm-balance-after')).toHaveText('$5.00');
  await expectNoSeriousViolations(page);
  await confirmAndVerify(page, customer.person);
  await expect(page.getByRole('heading', { level: 1, name: /Redemption/ })).toBeVisible();

  // $20 − $15 from the balance, then the 4% cashback on $25 ($1.00) once the card is issued.
  await expect
    .poll(
      async () => {
        await page.goto('/');
        return page.getByTestId('balance-available').textContent();
      },
      { timeout: 20_000, intervals: [500, 1_000] },
    )
    .toBe('$6.00');
  await expect(page.getByTestId('balance-bonus')).toHaveCount(0);
});

test('the bonus on home, the debit note and the paid-with-bonus split pass axe in both themes at both sizes', async ({
  page,
}) => {
  await showLook(page, FIRST_LOOK);
  const customer = await fundedCustomer(page.request, { amountInCents: 2_000 });
  await signInThroughApi(page, customer.person);

  await page.goto('/');
  await expect(page.getByTestId('balance-bonus')).toHaveText('$10.00');
  await expectNoSeriousViolationsInEachLook(page);

  await page.goto('/redeem/debit');
  await expect(page.getByTestId('redeem-bonus-note')).toBeVisible();
  await expectNoSeriousViolationsInEachLook(page);

  await page.goto('/redeem/prepaid');
  await expect(page.getByTestId('redeem-spendable')).toHaveText(
    'Available balance: $30.00 (including your $10.00 bonus, used first)',
  );
  await expectNoSeriousViolationsInEachLook(page);
});
