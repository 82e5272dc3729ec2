import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';

describe('bank linking and ACH configuration', () => {
  it('defaults to the sandbox providers and a 30 s sandbox settlement', () => {
    expect(loadConfig({})).toMatchObject({
      BANK_LINK_PROVIDER: 'sandbox',
      ACH_PROVIDER: 'sandbox',
      SANDBOX_ACH_SETTLEMENT_SECONDS: 30,
      TINK_MARKET: 'US',
    });
  });

  it('lists every missing credential of the real providers', () => {
    expect(() => loadConfig({ BANK_LINK_PROVIDER: 'tink', ACH_PROVIDER: 'increase' })).toThrowError(
      /TINK_CLIENT_ID: required[\s\S]*TINK_CLIENT_SECRET: required[\s\S]*INCREASE_API_KEY: required[\s\S]*INCREASE_ACCOUNT_ID: required[\s\S]*INCREASE_WEBHOOK_SECRET: required/,
    );
  });

  it('refuses the sandbox bank providers in production', () => {
    const production = {
      NODE_ENV: 'production',
      JWT_SECRET: 'j'.repeat(32),
      OTP_SECRET: 'o'.repeat(32),
      VAULT_KEY: 'v'.repeat(32),
      PUBLIC_URL: 'https://wallet.example.com',
      SUPPORT_EMAIL: 'help@wallet.example.com',
      SMS_PROVIDER: 'twilio',
      TWILIO_ACCOUNT_SID: 'AC1',
      TWILIO_AUTH_TOKEN: 't',
      TWILIO_FROM_NUMBER: '+15005550006',
      EMAIL_PROVIDER: 'smtp',
      SMTP_HOST: 'smtp.example.com',
      BOT_PROVIDER: 'turnstile',
      BOT_SECRET: 's',
      BOT_SITE_KEY: 'k',
    };
    expect(() => loadConfig({ ...production, ACH_PROVIDER: 'increase' })).toThrowError(
      /sandbox providers cannot run in production/,
    );
    expect(() =>
      loadConfig({
        ...production,
        BANK_LINK_PROVIDER: 'tink',
        TINK_CLIENT_ID: 'c',
        TINK_CLIENT_SECRET: 's',
        ACH_PROVIDER: 'increase',
        INCREASE_API_KEY: 'k',
        INCREASE_ACCOUNT_ID: 'a',
        INCREASE_WEBHOOK_SECRET: 'whsec',
        CARD_PAYOUT_PROVIDER: 'visa_direct',
        VISA_DIRECT_USER_ID: 'u',
        VISA_DIRECT_PASSWORD: 'p',
        VISA_DIRECT_CERT_FILE: '/etc/visa/cert.pem',
        VISA_DIRECT_KEY_FILE: '/etc/visa/key.pem',
        VISA_DIRECT_ACQUIRING_BIN: '408999',
        VISA_DIRECT_CARD_ACCEPTOR_ID: 'ACCEPTOR1',
        VISA_DIRECT_TERMINAL_ID: 'TERM0001',
        VISA_DIRECT_CARD_ACCEPTOR_STATE: 'CA',
        VISA_DIRECT_CARD_ACCEPTOR_ZIP: '94404',
      }),
    ).not.toThrow();
  });
});
