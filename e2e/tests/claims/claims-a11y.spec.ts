import { expect, test } from '../support/test';
import { cancelRefund, claimThroughApi, createRefund, daysAhead, signIn } from '../support/claims';
import { createAccount, currentCodes, newPerson, readCode } from '../support/people';
import { enterCode } from './claim-helpers';
import {
  expectNoSeriousViolationsInEachLook,
  IN_FIRST_LOOK,
  PHONE_IN_BOTH_THEMES,
} from '../support/axe';

test.describe('both themes, 360 px wide', () => {
  test.use(IN_FIRST_LOOK);

  test('claim page, welcome, verify account and claim success', async ({ page }) => {
    const person = await createAccount(page.request);
    const refund = await createRefund(page.request, person);
    const seen = await currentCodes(page.request, person.phone);

    await page.goto(refund.claimPath);
    await expect(page.getByRole('heading', { name: 'Return request approved' })).toBeVisible();
    await expectNoSeriousViolationsInEachLook(page, PHONE_IN_BOTH_THEMES);

    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByRole('heading', { name: `Welcome, ${person.firstName}` })).toBeVisible();
    await expectNoSeriousViolationsInEachLook(page, PHONE_IN_BOTH_THEMES);

    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByLabel('Verification code')).toBeVisible();
    await expectNoSeriousViolationsInEachLook(page, PHONE_IN_BOTH_THEMES);

    await enterCode(page, await readCode(page.request, person.phone, seen));
    await expect(page.getByRole('heading', { name: 'Refund claimed!' })).toBeVisible();
    await expect(page.getByTestId('claimed-available')).toBeVisible();
    await expectNoSeriousViolationsInEachLook(page, PHONE_IN_BOTH_THEMES);
  });

  test('original-method review', async ({ page }) => {
    const refund = await createRefund(page.request, newPerson());
    await page.goto(refund.claimPath);
    await page.getByRole('radio', { name: /Original payment method/ }).check();
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByRole('list', { name: 'Refund timeline' })).toBeVisible();
    await expectNoSeriousViolationsInEachLook(page, PHONE_IN_BOTH_THEMES);
  });

  test('claim error', async ({ page }) => {
    const refund = await createRefund(page.request, newPerson());
    await cancelRefund(page.request, refund.refund_uuid);
    await page.goto(refund.claimPath);
    await expect(page.getByRole('heading', { name: 'This link is not valid' })).toBeVisible();
    await expectNoSeriousViolationsInEachLook(page, PHONE_IN_BOTH_THEMES);
  });

  test('refund history and the fraud-hold modal', async ({ page }) => {
    const person = await createAccount(page.request);
    const refund = await createRefund(page.request, person, {
      fileId: 'RMA-1',
      returns: [
        {
          amount_in_cents: 14950,
          description: 'Insulated jacket',
          state: 'awaiting_fraud_check',
          fraud_hold_amount_in_cents: 2500,
          fraud_hold_expires_at: daysAhead(3),
        },
        { amount_in_cents: 21900, description: 'Camping tent', state: 'awaiting_pickup' },
        { amount_in_cents: 2400, description: 'Winter gloves' },
      ],
    });
    await claimThroughApi(page.request, person, refund.refund_uuid);
    await signIn(page, person);
    await page.goto('/refunds-history');
    await expect(page.getByText('Awaiting merchant fraud check')).toBeVisible();
    await expectNoSeriousViolationsInEachLook(page, PHONE_IN_BOTH_THEMES);

    await page.goto(`/refunds-history/${refund.refund_uuid}`);
    await expect(page.getByText('Awaiting merchant fraud check')).toBeVisible();
    await expectNoSeriousViolationsInEachLook(page, PHONE_IN_BOTH_THEMES);

    await page.getByRole('button', { name: 'Why is this on hold?' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await expectNoSeriousViolationsInEachLook(page, PHONE_IN_BOTH_THEMES);
  });
});
