import { readFile } from 'node:fs/promises';
import { expectNoSeriousViolations } from '../support/axe';
import { createAccount, currentCodes, readCode, signInThroughApi } from '../support/people';
import { fundedCustomer } from '../support/redemptions';
import { expect, test } from '../support/test';

test('downloads my data as a file, and refuses to close while money remains', async ({ page }) => {
  const customer = await fundedCustomer(page.request, { amountInCents: 4250 });
  await signInThroughApi(page, customer.person);

  await page.goto('/profile/personal-details');
  const rights = page.getByRole('region', { name: 'Your data and account' });
  await expect(rights).toBeVisible();
  await expectNoSeriousViolations(page);

  const downloading = page.waitForEvent('download');
  await rights.getByRole('button', { name: 'Download my data' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(
    `my-data-${new Date().toISOString().slice(0, 10)}.json`,
  );
  const file = JSON.parse(await readFile(await download.path(), 'utf8')) as {
    profile: { email: string; phone_number: string };
    balance: { available_in_cents: number };
    statement: { kind: string; amount_in_cents: number }[];
  };
  expect(file.profile).toMatchObject({
    email: customer.person.email,
    phone_number: customer.person.phone,
  });
  expect(file.balance.available_in_cents).toBe(4250);
  expect(file.statement).toEqual([
    expect.objectContaining({ kind: 'refund_claimed', amount_in_cents: 4250 }),
  ]);

  await rights.getByRole('link', { name: 'Close account' }).click();
  await expect(page).toHaveURL(/\/profile\/close-account$/);
  await expect(
    page.getByRole('heading', { name: "You can't close your account yet" }),
  ).toBeVisible();
  await expect(page.getByText('$42.50')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Close my account' })).toHaveCount(0);
  await expectNoSeriousViolations(page);
  await page.getByRole('link', { name: 'Redeem my balance' }).click();
  await expect(page.getByRole('heading', { name: 'My Money' })).toBeVisible();
});

test('closes an empty account with a texted passcode and signs out for good', async ({ page }) => {
  const person = await createAccount(page.request);
  await signInThroughApi(page, person);

  await page.goto('/profile/close-account');
  await expect(
    page.getByRole('heading', { name: 'What happens when you close your account' }),
  ).toBeVisible();
  await expectNoSeriousViolations(page);

  const seen = await currentCodes(page.request, person.phone);
  await page.getByRole('button', { name: 'Close my account' }).click();
  await expect(page.getByText(/To close your account, enter the 6-digit passcode/)).toBeVisible();
  const code = await readCode(page.request, person.phone, seen);
  const field = page.getByLabel('Verification code');
  await expect(field).toBeFocused();
  await expectNoSeriousViolations(page);
  await field.fill(code);
  await page.getByRole('button', { name: 'Verify' }).click();

  await expect(page).toHaveURL(/\/account-closed$/);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Your account is closed' }),
  ).toBeVisible();
  await expectNoSeriousViolations(page);

  // Signed out here: the app asks to sign in, and the session it had is refused.
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/auth$/);
  const refreshed = await page.request.post('/v1/users/refresh');
  expect(refreshed.status()).toBe(401);
});
