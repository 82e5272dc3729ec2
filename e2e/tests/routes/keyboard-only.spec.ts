import { expect, test } from '../support/test';
import { formatMoney } from '@refund/contracts/format';
import { createRefund } from '../support/claims';
import { apiAccessToken, createAccount, currentCodes, readCode } from '../support/people';
import { addDebitCard } from '../support/redemptions';
import { tabTo } from '../support/keyboard';

/**
 * Sign-in, a claim and a redemption with the keyboard alone: Tab to reach a control, type,
 * Space or Enter to use it. No clicks anywhere.
 */

test('sign in, claim a refund and redeem it to a debit card with the keyboard alone', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000); // Sign-in, a claim and a redemption, one key at a time.
  const person = await createAccount(request);
  const refund = await createRefund(request, person, {
    returns: [{ amount_in_cents: 12_000, description: 'Camping tent' }],
  });
  // A debit card saved earlier (with its billing address), through the API, in a session of
  // its own: the browser starts signed out.
  const token = await apiAccessToken(request, person);
  const card = await addDebitCard(request, { person, accessToken: token, balanceInCents: 0 });

  // Sign in.
  await page.goto('/auth');
  await tabTo(page, page.getByLabel('Phone number'));
  await page.keyboard.type(person.phone);
  const seen = await currentCodes(page.request, person.phone);
  await page.keyboard.press('Enter');
  const code = page.getByLabel('Verification code');
  await expect(code).toBeFocused();
  await page.keyboard.type(await readCode(page.request, person.phone, seen));
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('balance-available')).toBeVisible();

  // Claim the refund from its link: the instant refund is chosen already.
  await page.goto(refund.claimPath);
  await expect(page.getByRole('radio', { name: /Instant refund/ })).toBeChecked();
  await tabTo(page, page.getByRole('button', { name: 'Continue' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/claim-refund$/);
  await tabTo(page, page.getByRole('button', { name: 'Continue' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/claim-succes$/);
  await expect(page.getByText(`${formatMoney(12_000)} was added to your wallet.`)).toBeVisible();
  await tabTo(page, page.getByRole('link', { name: 'Go to My Money' }));
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('balance-available')).toHaveText('$120.00');

  // Redeem $50 to the debit card.
  await tabTo(page, page.getByRole('link', { name: /Debit card/ }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Redeem to Debit Card' })).toBeVisible();
  const saved = page.getByRole('radio', { name: new RegExp(`•••• ${card.last4}`) });
  await tabTo(page, saved);
  await page.keyboard.press('Space');
  await expect(saved).toBeChecked();
  await tabTo(page, page.getByLabel('Amount to redeem (USD)'));
  await page.keyboard.type('50');
  await page.keyboard.press('Enter');

  await expect(page.getByRole('heading', { name: 'Confirm Details' })).toBeVisible();
  await tabTo(page, page.getByLabel('I agree to receive a one-time passcode by SMS'));
  await page.keyboard.press('Space');
  const before = await currentCodes(page.request, person.phone);
  await tabTo(page, page.getByRole('button', { name: 'Confirm' }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Verify OTP' })).toBeVisible();
  await expect(page.getByLabel('Verification code')).toBeFocused();
  await page.keyboard.type(await readCode(page.request, person.phone, before));
  await page.keyboard.press('Enter');

  const outcome = page.getByRole('heading', { level: 1, name: 'Redemption Successful' });
  await expect(outcome).toBeVisible();
  await expect(page.getByText(`$49.25 has been sent to Visa •••• ${card.last4}.`)).toBeVisible();
  await tabTo(page, page.getByRole('button', { name: 'Skip' }));
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('balance-available')).toHaveText('$70.00');
});
