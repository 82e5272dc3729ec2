import { expect, test, type Page } from '../support/test';
import { readMagicLink } from '../support/claims';
import {
  createAccount,
  currentCodes,
  newPerson,
  readCode,
  signInThroughApi,
  type Person,
} from '../support/people';

/** The code texted to the current phone that a change of contact asks for first. */
async function confirmItsYou(page: Page, person: Person, seen: string[]) {
  await expect(page.getByRole('heading', { name: "Confirm it's you" })).toBeVisible();
  await page
    .getByRole('textbox', { name: 'Verification code' })
    .fill(await readCode(page.request, person.phone, seen));
  await page.getByRole('button', { name: 'Verify' }).click();
}

async function openPersonalDetails(page: Page, person: Person) {
  await signInThroughApi(page, person);
  await page.goto('/profile/personal-details');
  await expect(page.getByRole('heading', { name: 'Personal Details' })).toBeVisible();
}

test('names and date of birth: invalid values are refused, valid ones saved', async ({ page }) => {
  const person = await createAccount(page.request);
  await openPersonalDetails(page, person);

  await page.getByRole('button', { name: 'Edit name' }).click();
  const first = page.getByLabel('First name');
  const dob = page.getByRole('textbox', { name: 'Date of birth' });
  await first.fill('Robin2');
  await dob.fill('');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(
    page.getByText('First name can contain letters, spaces, hyphens and apostrophes only'),
  ).toBeVisible();
  await expect(page.getByText('DOB is required')).toBeVisible();

  const under18 = `${new Date().getFullYear() - 10}-01-01`;
  await dob.fill(under18);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Age must be above 18 years.')).toBeVisible();
  await dob.fill('1850-01-01');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Date of birth invalid')).toBeVisible();

  // A name sign-up takes is taken here too.
  await first.fill('Anne-Marie');
  await dob.fill('1985-06-15');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Your details were saved')).toBeVisible();
  await expect(page.getByText('Anne-Marie Avery')).toBeVisible();
  await expect(page.getByText('6/15/1985')).toBeVisible();
});

test('addresses: zip of 4 digits refused; add, make primary, remove', async ({ page }) => {
  const person = await createAccount(page.request);
  await openPersonalDetails(page, person);
  await page.getByRole('link', { name: 'Edit addresses' }).click();
  await expect(page).toHaveURL(/\/update-profile$/);

  await page.getByLabel('Address line 1').fill('1 Main St');
  await page.getByLabel('City').fill('Austin');
  await page.getByLabel('State').selectOption('TX');
  await page.getByLabel('Zip code').fill('7870');
  await page.getByRole('button', { name: 'Save address' }).click();
  await expect(page.getByText('Zip must be exactly 5 digits')).toBeVisible();
  await page.getByLabel('Zip code').fill('78701');
  await page.getByRole('button', { name: 'Save address' }).click();
  await expect(page.getByText('Address added')).toBeVisible();

  await page.getByRole('button', { name: 'Add address' }).click();
  await page.getByLabel('Address line 1').fill('9 Oak Ave');
  await page.getByLabel('City').fill('Dallas');
  await page.getByLabel('State').selectOption('TX');
  await page.getByLabel('Zip code').fill('75201');
  await page.getByRole('button', { name: 'Save address' }).click();
  const oak = page.getByRole('listitem', { name: /9 Oak Ave/ });
  await expect(oak).toBeVisible();
  await expect(oak.getByText('Primary', { exact: true })).toHaveCount(0);

  await oak.getByRole('button', { name: 'Make primary' }).click();
  await expect(oak.getByText('Primary', { exact: true })).toBeVisible();

  const main = page.getByRole('listitem', { name: /1 Main St/ });
  await main.getByRole('button', { name: 'Remove' }).click();
  await main.getByRole('button', { name: 'Yes, remove it' }).click();
  await expect(page.getByText('Address removed')).toBeVisible();
  await expect(page.getByRole('listitem', { name: /1 Main St/ })).toHaveCount(0);

  await page.goto('/profile/personal-details');
  await expect(page.getByText('9 Oak Ave')).toBeVisible();
});

test('e-mail changes through the magic link sent to the new address', async ({ page }) => {
  const person = await createAccount(page.request);
  await openPersonalDetails(page, person);
  const newEmail = `new.${person.phone}@example.com`;

  await page.getByRole('button', { name: 'Edit e-mail' }).click();
  await page.getByLabel('New e-mail address').fill('not-an-email');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Enter a valid email address')).toBeVisible();
  await page.getByLabel('New e-mail address').fill(newEmail);
  const seen = await currentCodes(page.request, person.phone);
  await page.getByRole('button', { name: 'Save' }).click();
  await confirmItsYou(page, person, seen);
  await expect(
    page.getByText(`We sent a link to ${newEmail}. Your e-mail changes when you open it.`),
  ).toBeVisible();
  await expect(page.getByText(person.email)).toBeVisible();

  await page.goto(await readMagicLink(page.request, newEmail));
  await expect(
    page.getByRole('heading', { name: 'Confirm your new e-mail address' }),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('Your e-mail address has been changed.')).toBeVisible();
  await page.goto('/profile/personal-details');
  await expect(page.getByText(newEmail)).toBeVisible();
  await expect(page.getByText('Verified', { exact: true })).toBeVisible();
});

test('phone changes through a code; the new number signs in, the old one is told', async ({
  page,
}) => {
  const person = await createAccount(page.request);
  await openPersonalDetails(page, person);
  const next = newPerson().phone;

  await page.getByRole('button', { name: 'Edit phone number' }).click();
  await page.getByLabel('New phone number').fill('202 555 014');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Enter a valid 10-digit US phone number')).toBeVisible();
  await page
    .getByLabel('New phone number')
    .fill(`+1 ${next.slice(0, 3)} ${next.slice(3, 6)} ${next.slice(6)}`);
  const seen = await currentCodes(page.request, person.phone);
  await page.getByRole('button', { name: 'Save' }).click();
  await confirmItsYou(page, person, seen);
  await expect(page.getByRole('heading', { name: 'Enter the code' })).toBeVisible();

  await page.getByRole('textbox', { name: 'Verification code' }).fill('000000');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('Incorrect one time passcode')).toBeVisible();
  await page
    .getByRole('textbox', { name: 'Verification code' })
    .fill(await readCode(page.request, next));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('Your phone number was changed')).toBeVisible();
  await expect(
    page.getByText(`+1 ${next.slice(0, 3)}-${next.slice(3, 6)}-${next.slice(6)}`),
  ).toBeVisible();

  const inbox = await page.request.get(`/v1/sandbox/messages?to=${person.phone}`);
  const messages = ((await inbox.json()) as { data: { body: string }[] }).data;
  expect(messages.some((m) => m.body.includes(`changed to +1 xxx-xxx-${next.slice(-4)}`))).toBe(
    true,
  );

  await page.context().clearCookies();
  await signInThroughApi(page, { ...person, phone: next });
  await page.goto('/profile/personal-details');
  await expect(page.getByText('Robin Avery')).toBeVisible();
});
