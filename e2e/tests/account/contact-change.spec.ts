import { expectNoSeriousViolations } from '../support/axe';
import {
  apiAccessToken,
  contactChangePasscode,
  createAccount,
  currentCodes,
  newPerson,
  readCode,
  signInThroughApi,
  type Person,
} from '../support/people';
import { expect, test, watchContentSecurity, type APIRequestContext } from '../support/test';

const masked = (phone: string) => `+1 xxx-xxx-${phone.slice(-4)}`;

/** Moves the account to `next` through the API, with both codes, as a signed-in device would. */
async function changePhoneThroughApi(request: APIRequestContext, person: Person, next: string) {
  const token = await apiAccessToken(request, person);
  const headers = { Authorization: `Bearer ${token}` };
  const started = await request.post('/v1/users/profile/phone', {
    headers,
    data: {
      phone_number: next,
      passcode: await contactChangePasscode(request, person, headers),
    },
  });
  expect(started.status()).toBe(200);
  const verified = await request.post('/v1/users/profile/phone/verify', {
    headers,
    data: {
      attempt_id: ((await started.json()) as { attempt_id: string }).attempt_id,
      code: await readCode(request, next),
    },
  });
  expect(verified.status()).toBe(200);
  return headers;
}

async function reportLink(request: APIRequestContext, phone: string): Promise<string> {
  let link = '';
  await expect
    .poll(async () => {
      const response = await request.get(`/v1/sandbox/messages?to=${phone}`);
      const body = (await response.json()) as { data: { body: string }[] };
      link =
        body.data.map((m) => /\/report-change\?id=[\w-]+/.exec(m.body)?.[0]).find(Boolean) ?? '';
      return link;
    })
    .toBeTruthy();
  return link;
}

test('a change of phone asks for the current phone’s code, and signs the other devices out', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const person = await createAccount(page.request);
  // The same account is open on another device.
  const otherContext = await browser.newContext({ baseURL });
  const stopWatching = await watchContentSecurity(otherContext);
  const other = await otherContext.newPage();
  await signInThroughApi(other, person);
  await other.goto('/');
  await expect(other.getByRole('heading', { name: 'My Money' })).toBeVisible();

  await signInThroughApi(page, person);
  await page.goto('/profile/personal-details');
  const next = newPerson().phone;
  const seen = await currentCodes(page.request, person.phone);
  await page.getByRole('button', { name: 'Edit phone number' }).click();
  await page.getByLabel('New phone number').fill(next);
  await page.getByRole('button', { name: 'Save' }).click();

  await expect(page.getByRole('heading', { name: "Confirm it's you" })).toBeVisible();
  await expect(
    page.getByText(
      `To change your contact details, enter the code we texted to your current phone number ${masked(person.phone)}.`,
    ),
  ).toBeVisible();
  await expectNoSeriousViolations(page);
  // Nothing reaches the new number before the current phone's code is given.
  const inboxOfNext = await page.request.get(`/v1/sandbox/messages?to=${next}`);
  expect(((await inboxOfNext.json()) as { data: unknown[] }).data).toEqual([]);
  await page.getByRole('textbox', { name: 'Verification code' }).fill('000000');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('Incorrect one time passcode')).toBeVisible();
  await page
    .getByRole('textbox', { name: 'Verification code' })
    .fill(await readCode(page.request, person.phone, seen));
  await page.getByRole('button', { name: 'Verify' }).click();

  await expect(
    page.getByText(`We texted a code to ${masked(next)}`, { exact: false }),
  ).toBeVisible();
  await page
    .getByRole('textbox', { name: 'Verification code' })
    .fill(await readCode(page.request, next));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('Your phone number was changed')).toBeVisible();

  // The other device is asked to sign in on its next request; this one stays signed in.
  await other.goto('/profile');
  await expect(other).toHaveURL(/\/auth$/);
  await page.goto('/profile');
  await expect(page.getByRole('heading', { name: 'My Profile' })).toBeVisible();
  expect(stopWatching()).toEqual([]);
  await otherContext.close();
});

test('"This wasn\'t me" on the old number’s notice puts it back and signs every device out', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const person = await createAccount(page.request);
  const intruderPhone = newPerson().phone;
  const intruder = await changePhoneThroughApi(page.request, person, intruderPhone);

  await page.goto(await reportLink(page.request, person.phone));
  await expect(page.getByRole('heading', { name: 'Did you make this change?' })).toBeVisible();
  await expect(page.getByTestId('report-change-body')).toContainText(
    `The phone number on your account was changed to ${masked(intruderPhone)} on `,
  );
  await expectNoSeriousViolations(page);
  await page.getByRole('button', { name: "This wasn't me" }).click();
  await expect(page.getByRole('heading', { name: 'Thank you' })).toBeVisible();
  await expect(page.getByText(/put your previous contact details back/)).toBeVisible();
  await expectNoSeriousViolations(page);

  // The device that made the change is signed out.
  const profile = await page.request.get('/v1/users/profile', { headers: intruder });
  expect(profile.status()).toBe(401);
  // The old number signs in to the account again, which resumes withdrawals.
  await page.getByRole('link', { name: 'Sign in' }).click();
  await signInThroughApi(page, person);
  await page.goto('/profile/security-activity');
  const list = page.getByRole('list', { name: 'Security activity' });
  await expect(
    list.getByRole('heading', { name: 'Withdrawals resumed after signing in' }),
  ).toBeVisible();
  await expect(
    list.getByRole('heading', { name: 'Change of contact reported ("This wasn\'t me")' }),
  ).toBeVisible();
});
