import { defineConfig, devices } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 3100);
export const baseURL = `http://localhost:${PORT}`;

export default defineConfig({
  testDir: './tests',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: true,
  workers: 2,
  forbidOnly: !!process.env.CI,
  retries: 0,
  reporter: [['list']],
  use: {
    baseURL,
    trace: 'retain-on-failure',
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
  webServer: {
    command: 'npm run start -w @refund/api',
    cwd: '..',
    url: `${baseURL}/readyz`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(PORT),
      PUBLIC_URL: baseURL,
      DATA_DIR: 'memory://',
      LOG_LEVEL: 'warn',
      JOB_POLL_SECONDS: '0.5',
      OTP_SENDS_PER_IP_PER_HOUR: '100000',
      OTP_SENDS_PER_PHONE_PER_HOUR: '100',
      BRAND_NAME: 'Refund Wallet',
      // Payouts settle and come back within a test's patience.
      SANDBOX_ACH_SETTLEMENT_SECONDS: '2',
      SANDBOX_CARD_RETURN_DELAY_SECONDS: '2',
    },
  },
});
