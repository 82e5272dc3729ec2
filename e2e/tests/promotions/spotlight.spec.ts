import { expect, test, type Locator } from '../support/test';
import { threeFeaturedBrandsURL } from '../../playwright.config';
import { expectNoSeriousViolations } from '../support/axe';
import { createAccount, signInThroughApi } from '../support/people';
import {
  createSpotlight,
  DEMO_SPOTLIGHT,
  endSpotlight,
  uploadMerchantImage,
} from '../support/spotlights';

/** Whether the browser loaded and decoded the image. */
const loaded = (image: Locator) =>
  expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth));

test('the demo spotlight: its image, its logo and a button opening the sale in a new tab', async ({
  page,
}) => {
  const person = await createAccount(page.request);
  await signInThroughApi(page, person);
  await page.goto('/spotlight');

  await expect(page.getByRole('heading', { level: 1, name: 'Spotlight' })).toBeVisible();
  await expect(page).toHaveTitle('Spotlight - Refund Wallet');
  const image = page.getByRole('img', { name: `Promotion: ${DEMO_SPOTLIGHT.buttonText}` });
  await (await loaded(image)).toBeGreaterThan(0);
  await (await loaded(page.getByRole('img', { name: 'Merchant logo' }))).toBeGreaterThan(0);

  const button = page.getByRole('link', { name: new RegExp(`^${DEMO_SPOTLIGHT.buttonText}`) });
  await expect(button).toHaveAttribute('href', DEMO_SPOTLIGHT.buttonUrl);
  await expect(button).toHaveAttribute('target', '_blank');
  await expect(button).toHaveAttribute('rel', 'noopener noreferrer');
  await expectNoSeriousViolations(page);

  await page.getByRole('button', { name: 'Close' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1, name: 'My Money' })).toBeVisible();
});

test.describe('a spotlight without a button', () => {
  // A newer spotlight is what every customer of a server sees: this one starts and ends on the
  // server kept for such tests, not on the one the other tests share.
  test.use({ baseURL: threeFeaturedBrandsURL });

  test('shows its image and no action button', async ({ page }) => {
    const imageKey = await uploadMerchantImage(page.request);
    const spotlight = await createSpotlight(page.request, {
      promotion_image: { file_key: imageKey },
    });
    try {
      const person = await createAccount(page.request);
      await signInThroughApi(page, person);
      await page.goto('/spotlight');

      const image = page.getByRole('img', { name: 'Promotion' });
      await expect(image).toHaveAttribute('src', new RegExp(`/v1/files/${imageKey}$`));
      await (await loaded(image)).toBeGreaterThan(0);
      await expect(page.getByRole('img', { name: 'Merchant logo' })).toHaveCount(0);
      await expect(page.getByRole('main').getByRole('link')).toHaveCount(0);
      await expect(page.getByText(DEMO_SPOTLIGHT.buttonText)).toHaveCount(0);
    } finally {
      await endSpotlight(page.request, spotlight.id);
    }
  });
});
