import { expect, test } from '../support/test';
import { formatMoney } from '@refund/contracts/format';
import { MERCHANT_NAME, createRefund, signIn } from '../support/claims';
import { expectNoSeriousViolations } from '../support/axe';
import { apiAccessToken, createAccount } from '../support/people';

test('home lists a refund waiting to be claimed, and its link opens the claim', async ({
  page,
}) => {
  const person = await createAccount(page.request);
  const refund = await createRefund(page.request, person, { orderNumber: 'WAIT-1' });
  await signIn(page, person);

  await page.goto('/');
  const waiting = page.getByRole('region', { name: 'Refunds waiting for you' });
  await expect(waiting).toBeVisible();
  await expect(waiting.getByText(MERCHANT_NAME)).toBeVisible();
  await expect(waiting.getByText(/Order WAIT-1/)).toBeVisible();
  await expectNoSeriousViolations(page);

  const amount = formatMoney(refund.amount_in_cents);
  await waiting.getByRole('link', { name: `Claim ${amount} from ${MERCHANT_NAME}` }).click();
  await expect(page).toHaveURL(new RegExp(`/claim/${refund.refund_uuid}$`));
  await expect(page.getByRole('heading', { name: 'Return request approved' })).toBeVisible();
});

test('a refund sent back to the original payment method shows in the history with its status and timeline', async ({
  page,
}) => {
  const person = await createAccount(page.request);
  const refund = await createRefund(page.request, person, { orderNumber: 'BACK-1' });
  const token = await apiAccessToken(page.request, person);
  const chosen = await page.request.post(
    `/v1/customers/claim-refund/${refund.refund_uuid}/original-method`,
    { headers: { Authorization: `Bearer ${token}` } },
  );
  expect(chosen.status()).toBe(200);
  await signIn(page, person);

  await page.goto('/');
  await expect(page.getByTestId('balance-available')).toHaveText('$0.00');
  await expect(page.getByRole('region', { name: 'Refunds waiting for you' })).toBeHidden();
  await page.getByRole('link', { name: 'View transaction history' }).click();

  const row = page.getByRole('link', { name: new RegExp(`Refund from ${MERCHANT_NAME}`) });
  await expect(row.getByText('Sent to original payment method')).toBeVisible();
  await expect(row.getByText('Order BACK-1')).toBeVisible();
  await expectNoSeriousViolations(page);

  await row.click();
  await expect(page).toHaveURL(new RegExp(`/refunds-history/${refund.refund_uuid}$`));
  const card = page.getByRole('article', { name: MERCHANT_NAME });
  await expect(card.getByText(/^Sent back /)).toBeVisible();
  await expect(
    card.getByText(
      'The merchant receives your item in 7–14 days, then runs quality control; after that the money takes up to 7 days to reach your payment institution.',
    ),
  ).toBeVisible();
  await expect(card.getByText('Sent to original payment method')).toBeVisible();
});
