import { expect, type Page } from '@playwright/test';
import { formatMoney } from '@refund/contracts/format';

/** Opens a claim link, chooses the instant refund and continues past the welcome screen. */
export async function startInstantClaim(page: Page, claimPath: string, amountInCents: number) {
  await page.goto(claimPath);
  await expect(page.getByRole('heading', { name: 'Return request approved' })).toBeVisible();
  await expect(page.getByTestId('claim-amount')).toHaveText(formatMoney(amountInCents));
  await expect(page.getByRole('radio', { name: /Instant refund/ })).toBeChecked();
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(page).toHaveURL(/\/claim-refund$/);
  await expect(page.getByText(`Redeem your ${formatMoney(amountInCents)} now!`)).toBeVisible();
  await page.getByRole('button', { name: 'Continue' }).click();
}

export async function enterCode(page: Page, code: string) {
  await page.getByLabel('Verification code').fill(code);
  await page.getByRole('button', { name: 'Verify' }).click();
}

/** The success page, then home, where the claimed money shows as available. */
export async function expectClaimed(page: Page, amountInCents: number) {
  await expect(page).toHaveURL(/\/claim-succes$/);
  await expect(page.getByRole('heading', { name: 'Refund claimed!' })).toBeVisible();
  await expect(
    page.getByText(`${formatMoney(amountInCents)} was added to your wallet.`),
  ).toBeVisible();
  await expect(page.getByTestId('claimed-available')).toHaveText(formatMoney(amountInCents));
  await page.getByRole('link', { name: 'Go to My Money' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId('balance-available')).toHaveText(formatMoney(amountInCents));
}
