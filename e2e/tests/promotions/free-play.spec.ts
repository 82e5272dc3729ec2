import { expect, test, type Page } from '../support/test';
import { formatLongDate } from '@refund/contracts/format';
import { claimFreePlayThroughApi, defaultFreePlayLastDay } from '../support/free-play';
import { createAccount, signInThroughApi } from '../support/people';
import { fundedCustomer } from '../support/redemptions';

const claimButton = (page: Page) => page.getByRole('button', { name: 'Claim $10 free play' });

async function available(page: Page): Promise<string | null> {
  await page.goto('/');
  return page.getByTestId('balance-available').textContent();
}

test('a customer with a claimed refund claims the free play from home, once; on the same device nobody else can', async ({
  page,
}) => {
  const customer = await fundedCustomer(page.request, { amountInCents: 2_500 });
  await signInThroughApi(page, customer.person);

  await page.goto('/');
  await expect(page.getByTestId('balance-available')).toHaveText('$25.00');
  await page.getByRole('link', { name: 'Claim your $10 free play' }).click();
  await expect(page).toHaveURL(/\/free-play$/);
  await expect(page).toHaveTitle('Free Play - Refund Wallet');
  await expect(page.getByRole('heading', { level: 1, name: 'Free Play' })).toBeFocused();
  await expect(
    page.getByRole('heading', { level: 2, name: '$10 free play from Fanatics' }),
  ).toBeVisible();
  await expect(page.getByTestId('free-play-claim-by')).toHaveText(
    `Claim by ${defaultFreePlayLastDay()}`,
  );

  const before = new Date();
  await claimButton(page).click();
  await expect(page.getByRole('heading', { name: '$10.00 added to your wallet' })).toBeFocused();
  const after = new Date();
  await page.getByRole('link', { name: 'Go to home' }).click();
  await expect(page.getByTestId('balance-available')).toHaveText('$35.00');

  // Back later: claimed, once, and no way to claim it again.
  await page.getByRole('link', { name: 'Your $10 free play: claimed' }).click();
  const days = [formatLongDate(before), formatLongDate(after)].join('|');
  await expect(page.getByTestId('free-play-claimed-on')).toHaveText(
    new RegExp(`^Claimed on (${days})$`),
  );
  await expect(page.getByText('$10.00 was added to your wallet balance.')).toBeVisible();
  await expect(page.getByRole('button', { name: /Claim/ })).toHaveCount(0);
  const again = await claimFreePlayThroughApi(page.request, customer.accessToken);
  expect(again.status()).toBe(409);
  expect(await again.json()).toMatchObject({ code_description: 'FREE_PLAY_ALREADY_CLAIMED' });
  expect(await available(page)).toBe('$35.00');

  // Someone else signs in on this browser: it keeps its device id, which has had its free play.
  const other = await fundedCustomer(page.request, { amountInCents: 2_500 });
  await signInThroughApi(page, other.person);
  await page.goto('/free-play');
  // The page says so before any claim, and offers none.
  await expect(page.getByRole('status')).toContainText(
    'The free play was already claimed on this device.',
  );
  await expect(claimButton(page)).toHaveCount(0);
  await page.goto('/');
  await expect(page.getByText(/free play/i)).toHaveCount(0);
  expect(await available(page)).toBe('$25.00');
});

test('a newcomer without a claimed refund is asked to claim one first, and home does not offer it', async ({
  page,
}) => {
  const person = await createAccount(page.request);
  await signInThroughApi(page, person);

  const offered = page.waitForResponse((r) => r.url().endsWith('/v1/promotions/free-play'));
  await page.goto('/');
  expect(((await (await offered).json()) as { offer: unknown }).offer).toMatchObject({
    blocked_by: 'CLAIM_A_REFUND_FIRST',
  });
  await expect(page.getByRole('link', { name: 'Earn cashback on gift cards' })).toBeVisible();
  await expect(page.getByText(/free play/i)).toHaveCount(0);

  await page.goto('/free-play');
  await expect(
    page.getByText(
      'The free play is for customers who have claimed a refund. Claim a refund into your wallet first, then come back for it.',
    ),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: /Claim/ })).toHaveCount(0);
  await page.getByRole('link', { name: 'Go to home' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'My Money' })).toBeVisible();
});
