import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { productionEnv as production } from './support/production-env';

describe('gift card configuration', () => {
  it('uses the sandbox issuer outside production, with half the discount as cashback', () => {
    expect(loadConfig({})).toMatchObject({
      GIFT_CARD_PROVIDER: 'sandbox',
      GIFT_CARD_CASHBACK_SHARE_BPS: 5_000,
      GIFT_CARD_CATALOG_SYNC_SECONDS: 3_600,
    });
  });

  it('has no issuer in production unless one is named, and refuses the sandbox there', () => {
    expect(loadConfig(production)).toMatchObject({ GIFT_CARD_PROVIDER: 'none' });
    expect(() => loadConfig({ ...production, GIFT_CARD_PROVIDER: 'sandbox' })).toThrowError(
      /GIFT_CARD_PROVIDER: sandbox providers cannot run in production/,
    );
    // Only the variable at fault is named.
    expect(() => loadConfig({ ...production, GIFT_CARD_PROVIDER: 'sandbox' })).not.toThrowError(
      /SMS_PROVIDER/,
    );
  });

  it('reads brand lists and refuses a share above the whole discount', () => {
    expect(
      loadConfig({ GIFT_CARD_FEATURED_BRANDS: ' A, B ,,C', GIFT_CARD_DISABLED_BRANDS: '' }),
    ).toMatchObject({ GIFT_CARD_FEATURED_BRANDS: ['A', 'B', 'C'], GIFT_CARD_DISABLED_BRANDS: [] });
    expect(() => loadConfig({ GIFT_CARD_CASHBACK_SHARE_BPS: '10001' })).toThrowError(
      /GIFT_CARD_CASHBACK_SHARE_BPS/,
    );
  });

  it('takes Runa in production, with its API key', () => {
    expect(() => loadConfig({ ...production, GIFT_CARD_PROVIDER: 'runa' })).toThrowError(
      /RUNA_API_KEY: required for GIFT_CARD_PROVIDER=runa/,
    );
    expect(
      loadConfig({ ...production, GIFT_CARD_PROVIDER: 'runa', RUNA_API_KEY: 'runa_live_key' }),
    ).toMatchObject({ GIFT_CARD_PROVIDER: 'runa', RUNA_API_VERSION: '2024-02-05' });
  });

  it('names the support e-mail the instructions show; production must set it', () => {
    expect(loadConfig({})).toMatchObject({ SUPPORT_EMAIL: 'support@refund-wallet.example' });
    expect(loadConfig(production)).toMatchObject({ SUPPORT_EMAIL: 'help@wallet.example.com' });
    const { SUPPORT_EMAIL: _omitted, ...withoutEmail } = production;
    expect(() => loadConfig(withoutEmail)).toThrowError(/SUPPORT_EMAIL: required in production/);
    expect(() => loadConfig({ SUPPORT_EMAIL: 'not an address' })).toThrowError(/SUPPORT_EMAIL/);
  });
});
