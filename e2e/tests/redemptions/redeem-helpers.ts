import { expect, type Page } from '@playwright/test';
import { currentCodes, readCode, type Person } from '../support/people';

/** Types the amount on /redeem/debit or /redeem/bank and continues to Confirm Details. */
export async function enterAmount(page: Page, dollars: string): Promise<void> {
  await page.getByLabel('Amount to redeem (USD)').fill(dollars);
  await page.getByRole('button', { name: 'Continue' }).click();
}

/**
 * On Confirm Details: agrees to the SMS passcode, confirms, and enters the withdrawal code the
 * sandbox texted (or `wrongCode`). Answers the code that was sent.
 */
export async function confirmAndVerify(
  page: Page,
  person: Person,
  wrongCode?: string,
): Promise<string> {
  await expect(page.getByRole('heading', { name: 'Confirm Details' })).toBeVisible();
  const seen = await currentCodes(page.request, person.phone);
  await page.getByLabel('I agree to receive a one-time passcode by SMS').check();
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByRole('heading', { name: 'Verify OTP' })).toBeVisible();
  const code = await readCode(page.request, person.phone, seen);
  await page.getByLabel('Verification code').fill(wrongCode ?? code);
  await page.getByRole('button', { name: 'Verify' }).click();
  return code;
}

/** The available balance on the home screen. */
export async function expectHomeBalance(page: Page, amount: string): Promise<void> {
  await page.goto('/');
  await expect(page.getByTestId('balance-available')).toHaveText(amount);
}

/** Home's available balance, reloaded until it shows `amount` (jobs settle payouts and cards). */
export async function expectBalanceToBecome(page: Page, amount: string): Promise<void> {
  await expect
    .poll(
      async () => {
        await page.goto('/');
        return page.getByTestId('balance-available').textContent();
      },
      { timeout: 20_000, intervals: [500, 1_000] },
    )
    .toBe(amount);
}
