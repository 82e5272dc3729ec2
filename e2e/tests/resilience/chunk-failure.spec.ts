import { expect, test, type Page, type Route } from '../support/test';
import { expectNoSeriousViolations } from '../support/axe';
import { createAccount, signInThroughApi } from '../support/people';

/** The profile screen's own chunk (the hashed file Vite emits for routes/profile-screen). */
const profileChunk = (url: URL) => /\/assets\/profile-screen-[\w-]+\.js$/.test(url.pathname);

/** Counts the page's document loads (each reload), not the app's own address changes. */
function countDocumentLoads(page: Page) {
  const loads: string[] = [];
  page.on('request', (request) => {
    if (request.isNavigationRequest() && request.frame() === page.mainFrame())
      loads.push(request.url());
  });
  return loads;
}

async function signedInAtHome(page: Page) {
  await signInThroughApi(page, await createAccount(page.request));
  await page.goto('/');
  // The first screen of a cold start can take a while on a busy machine.
  await expect(page.getByRole('heading', { level: 1, name: 'My Money' })).toBeVisible({
    timeout: 30_000,
  });
}

test('a screen whose code fails to load shows Retry, and Retry loads it', async ({ page }) => {
  await signedInAtHome(page);
  let aborted = 0;
  const abort = (route: Route) => {
    aborted += 1;
    return route.abort('failed');
  };
  await page.route(profileChunk, abort);

  await page.getByRole('link', { name: 'Profile' }).click();
  const state = page.getByRole('heading', { level: 1, name: 'This screen could not be loaded' });
  await expect(state).toBeVisible({ timeout: 20_000 });
  await expect(page).toHaveURL(/\/profile$/);
  expect(aborted).toBeGreaterThan(0);
  await expectNoSeriousViolations(page);

  // The file is reachable again: Retry downloads it afresh instead of repeating the failure.
  await page.unroute(profileChunk, abort);
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
  await expect(state).toHaveCount(0);
});

test('a screen missing after a new deployment reloads the page once, then stops', async ({
  page,
}) => {
  await signedInAtHome(page);
  // A new deployment replaced the hashed files: the old name is gone for good.
  await page.route(profileChunk, (route) =>
    route.fulfill({ status: 404, contentType: 'text/plain', body: 'Not Found' }),
  );
  const loads = countDocumentLoads(page);

  await page.getByRole('link', { name: 'Profile' }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: 'This screen could not be loaded' }),
  ).toBeVisible({ timeout: 20_000 });
  // One reload, on the same address, and no loop after it.
  expect(loads).toHaveLength(1);
  expect(new URL(loads[0] ?? '').pathname).toBe('/profile');
  await page.waitForTimeout(3_000);
  expect(loads).toHaveLength(1);
  await expect(page.getByRole('link', { name: 'Go to Home' })).toBeVisible();
});

test('a screen that breaks while rendering shows a way forward', async ({ page }) => {
  await signedInAtHome(page);
  // The screen's code arrives, but every component it exports throws when rendered.
  await page.route(profileChunk, async (route) => {
    const original = await (await route.fetch()).text();
    const exported = /export\s*\{([^}]*)\}\s*;?\s*$/.exec(original);
    if (!exported?.[1]) throw new Error('the profile chunk has no export list');
    const names = exported[1].split(',').map((part) =>
      part
        .trim()
        .split(/\s+as\s+/)
        .pop(),
    );
    const body =
      original.slice(0, exported.index) +
      'const __broken=()=>{throw new Error("broken screen")};' +
      `export{${names.map((name) => `__broken as ${name}`).join(',')}};`;
    await route.fulfill({ status: 200, contentType: 'text/javascript', body });
  });

  await page.getByRole('link', { name: 'Profile' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Something went wrong' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();
  await expectNoSeriousViolations(page);

  // Moving to another route starts afresh: the header's navigation still works.
  await page.getByRole('link', { name: 'Go to Home' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'My Money' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Something went wrong' })).toHaveCount(0);
});
