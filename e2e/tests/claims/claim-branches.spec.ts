import { expect, test } from '../support/test';
import { cancelRefund, claimThroughApi, createRefund, signIn } from '../support/claims';
import { createAccount, currentCodes, newPerson, readCode } from '../support/people';
import { enterCode, expectClaimed, startInstantClaim } from './claim-helpers';

test('ACCOUNT_SIGNUP: a new customer signs up from the claim link and the refund is claimed', async ({
  page,
}) => {
  const person = newPerson();
  const refund = await createRefund(page.request, person);

  await startInstantClaim(page, refund.claimPath, refund.amount_in_cents);

  await expect(page).toHaveURL(/\/auth\?mode=signup$/);
  await expect(page.getByRole('heading', { name: 'Sign up' })).toBeVisible();
  // The link reveals no contact details (ADR 0011): the customer types their own.
  await expect(page.getByLabel('Email')).toHaveValue('');
  await expect(page.getByLabel('Phone number')).toHaveValue('');
  await expect(page.getByLabel('First name')).toHaveValue(person.firstName);
  await page.getByLabel('Email').fill(person.email);
  await page.getByLabel('Phone number').fill(person.phone);
  await page.getByLabel('Last name').fill(person.lastName);
  await page.getByLabel('Date of birth').fill(person.dateOfBirth);
  await page.getByLabel('I agree to the Terms of Service and Privacy Agreement').check();
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(page).toHaveURL(/\/verify-account$/);
  await enterCode(page, await readCode(page.request, person.phone));

  await expectClaimed(page, refund.amount_in_cents);
});

test('ACCOUNT_VERIFICATION: an existing customer proves the refund phone by code and claims', async ({
  page,
}) => {
  const person = await createAccount(page.request);
  const refund = await createRefund(page.request, person);
  const seen = await currentCodes(page.request, person.phone);

  await startInstantClaim(page, refund.claimPath, refund.amount_in_cents);

  await expect(page).toHaveURL(/\/verify-account$/);
  await expect(page.getByRole('heading', { name: 'Enter your code' })).toBeVisible();
  await expect(
    page.getByText(
      `We sent a 6-digit code to +1 xxx-xxx-${person.phone.slice(-4)}. Enter it to claim your refund.`,
    ),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Resend code' })).toBeDisabled();
  const code = await readCode(page.request, person.phone, seen);
  await enterCode(page, code === '000000' ? '111111' : '000000');
  await expect(page.getByRole('alert')).toHaveText('Incorrect one time passcode');
  await enterCode(page, code);

  await expectClaimed(page, refund.amount_in_cents);
});

test('VERIFY_EMAIL: signed in with the refund email, unverified, the customer verifies it by code and claims', async ({
  page,
}) => {
  const person = await createAccount(page.request);
  const refund = await createRefund(page.request, person, { withPhone: false });
  await signIn(page, person);

  await startInstantClaim(page, refund.claimPath, refund.amount_in_cents);

  await expect(page).toHaveURL(/\/verify-account$/);
  await expect(page.getByRole('heading', { name: 'Verify your email' })).toBeVisible();
  await expect(page.getByText(/We sent a 6-digit code to r•••@example\.com\./)).toBeVisible();
  await enterCode(page, await readCode(page.request, person.email));

  await expectClaimed(page, refund.amount_in_cents);
});

test('ADD_PHONE_NUMBER: no account and no phone: sign up with the email, add a phone, verify the email, claim', async ({
  page,
}) => {
  const person = newPerson();
  const refund = await createRefund(page.request, person, { withPhone: false });

  await startInstantClaim(page, refund.claimPath, refund.amount_in_cents);

  await expect(page).toHaveURL(/\/auth\?mode=signup$/);
  await page.getByLabel('Email').fill(person.email);
  const phone = page.getByLabel('Phone number');
  await expect(phone).toHaveValue('');
  await expect(phone).toHaveAccessibleDescription(
    "Add your mobile number: you'll use it to sign in and to receive codes.",
  );
  await phone.fill(person.phone);
  await page.getByLabel('Last name').fill(person.lastName);
  await page.getByLabel('Date of birth').fill(person.dateOfBirth);
  await page.getByLabel('I agree to the Terms of Service and Privacy Agreement').check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await enterCode(page, await readCode(page.request, person.phone));

  // The new account holds the refund's email but has not proven it yet: the claim asks for it.
  await expect(page).toHaveURL(/\/verify-account$/);
  await expect(page.getByRole('heading', { name: 'Verify your email' })).toBeVisible();
  await enterCode(page, await readCode(page.request, person.email));

  await expectClaimed(page, refund.amount_in_cents);
});

test('signed out, an account with the refund email unverified signs in, verifies the email and claims', async ({
  page,
}) => {
  const person = await createAccount(page.request);
  const refund = await createRefund(page.request, person, { withPhone: false });

  await startInstantClaim(page, refund.claimPath, refund.amount_in_cents);

  // An email nobody proved names no account: the link offers sign-up, which links to sign-in.
  await expect(page).toHaveURL(/\/auth\?mode=signup$/);
  await page.getByRole('link', { name: 'Sign in' }).click();
  const seen = await currentCodes(page.request, person.phone);
  await page.getByLabel('Phone number').fill(person.phone);
  await page.getByRole('button', { name: 'Continue' }).click();
  await enterCode(page, await readCode(page.request, person.phone, seen));

  await expect(page).toHaveURL(/\/verify-account$/);
  await expect(page.getByRole('heading', { name: 'Verify your email' })).toBeVisible();
  await enterCode(page, await readCode(page.request, person.email));

  await expectClaimed(page, refund.amount_in_cents);
});

test('a customer already signed in with the refund phone claims without a code', async ({
  page,
}) => {
  const person = await createAccount(page.request);
  const refund = await createRefund(page.request, person);
  await signIn(page, person);

  await startInstantClaim(page, refund.claimPath, refund.amount_in_cents);

  await expectClaimed(page, refund.amount_in_cents);
});

test('an already claimed refund shows the claim error page', async ({ page }) => {
  const person = await createAccount(page.request);
  const refund = await createRefund(page.request, person);
  await claimThroughApi(page.request, person, refund.refund_uuid);

  await page.goto(refund.claimPath);
  await expect(page).toHaveURL(/\/claim-error$/);
  await expect(page.getByRole('heading', { name: 'This link is not valid' })).toBeVisible();
  await expect(
    page.getByText('This refund link has expired, was cancelled or has already been claimed.'),
  ).toBeVisible();
  await page.getByRole('link', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/auth$/);
});

test('a refund claimed while the welcome screen is open answers CLAIM_SUCCESS: claim error page', async ({
  page,
}) => {
  const person = await createAccount(page.request);
  const refund = await createRefund(page.request, person);
  await page.goto(refund.claimPath);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/claim-refund$/);

  await claimThroughApi(page.request, person, refund.refund_uuid);
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(page).toHaveURL(/\/claim-error$/);
  await expect(page.getByText('This refund has already been claimed.')).toBeVisible();
});

test('a cancelled refund shows the claim error page', async ({ page }) => {
  const refund = await createRefund(page.request, newPerson());
  await cancelRefund(page.request, refund.refund_uuid);

  await page.goto(refund.claimPath);
  await expect(page).toHaveURL(/\/claim-error$/);
  await expect(page.getByRole('heading', { name: 'This link is not valid' })).toBeVisible();
});

test('a malformed claim link shows the claim error page', async ({ page }) => {
  await page.goto('/claim/not-a-refund');
  await expect(page).toHaveURL(/\/claim-error$/);
  await expect(page.getByText('This refund link is incomplete.', { exact: false })).toBeVisible();
});
