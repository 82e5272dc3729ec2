import { expect, test, type Page } from '../support/test';
import { MERCHANT_NAME, createRefund, signIn } from '../support/claims';
import { createAccount, currentCodes, newPerson, readCode } from '../support/people';
import { enterCode } from './claim-helpers';

/** Opens the claim link, picks the original payment method and reviews its timeline. */
async function reviewOriginalMethod(page: Page, claimPath: string) {
  await page.goto(claimPath);
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
}

async function expectSentBack(page: Page, claimPath: string) {
  await expect(page).toHaveURL(/\/claim-succes$/);
  await expect(page.getByRole('heading', { name: 'Your refund is on its way' })).toBeVisible();
  await expect(page.getByText(`${MERCHANT_NAME} will send $42.50 back`)).toBeVisible();
  await expect(page.getByRole('list', { name: 'Refund timeline' })).toBeVisible();

  await page.goto(claimPath);
  await expect(page).toHaveURL(/\/claim-error$/);
  await expect(page.getByRole('heading', { name: 'This link is not valid' })).toBeVisible();
}

test('the owner proves the refund phone by code, then the original payment method is chosen and the link spent', async ({
  page,
}) => {
  const person = await createAccount(page.request);
  const refund = await createRefund(page.request, person);
  const seen = await currentCodes(page.request, person.phone);
  await reviewOriginalMethod(page, refund.claimPath);
  await expect(
    page.getByText('To confirm, we first check that this refund is yours', { exact: false }),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Confirm original payment method' }).click();

  // The same proof as the instant refund: a code to the refund's phone.
  await expect(page).toHaveURL(/\/verify-account$/);
  await enterCode(page, await readCode(page.request, person.phone, seen));

  await expectSentBack(page, refund.claimPath);
});

test('a signed-in owner confirms the original payment method straight away', async ({ page }) => {
  const person = await createAccount(page.request);
  const refund = await createRefund(page.request, person);
  await signIn(page, person);
  await reviewOriginalMethod(page, refund.claimPath);
  await page.getByRole('button', { name: 'Confirm original payment method' }).click();

  await expectSentBack(page, refund.claimPath);
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
