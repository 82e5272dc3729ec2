import { expect, test } from '../support/test';
import { signInThroughApi } from '../support/people';
import { addDebitCard, fundedCustomer, redeemThroughApi } from '../support/redemptions';

test('an open Home follows a redemption made elsewhere, without a reload', async ({ page }) => {
  const customer = await fundedCustomer(page.request, { amountInCents: 20_000 });
  const card = await addDebitCard(page.request, customer);
  await signInThroughApi(page, customer.person);
  await page.goto('/');
  await expect(page.getByTestId('balance-available')).toHaveText('$200.00');
  // Marks this page: a reload or a navigation would lose the mark.
  await page.evaluate(() => {
    (window as unknown as { stillThisPage: boolean }).stillThisPage = true;
  });

  // A second tab of the same customer redeems $50.00 (as another device would, through the API).
  const other = await page.context().newPage();
  await other.goto('/');
  await redeemThroughApi(other.request, customer, {
    cardUuid: card.card_uuid,
    amountInCents: 5_000,
  });
  await other.close();

  // Told by the server's event stream, the first tab reads its balance again by itself.
  await expect(page.getByTestId('balance-available')).toHaveText('$150.00', { timeout: 10_000 });
  expect(
    await page.evaluate(() => (window as unknown as { stillThisPage?: boolean }).stillThisPage),
  ).toBe(true);
});
