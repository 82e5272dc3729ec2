import { expect, test, watchContentSecurity, type Locator, type Page } from '../support/test';
import { expectNoSeriousViolations } from '../support/axe';
import {
  SANDBOX_GIFT_CARD_BRANDS,
  buyGiftCardThroughApi,
  customerWithIssuedGiftCard,
  readGiftCardPasscode,
  readViewLaterLink,
  waitForGiftCard,
} from '../support/giftcards';
import { createAccount, currentCodes, readCode, signInThroughApi } from '../support/people';
import { fundedCustomer } from '../support/redemptions';

/** The sandbox issuer's card numbers: groups of four digits. */
const cardNumber = /^\d{4}(-\d{4})+$/;

/** From the profile menu to the wallet's list of active cards. */
async function openWallet(page: Page): Promise<void> {
  await page.goto('/profile');
  await page
    .getByRole('navigation', { name: 'Profile' })
    .getByRole('link', { name: 'Gift Card Wallet' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Gift Card History' })).toBeVisible();
}

/**
 * The opened card's barcode, whole on a phone's screen `width` pixels wide and really drawn: an
 * SVG whose shapes cover an area, not an empty frame. Answers its drawn size.
 */
async function expectBarcodeOnScreen(page: Page, width: number): Promise<Locator> {
  const barcode = page.getByRole('img', { name: 'Barcode of the card number' });
  await barcode.scrollIntoViewIfNeeded();
  await expect(barcode).toBeInViewport({ ratio: 1 });
  const drawn = await barcode.evaluate((svg) => {
    const box = svg.getBoundingClientRect();
    const ink = (svg as SVGGraphicsElement).getBBox();
    return {
      tag: svg.tagName.toLowerCase(),
      shapes: svg.querySelectorAll('path').length,
      left: box.left,
      right: box.right,
      width: box.width,
      height: box.height,
      inkWidth: ink.width,
      inkHeight: ink.height,
    };
  });
  expect(drawn.tag).toBe('svg');
  expect(drawn.shapes).toBeGreaterThan(0);
  expect(drawn.inkWidth).toBeGreaterThan(0);
  expect(drawn.inkHeight).toBeGreaterThan(0);
  expect(drawn.left).toBeGreaterThanOrEqual(0);
  expect(drawn.right).toBeLessThanOrEqual(width);
  // Big enough to scan from a phone held at a till.
  expect(drawn.width).toBeGreaterThanOrEqual(150);
  return barcode;
}

/** "View now", through the passcode step when this device has not opened the card before. */
async function viewNow(page: Page, phone: string, expectPasscode: boolean): Promise<void> {
  const seen = await currentCodes(page.request, phone);
  await page.getByRole('button', { name: 'View now' }).click();
  if (expectPasscode) {
    await expect(page.getByRole('heading', { name: "Confirm it's you" })).toBeVisible();
    await page
      .getByLabel('Verification code')
      .fill(await readGiftCardPasscode(page.request, phone, seen));
    await page.getByRole('button', { name: 'Verify' }).click();
  }
  await expect(page.getByRole('heading', { name: 'Your code' })).toBeVisible();
}

test('a bought card in the wallet: opened behind a passcode once per device, then marked used and back', async ({
  page,
}) => {
  const { customer, card } = await customerWithIssuedGiftCard(page.request, {
    balanceInCents: 10_000,
    amountInCents: 2_500,
  });
  await signInThroughApi(page, customer.person);

  await openWallet(page);
  const active = page.getByRole('list', { name: 'Active gift cards' });
  await expect(active.getByRole('link')).toHaveCount(1);
  await expect(active.getByRole('link')).toContainText('Harbor Coffee Co.');
  await expect(active.getByRole('link')).toContainText('Issued');
  await expectNoSeriousViolations(page);

  await active.getByRole('link').click();
  await expect(page).toHaveURL(
    new RegExp(`/profile/giftcards-history/${card.reward_reference_id}$`),
  );
  await expect(page.getByRole('heading', { level: 1, name: 'Gift Card Details' })).toBeVisible();
  // $25.00 with Harbor Coffee's 4% cashback.
  await expect(page.getByText('Total value')).toBeVisible();
  await expect(page.getByText('$26.00')).toBeVisible();
  await expect(page.getByText('Cashback', { exact: true })).toBeVisible();
  // The code is not on the page until the customer asks for it.
  await expect(page.getByText('Card number')).toHaveCount(0);
  // The brand's balance check is a link out.
  await expect(page.getByRole('link', { name: /Check your balance/ })).toHaveAttribute(
    'href',
    'https://balance.giftcards.example/harbor-coffee',
  );

  await viewNow(page, customer.person.phone, true);
  await expect(page.getByText(cardNumber)).toBeVisible();
  // At a phone's width the barcode a till scans (Code 128 for Harbor Coffee) fits the screen,
  await page.setViewportSize({ width: 390, height: 844 });
  const barcode = await expectBarcodeOnScreen(page, 390);
  const linear = await barcode.evaluate((svg) => svg.getBoundingClientRect().toJSON());
  expect(linear.width).toBeGreaterThan(linear.height);
  // and the code, PIN and barcode number wrap between groups, never inside one.
  const groups = page.locator('[data-code-groups] > span');
  await expect(groups.first()).toBeVisible();
  expect(await groups.count()).toBeGreaterThan(4);
  expect(
    await groups.evaluateAll(
      (spans) => spans.filter((s) => s.getClientRects().length !== 1).length,
    ),
  ).toBe(0);
  await page.setViewportSize({ width: 1280, height: 720 });
  await expect(page.getByRole('link', { name: /Activate card now/ })).toHaveAttribute(
    'href',
    /^https:\/\/redeem\.giftcards\.example\//,
  );
  await expectNoSeriousViolations(page);

  // This device has opened the card: it opens again without a passcode.
  await page.reload();
  await viewNow(page, customer.person.phone, false);
  await page.getByRole('button', { name: 'Hide' }).click();
  await expect(page.getByText('Card number')).toHaveCount(0);

  await page.getByRole('button', { name: 'Mark as used' }).click();
  await expect(page.getByText('You marked this gift card as used.')).toBeVisible();
  await openWallet(page);
  await expect(page.getByText('No gift cards yet')).toBeVisible();
  await page.getByRole('tab', { name: 'Used' }).click();
  const used = page.getByRole('list', { name: 'Used gift cards' });
  await expect(used.getByRole('link')).toContainText('Harbor Coffee Co.');
  await used.getByRole('link').click();
  await page.getByRole('button', { name: 'Move back to active' }).click();
  await expect(page.getByRole('button', { name: 'Mark as used' })).toBeVisible();
  await openWallet(page);
  await expect(
    page.getByRole('list', { name: 'Active gift cards' }).getByRole('link'),
  ).toContainText('Harbor Coffee Co.');
});

test('a card whose issuer gives a QR code shows it square, whole on a phone', async ({ page }) => {
  const customer = await fundedCustomer(page.request, { amountInCents: 5_000 });
  const bought = await buyGiftCardThroughApi(page.request, customer, {
    providerBrandId: 'SBX-little-lotus',
    amountInCents: 2_000,
  });
  const card = await waitForGiftCard(
    page.request,
    customer,
    bought.transaction.transaction_id,
    'issued',
  );
  await page.setViewportSize({ width: 390, height: 844 });
  await signInThroughApi(page, customer.person);
  await page.goto(`/profile/giftcards-history/${card.reward_reference_id}`);
  await viewNow(page, customer.person.phone, true);
  const barcode = await expectBarcodeOnScreen(page, 390);
  const box = await barcode.evaluate((svg) => svg.getBoundingClientRect().toJSON());
  expect(Math.abs(box.width - box.height)).toBeLessThanOrEqual(1);
  await expectNoSeriousViolations(page);
});

test('view later texts a link that opens the card after signing in', async ({ page, browser }) => {
  const { customer, card } = await customerWithIssuedGiftCard(page.request, {
    balanceInCents: 5_000,
    amountInCents: 1_000,
  });
  await signInThroughApi(page, customer.person);

  await page.goto(`/profile/giftcards-history/${card.reward_reference_id}`);
  await page.getByRole('button', { name: 'View later' }).click();
  await expect(page).toHaveURL(/\/view-later$/);
  await expect(page.getByText('We sent you a link to your gift card by message.')).toBeVisible();
  for (const step of [
    'Click the link in the message.',
    'Log in with your phone number.',
    'Follow the redemption instructions.',
  ]) {
    await expect(page.getByText(step)).toBeVisible();
  }
  await expectNoSeriousViolations(page);
  await page.getByRole('button', { name: 'Okay, Got it!' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Gift Card History' })).toBeVisible();

  // On another device, signed out: the link asks for sign-in, then opens the card.
  const link = await readViewLaterLink(
    page.request,
    customer.person.phone,
    card.reward_reference_id,
  );
  const other = await browser.newContext({ baseURL: new URL(link).origin });
  const otherViolations = await watchContentSecurity(other);
  const phone = await other.newPage();
  const seen = await currentCodes(phone.request, customer.person.phone);
  await phone.goto(link);
  await expect(phone).toHaveURL(/\/auth$/);
  await phone.getByLabel('Phone number').fill(customer.person.phone);
  await phone.getByRole('button', { name: 'Continue' }).click();
  await phone
    .getByLabel('Verification code')
    .fill(await readCode(phone.request, customer.person.phone, seen));
  await phone.getByRole('button', { name: 'Verify' }).click();
  await expect(phone).toHaveURL(
    new RegExp(`/profile/giftcards-history/${card.reward_reference_id}$`),
  );
  await expect(phone.getByRole('heading', { level: 1, name: 'Gift Card Details' })).toBeVisible();
  // A new device: the card opens only after a fresh passcode.
  await viewNow(phone, customer.person.phone, true);
  await other.close();
  expect(otherViolations(), 'Content-Security-Policy violations on the other device').toEqual([]);
});

test('cards still being issued, and failed ones, say so; the instructions name the support line', async ({
  page,
}) => {
  const customer = await fundedCustomer(page.request, { amountInCents: 10_000 });
  const processing = await buyGiftCardThroughApi(page.request, customer, {
    providerBrandId: SANDBOX_GIFT_CARD_BRANDS.processing,
    amountInCents: 1_500,
  });
  const declined = await buyGiftCardThroughApi(page.request, customer, {
    providerBrandId: SANDBOX_GIFT_CARD_BRANDS.declined,
    amountInCents: 2_000,
  });
  const failed = await waitForGiftCard(
    page.request,
    customer,
    declined.transaction.transaction_id,
    'failed',
  );
  const pending = await waitForGiftCard(
    page.request,
    customer,
    processing.transaction.transaction_id,
    'processing',
  );
  await signInThroughApi(page, customer.person);

  await page.goto(`/profile/giftcards-history/${pending.reward_reference_id}`);
  await expect(page.getByText('We are issuing your gift card.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'View now' })).toHaveCount(0);

  await page.goto(`/profile/giftcards-history/${failed.reward_reference_id}`);
  await expect(page.getByText('This gift card order failed.')).toBeVisible();
  await expect(page.getByText('The full $20.00 was returned to your wallet.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'View now' })).toHaveCount(0);

  await page.goto('/profile/giftcards-history/instructions');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Gift Card Instructions' }),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: /877\.558\.2646/ })).toHaveAttribute(
    'href',
    'tel:+18775582646',
  );
  await expect(page.getByRole('link', { name: /@/ })).toHaveAttribute('href', /^mailto:.+@.+/);
  await expectNoSeriousViolations(page);
});

test('an empty wallet offers the catalog; a failed load says so and retries', async ({ page }) => {
  const person = await createAccount(page.request);
  await signInThroughApi(page, person);

  // The list fails to load (the app's own retries too, and any read the live updates ask for)
  // until the service is back; then the customer's Retry loads it.
  let serviceDown = true;
  await page.route('**/v1/giftcards?*', async (route) => {
    if (serviceDown) {
      await route.fulfill({ status: 503, json: { message: 'Service unavailable' } });
    } else {
      await route.fallback();
    }
  });
  await page.goto('/profile/giftcards-history');
  // After the app's retries with their back-off: more than the default wait on a busy machine.
  await expect(page.getByText('Error occured while fetching records')).toBeVisible({
    timeout: 30_000,
  });
  serviceDown = false;
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByText('No gift cards yet')).toBeVisible();
  await expectNoSeriousViolations(page);
  await page.getByRole('link', { name: 'Buy a gift card' }).click();
  await expect(page).toHaveURL(/\/redeem\/giftcard$/);
});
