import { randomInt } from 'node:crypto';
import { expect, type APIRequestContext, type Page } from '@playwright/test';

export interface Person {
  firstName: string;
  lastName: string;
  email: string;
  /** Ten digits. */
  phone: string;
  dateOfBirth: string;
}

export function newPerson(): Person {
  const phone = `${randomInt(2, 10)}${randomInt(0, 10 ** 9)
    .toString()
    .padStart(9, '0')}`;
  return {
    firstName: 'Robin',
    lastName: 'Avery',
    email: `robin.${phone}@example.com`,
    phone,
    dateOfBirth: '1992-03-14',
  };
}

/**
 * The newest six-digit code the sandbox SMS provider kept for this number, other than `seen`.
 * The text goes out through the job queue: on a 2-core machine running three browsers and five
 * servers at once (load 8-9), one has taken more than 15 s to arrive, so this waits up to 30 s.
 */
export async function readCode(
  request: APIRequestContext,
  phone: string,
  seen: string[] = [],
): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(
      async () => {
        const response = await request.get(`/v1/sandbox/messages?to=${phone}`);
        const body = (await response.json()) as { data: { body: string }[] };
        const newest = body.data.find((m) => m.body.includes('verification code'));
        const found = newest ? /\b(\d{6})\b/.exec(newest.body)?.[1] : undefined;
        code = found && !seen.includes(found) ? found : undefined;
        return code;
      },
      { timeout: 30_000, intervals: [100, 200, 300] },
    )
    .toBeTruthy();
  return code as string;
}

const botToken = 'sandbox-bot-pass';

/** Creates an account through the API, as a fixture; leaves nobody signed in. */
export async function createAccount(
  request: APIRequestContext,
  person: Person = newPerson(),
): Promise<Person> {
  const started = await request.post('/v1/users/signup', {
    data: {
      first_name: person.firstName,
      last_name: person.lastName,
      email: person.email,
      phone_number: person.phone,
      date_of_birth: person.dateOfBirth,
      accepted_terms: true,
      bot_token: botToken,
    },
  });
  expect(started.status()).toBe(201);
  const { attempt_id } = (await started.json()) as { attempt_id: string };
  const code = await readCode(request, person.phone);
  const verified = await request.post('/v1/users/verify', { data: { attempt_id, code } });
  expect(verified.status()).toBe(200);
  await request.post('/v1/users/logout');
  return person;
}

/**
 * Signs a person in through the API in the page's own browser context (the refresh cookie lands
 * in the browser) and stores the access token where the app keeps it. The caller navigates next.
 */
export async function signInThroughApi(page: Page, person: Person): Promise<void> {
  const accessToken = await apiAccessToken(page.request, person);
  // The token is stored from a page that does not run the app (the favicon): an app booting on
  // the same page could pick the token up half way, refresh, and have that refresh cancelled by
  // the caller's next navigation, leaving the browser with a refresh cookie the server has
  // already rotated.
  await page.goto('/favicon.svg');
  await page.evaluate((token) => window.localStorage.setItem('_ca', token), accessToken);
}

/**
 * Signs a person in through the API (SMS code) and answers the access token; the refresh cookie
 * lands in `request`'s context.
 */
export async function apiAccessToken(request: APIRequestContext, person: Person): Promise<string> {
  const seen = await currentCodes(request, person.phone);
  const started = await request.post('/v1/users/signin', {
    data: { phone_number: person.phone, bot_token: botToken },
  });
  expect(started.status()).toBe(200);
  const { attempt_id } = (await started.json()) as { attempt_id: string };
  const code = await readCode(request, person.phone, seen);
  const verified = await request.post('/v1/users/verify', { data: { attempt_id, code } });
  expect(verified.status()).toBe(200);
  return ((await verified.json()) as { access_token: string }).access_token;
}

export async function currentCodes(request: APIRequestContext, phone: string): Promise<string[]> {
  const response = await request.get(`/v1/sandbox/messages?to=${phone}`);
  const body = (await response.json()) as { data: { body: string }[] };
  return body.data
    .filter((m) => m.body.includes('verification code'))
    .map((m) => /\b(\d{6})\b/.exec(m.body)?.[1])
    .filter((c): c is string => !!c);
}

/**
 * The passcode a change of e-mail or phone number needs: a code texted to the person's current
 * phone, asked for with the signed-in `headers` and read from the sandbox's messages.
 */
export async function contactChangePasscode(
  request: APIRequestContext,
  person: Person,
  headers: Record<string, string>,
): Promise<{ attempt_id: string; code: string }> {
  const seen = await currentCodes(request, person.phone);
  const started = await request.post('/v1/users/profile/contact-change/otp', { headers });
  expect(started.status()).toBe(200);
  const { attempt_id } = (await started.json()) as { attempt_id: string };
  return { attempt_id, code: await readCode(request, person.phone, seen) };
}
