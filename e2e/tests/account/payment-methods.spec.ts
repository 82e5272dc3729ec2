import { expect, test, type Page } from '../support/test';
import { signInThroughApi } from '../support/people';
import { addDebitCard, fundedCustomer } from '../support/redemptions';

async function removeOn(page: Page, name: RegExp | string, dialogTitle: string) {
  await page
    .getByRole('button', { name: `Remove ${typeof name === 'string' ? name : ''}` })
    .click();
  const dialog = page.getByRole('dialog', { name: dialogTitle });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Remove' }).click();
  await expect(dialog).toBeHidden();
}

test('removes a card: gone from Payment methods and from the debit redemption', async ({
  page,
}) => {
  const customer = await fundedCustomer(page.request);
  const card = await addDebitCard(page.request, customer);
  const name = `Visa •••• ${card.last4}`;
  await signInThroughApi(page, customer.person);

  await page.goto('/redeem/debit');
  // The method screen reads the wallet, its methods and the cards before it lists them.
  await expect(page.getByRole('radio', { name: new RegExp(name) })).toBeVisible({
    timeout: 30_000,
  });

  await page.goto('/profile');
  await page
    .getByRole('navigation', { name: 'Profile' })
    .getByRole('link', {
      name: 'Payment methods',
    })
    .click();
  await expect(page).toHaveURL(/\/profile\/payment-methods$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Payment methods' })).toBeVisible();
  const cards = page.getByRole('region', { name: 'Debit cards' });
  await expect(cards.getByText(name)).toBeVisible();

  // Cancel keeps it.
  await page.getByRole('button', { name: `Remove ${name}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Remove this card?' });
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(cards.getByText(name)).toBeVisible();

  await removeOn(page, name, 'Remove this card?');
  await expect(page.getByText('Card removed', { exact: true })).toBeVisible();
  await expect(cards.getByText(name)).toHaveCount(0);
  await expect(cards.getByText('No saved debit cards.')).toBeVisible();
  await expect(cards.getByRole('link', { name: 'Add a debit card' })).toBeVisible();

  // The debit redemption's list no longer offers it (in the same visit, and after a reload).
  await page.getByRole('link', { name: 'My Profile' }).click();
  await page.goto('/redeem/debit');
  await expect(page.getByText('You have no debit cards yet.')).toBeVisible();
  await expect(page.getByRole('radio', { name: new RegExp(name) })).toHaveCount(0);
});

test('removes a bank account', async ({ page }) => {
  const customer = await fundedCustomer(page.request);
  const added = await page.request.post('/v1/bank-accounts', {
    headers: { Authorization: `Bearer ${customer.accessToken}` },
    data: {
      routing_number: '021000021',
      account_number: '000123456789',
      account_type: 'checking',
      account_holder_name: 'Robin Avery',
    },
  });
  expect(added.status()).toBe(201);
  await signInThroughApi(page, customer.person);

  await page.goto('/profile/payment-methods');
  const accounts = page.getByRole('region', { name: 'Bank accounts' });
  const name = 'JPMorgan Chase Bank •••• 6789';
  await expect(accounts.getByText(name)).toBeVisible();
  await expect(accounts.getByText('Checking')).toBeVisible();

  await removeOn(page, name, 'Remove this bank account?');
  await expect(page.getByText('Bank account removed', { exact: true })).toBeVisible();
  await expect(accounts.getByText('No saved bank accounts.')).toBeVisible();
  await page.goto('/redeem/bank');
  await expect(page.getByText(name)).toHaveCount(0);
});
