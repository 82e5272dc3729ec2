import { expect, test } from '@playwright/test';
import { createRefund, MERCHANT_NAME } from '../support/claims';
import { newPerson } from '../support/people';

test('choosing the original payment method explains the timeline, confirms it, and spends the link', async ({
  page,
}) => {
  const refund = await createRefund(page.request, newPerson());
  await page.goto(refund.claimPath);
  await expect(page.getByText(MERCHANT_NAME, { exact: true })).toBeVisible();

  await page.getByRole('radio', { name: /Original payment method/ }).check();
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(
    page.getByRole('heading', { name: 'Refund to your original payment method' }),
  ).toBeVisible();
  const timeline = page.getByRole('list', { name: 'Refund timeline' });
  await expect(timeline.getByRole('listitem')).toHaveText([
    /The merchant receives your item.*7–14 days/,
    /Quality control/,
    /Up to 7 days for the money to reach your payment institution/,
  ]);
  await page.getByRole('button', { name: 'Confirm original payment method' }).click();

  await expect(page.getByRole('heading', { name: 'Your refund is on its way' })).toBeVisible();
  await expect(page.getByText(`${MERCHANT_NAME} will send $42.50 back`)).toBeVisible();
  await expect(page.getByRole('list', { name: 'Refund timeline' })).toBeVisible();

  await page.goto(refund.claimPath);
  await expect(page).toHaveURL(/\/claim-error$/);
  await expect(page.getByRole('heading', { name: 'This link is not valid' })).toBeVisible();
});

test('going back from the original-method review keeps the instant refund on offer', async ({
  page,
}) => {
  const refund = await createRefund(page.request, newPerson());
  await page.goto(refund.claimPath);
  await page.getByRole('radio', { name: /Original payment method/ }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page.getByRole('heading', { name: 'Return request approved' })).toBeVisible();
});
