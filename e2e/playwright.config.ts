import { defineConfig, devices } from '@playwright/test';

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
 * The compiled API (`npm run build`, which `npm run test:e2e` runs first) with the built web app,
 * on `url`, with an in-memory database of its own.
 */
function server(url: string, env: Record<string, string> = {}) {
  return {
    command: 'npm run start -w @refund/api',
    cwd: '..',
    url: `${url}/readyz`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
    env: {
      PORT: new URL(url).port,
      PUBLIC_URL: url,
      DATA_DIR: 'memory://',
      LOG_LEVEL: 'warn',
      JOB_POLL_SECONDS: '0.5',
      OTP_SENDS_PER_IP_PER_HOUR: '100000',
      OTP_SENDS_PER_PHONE_PER_HOUR: '100',
      // Every browser here sends its analytics from the one address, 127.0.0.1.
      ANALYTICS_BATCHES_PER_IP_PER_MINUTE: '100000',
      BRAND_NAME: 'Refund Wallet',
      // Payouts settle and come back within a test's patience.
      SANDBOX_ACH_SETTLEMENT_SECONDS: '2',
      SANDBOX_CARD_RETURN_DELAY_SECONDS: '2',
      WELCOME_BONUS_CENTS: '0',
      // Gift card balances are the cashback alone unless a server offers earn rewards.
      EARN_REWARDS_OFFERS: '',
      // Every browser here shares one device fingerprint; real devices are counted per person.
      FREE_PLAY_ACCOUNTS_PER_DEVICE: '1000',
      ...env,
    },
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
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
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
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
  webServer: [
    server(baseURL),
    server(noFeaturedBrandsURL, { GIFT_CARD_FEATURED_BRANDS: '', GIFT_CARD_TEAM_SHOP_BRANDS: '' }),
    server(threeFeaturedBrandsURL, {
      GIFT_CARD_FEATURED_BRANDS: threeFeaturedBrands.join(','),
      EARN_REWARDS_OFFERS: Object.entries(earnRewardsOffers)
        .map(([brand, bps]) => `${brand}:${bps}`)
        .join(','),
    }),
    server(welcomeBonusURL, {
      WELCOME_BONUS_CENTS: '1000',
      WELCOME_BONUS_EXPIRES_ON: WELCOME_BONUS_LAST_DAY,
    }),
    server(errorReportingURL, {
      SENTRY_DSN_WEB: `http://public@localhost:${errorReportingStubPort}/1`,
    }),
  ],
});
