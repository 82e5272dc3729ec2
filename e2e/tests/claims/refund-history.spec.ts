import { expect, test } from '../support/test';
import { formatDateTime } from '@refund/contracts/format';
import { MERCHANT_NAME, claimThroughApi, createRefund, daysAhead, signIn } from '../support/claims';
import { createAccount } from '../support/people';

// The browser formats dates in its time zone; the expected text is formatted in this process's.
test.use({ timezoneId: Intl.DateTimeFormat().resolvedOptions().timeZone });

test('the history shows the claimed refund with the fraud-check hint, the hold expiry and the hold modal', async ({
  page,
}) => {
  const person = await createAccount(page.request);
  const holdExpiresAt = daysAhead(3);
  const refund = await createRefund(page.request, person, {
    orderNumber: 'SS-10517',
    fileId: 'RMA-55907',
    description: 'Insulated jacket and gloves',
    returns: [
      {
        amount_in_cents: 14950,
        description: 'Insulated jacket',
        state: 'awaiting_fraud_check',
        fraud_hold_amount_in_cents: 2500,
        fraud_hold_expires_at: holdExpiresAt,
      },
      { amount_in_cents: 2400, description: 'Winter gloves' },
    ],
  });
  await claimThroughApi(page.request, person, refund.refund_uuid);
  await signIn(page, person);

  await page.goto('/');
  await expect(page.getByTestId('balance-available')).toHaveText('$148.50');
  await expect(page.getByTestId('balance-pending')).toHaveText('$25.00');
  await page.getByRole('link', { name: 'View transaction history' }).click();

  await expect(page).toHaveURL(/\/refunds-history$/);
  // The list is compact: amount, badge and the refund-specific state; the rest is in its details.
  const row = page.getByRole('link', { name: new RegExp(`Refund from ${MERCHANT_NAME}`) });
  await expect(row.getByTestId('activity-amount')).toHaveText('+$173.50');
  await expect(row.getByText('Pending')).toBeVisible();
  await expect(row.getByText('Awaiting merchant fraud check')).toBeVisible();
  await expect(row.getByText('Order SS-10517')).toBeVisible();
  await row.click();

  await expect(page).toHaveURL(new RegExp(`/refunds-history/${refund.refund_uuid}$`));
  await expect(page.getByRole('heading', { name: 'Transaction Details' })).toBeVisible();
  const card = page.getByRole('article', { name: MERCHANT_NAME });
  await expect(card.getByTestId('refund-amount')).toHaveText('$173.50');
  await expect(card.getByText('SS-10517')).toBeVisible();
  await expect(card.getByText('RMA-55907')).toBeVisible();
  await expect(card.getByText('Insulated jacket and gloves')).toBeVisible();
  await expect(card.getByText('Awaiting merchant fraud check')).toBeVisible();
  await expect(
    card.getByText('A temporary hold of $25.00 is on a small portion of this refund.'),
  ).toBeVisible();
  await expect(card.getByText(`Hold expires ${formatDateTime(holdExpiresAt)}`)).toBeVisible();
  await expect(card.getByText('Available now')).toBeVisible();

  await card.getByRole('button', { name: 'Why is this on hold?' }).click();
  const dialog = page.getByRole('dialog', { name: 'About the temporary hold' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText(/\$25\.00 of this refund is held/)).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Got it' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(card.getByRole('button', { name: 'Why is this on hold?' })).toBeFocused();
});

test('a customer without refunds sees the empty history', async ({ page }) => {
  const person = await createAccount(page.request);
  await signIn(page, person);
  await page.goto('/refunds-history');
  await expect(page.getByRole('heading', { name: 'No transactions yet' })).toBeVisible();
});

test('the history pages with Load more', async ({ page }) => {
  const person = await createAccount(page.request);
  const refunds = [];
  for (let i = 0; i < 11; i += 1) {
    refunds.push(await createRefund(page.request, person, { orderNumber: `PAGE-${i}` }));
  }
  await claimThroughApi(page.request, person, ...refunds.map((r) => r.refund_uuid));
  await signIn(page, person);
  await page.goto('/refunds-history');
  const rows = page.getByRole('list', { name: 'Transactions' }).getByRole('listitem');
  await expect(rows).toHaveCount(10);
  await page.getByRole('button', { name: 'Load more' }).click();
  await expect(rows).toHaveCount(11);
  await expect(page.getByRole('button', { name: 'Load more' })).toHaveCount(0);
  await expect(page.getByText('Order PAGE-0', { exact: true })).toBeVisible();
});
