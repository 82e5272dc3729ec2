import { expect, test, type Page } from '../support/test';
import { startSentryStub, type SentryStub } from '../../../apps/api/test/support/sentry-stub';
import { baseURL, errorReportingStubPort, errorReportingURL } from '../../playwright.config';
import { createAccount, signInThroughApi, type Person } from '../support/people';

/**
 * An error thrown while the profile screen renders reaches the error-reporting endpoint (a stub
 * of Sentry's) without the personal data it carried; with no DSN configured nothing is sent.
 */

const JWT =
  'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJqYW5lIiwiZXhwIjoxNzAwMDAwMDAwfQ.c2lnbmF0dXJlLXNlY3JldA';
const PLANTED = ['+1 (202) 555-0143', 'jane@example.com', `Bearer ${JWT}`];

const formatted = (phone: string) =>
  `(${phone.slice(0, 3)}) ${phone.slice(3, 6)}-${phone.slice(6)}`;

/**
 * The profile screen's code, replaced by a screen that throws while rendering, with the planted
 * personal data and the customer's own in its message. Its exports keep the original names.
 */
async function breakProfileScreen(page: Page, person: Person): Promise<void> {
  await page.route('**/assets/profile-screen-*.js', async (route) => {
    const original = await (await route.fetch()).text();
    const names = [...original.matchAll(/\bas\s+([A-Za-z_$][\w$]*)/g)]
      .map((match) => match[1])
      .filter((name) => name !== undefined);
    const message = `Profile failed for ${PLANTED.join(' ')} ${person.phone} ${formatted(person.phone)} ${person.email}`;
    const body = [
      `function Broken() { throw new Error(${JSON.stringify(message)}); }`,
      `export { ${[...new Set(['default', 'ProfileScreen', ...names])].map((name) => `Broken as ${name}`).join(', ')} };`,
    ].join('\n');
    await route.fulfill({ status: 200, contentType: 'text/javascript', body });
  });
}

test.describe.configure({ mode: 'serial' });

let stub: SentryStub;
test.beforeAll(async () => {
  stub = await startSentryStub(errorReportingStubPort);
});
test.afterAll(async () => {
  await stub.close();
});

test.describe('with a DSN', () => {
  test.use({ baseURL: errorReportingURL });

  test('an error thrown in a screen reaches the endpoint without personal data', async ({
    page,
  }) => {
    const person = await createAccount(page.request);
    await signInThroughApi(page, person);
    const accessToken = await page.evaluate(() => window.localStorage.getItem('_ca'));
    await breakProfileScreen(page, person);
    await page.goto('/profile');

    await expect.poll(() => stub.events().length, { timeout: 20_000 }).toBeGreaterThan(0);
    const event = stub.events().find((e) => JSON.stringify(e).includes('Profile failed for'));
    expect(event).toMatchObject({
      release: 'refund-web@1.46.2',
      environment: 'development',
      exception: { values: expect.arrayContaining([expect.objectContaining({ type: 'Error' })]) },
    });
    expect(JSON.stringify(event)).toContain('[Filtered]');

    const raw = stub.envelopes.map((envelope) => envelope.raw).join('\n');
    for (const secret of [
      '555-0143',
      '5550143',
      'jane@example.com',
      JWT,
      'eyJhbGciOiJIUzI1NiJ9',
      person.phone,
      formatted(person.phone),
      person.phone.slice(3),
      person.email,
      accessToken ?? 'no access token stored',
    ]) {
      expect(raw).not.toContain(secret);
    }
  });
});

test.describe('without a DSN', () => {
  test('nothing is sent anywhere but the app itself', async ({ page }) => {
    const origins = new Set<string>();
    page.on('request', (request) => origins.add(new URL(request.url()).origin));
    const person = await createAccount(page.request);
    await signInThroughApi(page, person);
    const before = stub.requests.length;
    await breakProfileScreen(page, person);
    await page.goto('/profile');
    await expect(page.locator('#root')).not.toBeEmpty();
    // Give a report every chance to leave before looking.
    await page.waitForTimeout(2_000);
    expect([...origins]).toEqual([new URL(baseURL).origin]);
    expect(stub.requests.length).toBe(before);
  });
});
