import { expect, test, type Page } from '../support/test';
import { expectNoSeriousViolationsInEachLook, IN_FIRST_LOOK } from '../support/axe';
import { createAccount, signInThroughApi } from '../support/people';
import { fundedCustomer } from '../support/redemptions';

const OFFER = '**/v1/promotions/free-play';
const unavailable = {
  code: 3002,
  code_description: 'SERVICE_UNAVAILABLE',
  message: 'The service is temporarily unavailable. Please try again shortly.',
};

/**
 * The states the default server does not reach (loading, a failed load, none offered, ended),
 * shown by answering the page's read of the offer in the browser; the rest are the real ones.
 */
async function scanAnsweredStates(page: Page) {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(OFFER, async (route) => {
    await held;
    await route.fulfill({ status: 503, json: unavailable });
  });
  await page.goto('/free-play');
  await expect(page.getByText('Loading the free play…')).toBeVisible();
  await expectNoSeriousViolationsInEachLook(page);
  release();
  await expect(page.getByRole('alert')).toContainText("We couldn't load the free play.");
  await expect(page.getByRole('button', { name: 'Retry' })).toBeVisible();
  await expectNoSeriousViolationsInEachLook(page);
  await page.unroute(OFFER);

  await page.route(OFFER, (route) => route.fulfill({ json: { offer: null } }));
  await page.goto('/free-play');
  await expect(page.getByText('There is no free play at the moment.')).toBeVisible();
  await expectNoSeriousViolationsInEachLook(page);
  await page.unroute(OFFER);

  // The real offer, as it reads once its last day is past.
  await page.route(OFFER, async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { offer: Record<string, unknown> };
    await route.fulfill({ response, json: { offer: { ...body.offer, blocked_by: 'ENDED' } } });
  });
  await page.goto('/free-play');
  await expect(page.getByText(/^This free play has ended/)).toBeVisible();
  await expectNoSeriousViolationsInEachLook(page);
  await page.unroute(OFFER);
}

test.describe('in both themes at both sizes', () => {
  test.use(IN_FIRST_LOOK);

  test('the free play page loading, failing, not offered, ended and before a refund passes axe', async ({
    page,
  }) => {
    const newcomer = await createAccount(page.request);
    await signInThroughApi(page, newcomer);
    await scanAnsweredStates(page);
    await page.goto('/free-play');
    await expect(page.getByText(/^The free play is for customers who have claimed/)).toBeVisible();
    await expectNoSeriousViolationsInEachLook(page);
  });

  test('the free play on home, claimable, claimed, and used on this device passes axe', async ({
    page,
  }) => {
    const customer = await fundedCustomer(page.request, { amountInCents: 2_500 });
    await signInThroughApi(page, customer.person);
    await page.goto('/');
    await expect(page.getByRole('link', { name: 'Claim your $10 free play' })).toBeVisible();
    await expectNoSeriousViolationsInEachLook(page);
    await page.goto('/free-play');
    await expect(page.getByRole('button', { name: 'Claim $10 free play' })).toBeVisible();
    await expectNoSeriousViolationsInEachLook(page);
    await page.getByRole('button', { name: 'Claim $10 free play' }).click();
    await expect(page.getByRole('heading', { name: '$10.00 added to your wallet' })).toBeVisible();
    await expectNoSeriousViolationsInEachLook(page);
    await page.goto('/free-play');
    await expect(page.getByTestId('free-play-claimed-on')).toBeVisible();
    await expectNoSeriousViolationsInEachLook(page);

    // Another customer on the same browser: its device id has had its free play.
    const other = await fundedCustomer(page.request, { amountInCents: 2_500 });
    await signInThroughApi(page, other.person);
    await page.goto('/free-play');
    await expect(page.getByRole('status')).toContainText(
      'The free play was already claimed on this device.',
    );
    await expectNoSeriousViolationsInEachLook(page);
  });
});
