import { expect, test, type Page } from '../support/test';
import { readMagicLink, signIn } from '../support/claims';
import {
  apiAccessToken,
  contactChangePasscode,
  createAccount,
  currentCodes,
  readCode,
} from '../support/people';

const emailVerified = async (page: Page) => {
  const profile = await page.request.get('/v1/users/profile', {
    headers: {
      Authorization: `Bearer ${await page.evaluate(() => window.localStorage.getItem('_ca'))}`,
    },
  });
  return ((await profile.json()) as { email_verified: boolean }).email_verified;
};

test('the email link of a new account names it, is confirmed by its owner, says so and lands home', async ({
  page,
}) => {
  const person = await createAccount(page.request);
  const link = await readMagicLink(page.request, person.email);
  await signIn(page, person);

  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Confirm your e-mail address' })).toBeVisible();
  await expect(page.getByTestId('email-link-body')).toHaveText(
    `Use ${person.email} for your account with the phone number +1 xxx-xxx-${person.phone.slice(-4)}.`,
  );
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('Your email has been verified.')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'My Money' })).toBeVisible();
  expect(await emailVerified(page)).toBe(true);
});

test('opened signed out, the link asks to sign in to the account that asked, then comes back to be confirmed', async ({
  page,
}) => {
  const person = await createAccount(page.request);
  const link = await readMagicLink(page.request, person.email);

  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Sign in to confirm' })).toBeVisible();
  await expect(page.getByTestId('email-link-body')).toContainText(
    `The account with the phone number +1 xxx-xxx-${person.phone.slice(-4)} asked to use ${person.email}.`,
  );
  await page.getByRole('button', { name: 'Sign in to confirm' }).click();
  const seen = await currentCodes(page.request, person.phone);
  await page.getByLabel('Phone number').fill(person.phone);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel('Verification code').fill(await readCode(page.request, person.phone, seen));
  await page.getByRole('button', { name: 'Verify' }).click();

  // Back on the link, signed in as the account that asked: only now can it be confirmed.
  await expect(page).toHaveURL(/\/intent\?id=/);
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('Your email has been verified.')).toBeVisible();
  expect(await emailVerified(page)).toBe(true);
});

test("another account's request for my address cannot be confirmed by me, and I can refuse it", async ({
  page,
}) => {
  const owner = await createAccount(page.request);
  const asker = await createAccount(page.request);
  // The other account asks to make the owner's address its own.
  const token = await apiAccessToken(page.request, asker);
  const headers = { Authorization: `Bearer ${token}` };
  const asked = await page.request.post('/v1/users/profile/email', {
    headers,
    data: {
      email: owner.email,
      passcode: await contactChangePasscode(page.request, asker, headers),
    },
  });
  expect(asked.status()).toBe(202);
  const link = await readMagicLink(page.request, owner.email);

  await signIn(page, owner);
  await page.goto(link);
  await expect(
    page.getByRole('heading', { name: 'This link is for another account' }),
  ).toBeVisible();
  await expect(page.getByTestId('email-link-body')).toContainText(
    `+1 xxx-xxx-${asker.phone.slice(-4)}`,
  );
  await expect(page.getByRole('button', { name: 'Confirm' })).toHaveCount(0);
  await page.getByRole('button', { name: "This wasn't me" }).click();
  await expect(
    page.getByText('Thank you. This link has been cancelled and will not be used.'),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/$/);

  // The asking account keeps its own address, with no change waiting.
  const profile = await page.request.get('/v1/users/profile', {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(await profile.json()).toMatchObject({ email: asker.email, pending_email: null });
});

test('a link that is not valid says so and goes home, which signed out is sign-in', async ({
  page,
}) => {
  await page.goto(`/intent?id=${'not-a-real-link-'.repeat(3)}`);
  // The first screen a browser loads: on a busy machine its code can take over 10 s to arrive.
  await expect(page.getByText('This verification link is invalid or has expired.')).toBeVisible({
    timeout: 30_000,
  });
  await expect(page).toHaveURL(/\/auth$/);
});

test('a magic link without an id goes home', async ({ page }) => {
  await page.goto('/intent');
  await expect(page).toHaveURL(/\/auth$/);
});
