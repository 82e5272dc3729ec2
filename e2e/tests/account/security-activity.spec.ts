import { expect, test, watchContentSecurity } from '../support/test';
import { signInThroughApi } from '../support/people';
import { addDebitCard, fundedCustomer } from '../support/redemptions';

test('shows a first sign-in from a new device and a card removal', async ({ page }) => {
  const customer = await fundedCustomer(page.request);
  const card = await addDebitCard(page.request, customer);
  await signInThroughApi(page, customer.person);

  await page.goto('/profile/payment-methods');
  await page.getByRole('button', { name: `Remove Visa •••• ${card.last4}` }).click();
  await page
    .getByRole('dialog', { name: 'Remove this card?' })
    .getByRole('button', { name: 'Remove' })
    .click();
  await expect(page.getByText('Card removed', { exact: true })).toBeVisible();

  await page.goto('/profile');
  await page
    .getByRole('navigation', { name: 'Profile' })
    .getByRole('link', { name: 'Security activity' })
    .click();
  await expect(page).toHaveURL(/\/profile\/security-activity$/);
  const list = page.getByRole('list', { name: 'Security activity' });
  const headings = list.getByRole('heading');
  await expect(headings.first()).toHaveText('Card removed');
  await expect(list.getByRole('heading', { name: 'Card added' })).toBeVisible();
  await expect(
    list.getByRole('heading', { name: 'Signed in from a new device' }).first(),
  ).toBeVisible();
  await expect(list.getByRole('heading', { name: 'Account created' })).toBeVisible();
  // Dates as 'Mon D, YYYY h:mm AM/PM'.
  await expect(list.locator('time').first()).toHaveText(
    /^[A-Z][a-z]{2} \d{1,2}, \d{4} \d{1,2}:\d{2} (AM|PM)$/,
  );
});

test('signing out of all other devices ends another browser’s session there and then', async ({
  page,
  browser,
  baseURL,
}) => {
  const customer = await fundedCustomer(page.request);
  await signInThroughApi(page, customer.person);

  // The same customer signed in on another device, on Home.
  const otherContext = await browser.newContext({ baseURL });
  const stopWatching = await watchContentSecurity(otherContext);
  const other = await otherContext.newPage();
  await signInThroughApi(other, customer.person);
  await other.goto('/');
  await expect(other.getByRole('heading', { name: 'My Money' })).toBeVisible();

  await page.goto('/profile/security-activity');
  await page.getByRole('button', { name: 'Sign out of all other devices' }).click();
  // The other browser, and the API session the test's set-up signed in with.
  await expect(page.getByText('Signed out of 2 other devices.')).toBeVisible();
  await expect(
    page
      .getByRole('list', { name: 'Security activity' })
      .getByRole('heading', { name: 'Signed out of all other devices' }),
  ).toBeVisible();

  // The other device is asked to sign in as soon as it asks the server for anything.
  await other.goto('/profile');
  await expect(other).toHaveURL(/\/auth$/);
  // This one stays signed in.
  await page.goto('/profile');
  await expect(page.getByRole('heading', { name: 'My Profile' })).toBeVisible();
  expect(stopWatching()).toEqual([]);
  await otherContext.close();
});
