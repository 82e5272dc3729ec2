import { defineConfig, devices } from '@playwright/test';
import { readFileSync } from 'node:fs';
import type { TestServer } from './test-servers';
import { REAL_BROWSER_TAG, realBrowserSpecs } from './tests/support/real-browser';

const PORT = Number(process.env.E2E_PORT ?? 3100);
export const baseURL = `http://localhost:${PORT}`;
/**
 * A server featuring no gift card brands and selling no team shops, for the promotion page's and
 * the Sports Gift Card screen's empty states.
 */
export const noFeaturedBrandsURL = `http://localhost:${PORT + 1}`;
/** A server featuring three brands; tests that change what every customer sees run here. */
export const threeFeaturedBrandsURL = `http://localhost:${PORT + 2}`;
export const threeFeaturedBrands = ['SBX-harbor-coffee', 'SBX-voltline', 'SBX-maple-pine'];
/**
 * The earn-rewards offers of the three-featured-brands server (provider brand id: reward in basis
 * points), none of them featured; the other servers offer none, so their balances are unchanged.
 */
export const earnRewardsOffers = { 'SBX-trailhead-outdoor': 1000, 'SBX-starlight-cinemas': 800 };
/** A server offering the welcome bonus; the others offer none, so balances are refunds alone. */
export const welcomeBonusURL = `http://localhost:${PORT + 3}`;
export const WELCOME_BONUS_LAST_DAY = `${new Date().getUTCFullYear() + 1}-06-30`;
/** A server whose web app reports errors to a stub of Sentry, which listens on the next port. */
export const errorReportingURL = `http://localhost:${PORT + 4}`;
export const errorReportingStubPort = PORT + 5;

/**
 * A spec of the full-browser project, which must still hold a test opting in: a renamed file or
 * a dropped tag stops the suite here rather than leaving the project to run nothing.
 */
function optedIn(spec: string): string {
  const source = readFileSync(new URL(`tests/${spec}`, import.meta.url), 'utf8');
  if (!source.includes('REAL_BROWSER,')) {
    throw new Error(`tests/${spec} holds no test(title, REAL_BROWSER, …) for chromium-browser.`);
  }
  return spec;
}

/** Launch options for Debian's Chromium at `executablePath`. */
function launchOptions(executablePath: string) {
  return {
    executablePath,
    // The machine has no outside network: Chromium must not try to reach its services.
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  };
}

export default defineConfig({
  testDir: './tests',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: true,
  // Three browsers on two cores: while one test waits on a payout or a text message, another's
  // page renders (2.4 to 2.0 min for the gift card and prepaid specs, against two workers).
  workers: Number(process.env.E2E_WORKERS ?? 3),
  forbidOnly: !!process.env.CI,
  retries: 0,
  reporter: [['list']],
  use: {
    baseURL,
    // A trace is recorded for every test and kept only for a failure; CI's output is text and its
    // clone is thrown away, so there it is not recorded (14% less time for the same tests).
    trace: process.env.CI ? 'off' : 'retain-on-failure',
  },
  projects: [
    // Every test, on Debian's headless build of Chromium (chromium-headless-shell): the same
    // Blink and V8 as the browser, without the browser's window and profile machinery. The same
    // 44 gift card and claim tests took 109 s and 186 core-seconds on it, against 150 s and 281
    // core-seconds on /usr/bin/chromium (two runs each, the same figures within 3%).
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: launchOptions(
          process.env.CHROMIUM_HEADLESS_SHELL_PATH ?? '/usr/lib/chromium/chromium-headless-shell',
        ),
      },
    },
    // Two of the same tests on the full browser users have (/usr/bin/chromium): a new person
    // signs up and out, and a customer adds a debit card and redeems to it.
    {
      name: 'chromium-browser',
      testMatch: realBrowserSpecs.map(optedIn),
      grep: new RegExp(REAL_BROWSER_TAG),
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: launchOptions(process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'),
      },
    },
  ],
  // The servers below, started side by side before the first test and stopped after the last.
  globalSetup: './global-setup.ts',
});

/** The suite's servers (test-servers.ts): each with an in-memory database of its own. */
export const testServers: TestServer[] = [
  { url: baseURL },
  {
    url: noFeaturedBrandsURL,
    env: { GIFT_CARD_FEATURED_BRANDS: '', GIFT_CARD_TEAM_SHOP_BRANDS: '' },
  },
  {
    url: threeFeaturedBrandsURL,
    env: {
      GIFT_CARD_FEATURED_BRANDS: threeFeaturedBrands.join(','),
      EARN_REWARDS_OFFERS: Object.entries(earnRewardsOffers)
        .map(([brand, bps]) => `${brand}:${bps}`)
        .join(','),
    },
  },
  {
    url: welcomeBonusURL,
    env: { WELCOME_BONUS_CENTS: '1000', WELCOME_BONUS_EXPIRES_ON: WELCOME_BONUS_LAST_DAY },
  },
  {
    url: errorReportingURL,
    env: { SENTRY_DSN_WEB: `http://public@localhost:${errorReportingStubPort}/1` },
  },
];
