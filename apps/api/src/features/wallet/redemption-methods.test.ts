import type { RedemptionMode } from '@refund/contracts/wallet';
import { describe, expect, it } from 'vitest';
import { redemptionMethods } from './redemption-methods';

const availability = (disabled: RedemptionMode[]) =>
  Object.fromEntries(redemptionMethods(new Set(disabled)).map((m) => [m.mode, m.is_available]));

describe('redemption methods', () => {
  it('offers only the methods that are built: debit card and bank account', () => {
    expect(availability([])).toEqual({
      debit: true,
      bank: true,
      prepaid: false,
      giftcard: false,
      fancash: false,
      earn_rewards: false,
    });
  });

  it('a built method switched off in configuration is unavailable too', () => {
    expect(availability(['debit'])).toMatchObject({ debit: false, bank: true });
  });

  it('answers the payout limits of the built methods', () => {
    const [debit] = redemptionMethods(new Set());
    expect(debit).toMatchObject({ mode: 'debit', min_amount: 100, fee_rate: 150 });
  });
});
