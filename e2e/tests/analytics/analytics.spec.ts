import { expect, test, type Page, type Route } from '../support/test';
import { apiAccessToken, createAccount, newPerson, readCode, type Person } from '../support/people';

/**
 * Without an analytics service configured, the app's events go to the API's own endpoint: they
 * arrive in order, the customer is identified once per browser across sign-ins, and page events
 * carry paths without query strings.
 */
interface StoredEvent {
  type: 'identify' | 'track' | 'page';
  name: string | null;
  anonymous_id: string;
  user_id: string | null;
  properties: Record<string, unknown>;
  occurred_at: string;
}

/** The stored events of a browser (`anonymous_id=`) or, with their own token, a customer's. */
async function eventsOf(page: Page, query: string, token?: string): Promise<StoredEvent[]> {
  const all: StoredEvent[] = [];
  let cursor: string | null = null;
  do {
    const url: string = `/v1/sandbox/analytics-events?${query}&limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
    const response = await page.request.get(url, {
      headers: token ? { Authorization: `Bearer ${token}` } : {},
    });
    expect(response.status()).toBe(200);
    const body = (await response.json()) as { data: StoredEvent[]; next_cursor: string | null };
    all.push(...body.data);
    cursor = body.next_cursor;
  } while (cursor);
  return all.reverse();
}

const anonymousIdOf = async (page: Page) =>
  (await page.context().cookies()).find((c) => c.name === 'rw_aid')?.value ?? '';

const labelOf = (e: StoredEvent) => (e.type === 'track' ? e.name : e.type);

async function signIn(page: Page, person: Person) {
  const seen = await page.request
    .get(`/v1/sandbox/messages?to=${person.phone}`)
    .then(async (r) => ((await r.json()) as { data: { body: string }[] }).data)
    .then((data) => data.flatMap((m) => /\b(\d{6})\b/.exec(m.body)?.[1] ?? []));
  // Opened from a message link: its query string must not reach analytics. (An access_token
  // there would start a session check that ends in logged_out and a new analytics id, SPEC §4.)
  await page.goto('/auth?utm_source=sms&utm_campaign=refund_ready');
  await page.getByLabel(/phone number/i).fill(person.phone);
  await page
    .getByRole('button', { name: /continue|sign in|send/i })
    .first()
    .click();
  await expect(page).toHaveURL(/verify-account/);
  const code = await readCode(page.request, person.phone, seen);
  await page.getByLabel('Verification code').fill(code);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('heading', { name: 'My Money' })).toBeVisible({ timeout: 15_000 });
}

test('analytics events arrive at the first-party endpoint in order with identify once per browser', async ({
  page,
}) => {
  const person = await createAccount(page.request, newPerson());

  await signIn(page, person);
  const firstVisit = await anonymousIdOf(page);
  expect(firstVisit).not.toBe('');
  // A redemption step: choosing a method. The method is chosen once the screen has loaded it.
  // The customer moves on before the page has loaded its configuration (which names where
  // analytics go): the page started on the endpoint this browser's last configuration named, so
  // the screen's events have gone, under the customer's session.
  const configReads: Route[] = [];
  await page.route('**/v1/app-config', (route) => void configReads.push(route));
  await page.goto('/redeem/debit');
  await expect(page.getByRole('heading', { name: 'Amount', exact: true })).toBeVisible({
    timeout: 15_000,
  });
  await expect.poll(() => configReads.length).toBeGreaterThan(0);
  await page.unroute('**/v1/app-config');
  await page.goto('/profile');
  await Promise.all(configReads.map((route) => route.abort().catch(() => undefined)));
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/auth/);
  const afterLogout = await anonymousIdOf(page);
  expect(afterLogout).not.toBe(firstVisit);

  await signIn(page, person);
  // Events are sent in batches after a short wait.
  await expect
    .poll(async () => (await eventsOf(page, `anonymous_id=${afterLogout}`)).map(labelOf), {
      timeout: 15_000,
    })
    .toContain('sign_in_completed');
  await expect
    .poll(async () => (await eventsOf(page, `anonymous_id=${firstVisit}`)).map(labelOf), {
      timeout: 15_000,
    })
    .toContain('logged_out');

  const first = await eventsOf(page, `anonymous_id=${firstVisit}`);
  const second = await eventsOf(page, `anonymous_id=${afterLogout}`);
  const firstLabels = first.map(labelOf);
  const inOrder = (labels: (string | null)[], expected: string[]) => {
    let at = -1;
    for (const label of expected) {
      const next = labels.indexOf(label, at + 1);
      expect(next, `${label} after position ${at} in ${labels.join(', ')}`).toBeGreaterThan(at);
      at = next;
    }
  };
  inOrder(firstLabels, [
    'page',
    'sign_in_started',
    'sign_in_completed',
    'identify',
    'redemption_method_selected',
    'logged_out',
  ]);
  expect(first.find((e) => e.name === 'logged_out')?.properties).toMatchObject({
    token_expired: false,
  });
  inOrder(second.map(labelOf), ['page', 'sign_in_started', 'sign_in_completed']);
  // Only the logout ended a session: no session check expired along the way.
  for (const e of [...first, ...second]) {
    expect(e.properties.token_expired ?? false, labelOf(e) ?? '').toBe(false);
  }

  // Exactly one identify for this customer across both sign-ins, attributed by the token.
  const identifies = [...first, ...second].filter((e) => e.type === 'identify');
  expect(identifies).toHaveLength(1);
  expect(identifies[0]?.anonymous_id).toBe(firstVisit);
  const userId = identifies[0]?.user_id ?? '';
  expect(userId).not.toBe('');

  // Read by the customer, the signed-in events of both visits arrive in order: the first
  // sign-in's (under the first analytics id) before the second's, one identify in all.
  const token = await apiAccessToken(page.request, person);
  await expect
    .poll(
      async () => (await eventsOf(page, `user_id=${userId}`, token)).map((e) => e.anonymous_id),
      { timeout: 15_000 },
    )
    .toContain(afterLogout);
  const byCustomer = await eventsOf(page, `user_id=${userId}`, token);
  expect(byCustomer.filter((e) => e.type === 'identify')).toHaveLength(1);
  inOrder(byCustomer.map(labelOf), ['identify', 'redemption_method_selected']);
  const visits = byCustomer.map((e) => e.anonymous_id);
  expect(new Set(visits)).toEqual(new Set([firstVisit, afterLogout]));
  expect(visits.lastIndexOf(firstVisit)).toBeLessThan(visits.indexOf(afterLogout));

  // Paths only: no query string (the sign-in page was opened with one) and no personal data.
  const pages = [...first, ...second].filter((e) => e.type === 'page').map((e) => e.name ?? '');
  expect(pages).toContain('/auth');
  for (const path of pages) expect(path).not.toMatch(/[?#]|utm_|sms/);
  const tracked = JSON.stringify([...first, ...second].filter((e) => e.type === 'track'));
  expect(tracked).not.toContain(person.phone);
  expect(tracked).not.toContain(person.email);
});

test('a first screen left before its configuration loads has its events sent by the next page', async ({
  page,
}) => {
  // A browser new to the app does not yet know where analytics go: the first page holds its
  // events until its configuration loads, and this customer leaves before it does.
  const configReads: Route[] = [];
  await page.route('**/v1/app-config', (route) => void configReads.push(route));
  await page.goto('/auth');
  await expect(page.getByLabel(/phone number/i)).toBeVisible();
  await expect.poll(() => configReads.length).toBeGreaterThan(0);
  await page.unroute('**/v1/app-config');
  await page.goto('/auth?utm_source=sms');
  await Promise.all(configReads.map((route) => route.abort().catch(() => undefined)));

  await expect.poll(() => anonymousIdOf(page), { timeout: 15_000 }).not.toBe('');
  const browser = await anonymousIdOf(page);
  await expect
    .poll(async () => (await eventsOf(page, `anonymous_id=${browser}`)).length, {
      timeout: 15_000,
    })
    .toBe(2);
  const [left, next] = await eventsOf(page, `anonymous_id=${browser}`);
  expect([left?.type, left?.name, next?.type, next?.name]).toEqual([
    'page',
    '/auth',
    'page',
    '/auth',
  ]);
  // Each at the time its screen was shown.
  expect(Date.parse(left?.occurred_at ?? '')).toBeLessThan(Date.parse(next?.occurred_at ?? ''));
});
