import { expect, test } from '../support/test';
import { readMagicLink, signIn } from '../support/claims';
import { createAccount } from '../support/people';

test('the email link of a new account verifies the email, says so and lands home', async ({
  page,
}) => {
  const person = await createAccount(page.request);
  const link = await readMagicLink(page.request, person.email);
  await signIn(page, person);

  await page.goto(link);
  await expect(page.getByText('Your email has been verified.')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'My Money' })).toBeVisible();

  const profile = await page.request.get('/v1/users/profile', {
    headers: {
      Authorization: `Bearer ${await page.evaluate(() => window.localStorage.getItem('_ca'))}`,
    },
  });
  expect(((await profile.json()) as { email_verified: boolean }).email_verified).toBe(true);
});

test('a link that is not valid says so and goes home, which signed out is sign-in', async ({
  page,
}) => {
  await page.goto(`/intent?id=${'not-a-real-link-'.repeat(3)}`);
  await expect(page.getByText('This verification link is invalid or has expired.')).toBeVisible();
  await expect(page).toHaveURL(/\/auth$/);
});

test('a magic link without an id goes home', async ({ page }) => {
  await page.goto('/intent');
  await expect(page).toHaveURL(/\/auth$/);
});
