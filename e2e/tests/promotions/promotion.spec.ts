import { expect, test } from '../support/test';
import { noFeaturedBrandsURL, threeFeaturedBrandsURL } from '../../playwright.config';
import { expectNoSeriousViolations } from '../support/axe';
import { createAccount, signInThroughApi } from '../support/people';

const manyMore = 'And many more brands with cashback';

test("with the demo's nine featured brands, home leads to four of them and to the whole catalog", async ({
  page,
}) => {
  const person = await createAccount(page.request);
  await signInThroughApi(page, person);
  await page.goto('/');
  await page.getByRole('link', { name: 'Earn cashback on gift cards' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Earn Cashback' })).toBeVisible();
  const featured = page.getByRole('list', { name: 'Featured brands' });
  await expect(featured.getByRole('link')).toHaveCount(4);
  const first = featured.getByRole('link').first();
  await expect(first).toContainText('Harbor Coffee Co.');
  await expect(first).toContainText('4% cashback');
  // The brand's art, served by the API (decorative: the name is written beside it).
  await expect
    .poll(() => first.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth))
    .toBeGreaterThan(0);
  await expectNoSeriousViolations(page);

  await page.getByRole('link', { name: manyMore }).click();
  await expect(page).toHaveURL(/\/redeem\/giftcard$/);
  await page.goBack();
  await first.click();
  await expect(page.getByRole('heading', { level: 1, name: 'Harbor Coffee Co.' })).toBeVisible();
});

test.describe('with no featured brands', () => {
  test.use({ baseURL: noFeaturedBrandsURL });

  test('says there are no promotions', async ({ page }) => {
    const person = await createAccount(page.request);
    await signInThroughApi(page, person);
    await page.goto('/promotion');
    await expect(page.getByRole('heading', { level: 1, name: 'Earn Cashback' })).toBeVisible();
    await expect(page.getByText('No Promotions at the moment')).toBeVisible();
    await expect(page.getByRole('list', { name: 'Featured brands' })).toHaveCount(0);
    await expect(page.getByText(manyMore)).toHaveCount(0);
    await expectNoSeriousViolations(page);
  });
});

test.describe('with three featured brands', () => {
  test.use({ baseURL: threeFeaturedBrandsURL });

  test('shows those three, in order, and no "many more"', async ({ page }) => {
    const person = await createAccount(page.request);
    await signInThroughApi(page, person);
    await page.goto('/promotion');
    const featured = page.getByRole('list', { name: 'Featured brands' });
    await expect(featured.getByRole('link')).toHaveCount(3);
    await expect(featured.getByRole('link').first()).toContainText('Harbor Coffee Co.');
    await expect(page.getByText(manyMore)).toHaveCount(0);
  });
});
