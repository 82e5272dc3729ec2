import type { RedemptionMode } from '@refund/contracts/wallet';
import { describe, expect, it } from 'vitest';
import {
  bonusLastDay,
  liveBonusCents,
  offeredWelcomeBonus,
  paymentOf,
  spendableCents,
  spendableFor,
  spendsBonus,
} from './welcome-bonus';
import { methodView } from '../../test/method-views';

/** Whether a mode spends the bonus is the API's answer: its methods as GET /redemption-methods lists them. */
const method = (mode: RedemptionMode) => methodView(mode);

const now = new Date('2027-05-01T12:00:00.000Z');
const balance = {
  available_in_cents: 4_500,
  bonus_in_cents: 1_000,
  bonus_expires_at: '2027-07-01T00:00:00.000Z',
};

describe('what a redemption can spend', () => {
  it('counts the bonus for gift cards and prepaid cards, never for payouts', () => {
    expect(spendableCents(balance, method('giftcard'), now)).toBe(5_500);
    // An earn-rewards brand's card is a gift card: the bonus pays for it too.
    expect(spendableCents(balance, method('earn_rewards'), now)).toBe(5_500);
    expect(spendableCents(balance, method('prepaid'), now)).toBe(5_500);
    expect(spendableCents(balance, method('debit'), now)).toBe(4_500);
    expect(spendableCents(balance, method('bank'), now)).toBe(4_500);
    // FanCash is store credit at a merchant: the bonus never becomes it.
    expect(spendableCents(balance, method('fancash'), now)).toBe(4_500);
    expect(spendsBonus(method('giftcard'))).toBe(true);
    expect(spendsBonus(method('bank'))).toBe(false);
    expect(spendsBonus(method('fancash'))).toBe(false);
    expect(spendsBonus(null)).toBe(false);
  });

  it('says which bonus a payout leaves out', () => {
    expect(spendableFor(balance, method('debit'), now)).toEqual({
      cents: 4_500,
      availableCents: 4_500,
      bonusCents: 0,
      unspendableBonusCents: 1_000,
    });
    expect(spendableFor(balance, method('prepaid'), now)).toEqual({
      cents: 5_500,
      availableCents: 4_500,
      bonusCents: 1_000,
      unspendableBonusCents: 0,
    });
  });

  it('counts no bonus from its end on, even in a balance read before', () => {
    const atEnd = new Date('2027-07-01T00:00:00.000Z');
    expect(liveBonusCents(balance, new Date(atEnd.getTime() - 1))).toBe(1_000);
    expect(liveBonusCents(balance, atEnd)).toBe(0);
    expect(spendableCents(balance, method('giftcard'), atEnd)).toBe(4_500);
    expect(spendableCents({ ...balance, bonus_in_cents: 0 }, method('giftcard'), now)).toBe(4_500);
  });
});

describe('how an amount is paid', () => {
  it('takes the bonus first, then the balance, which alone goes down', () => {
    const spendable = spendableFor(balance, method('giftcard'), now);
    expect(paymentOf(spendable, 5_000)).toEqual({
      fromBonus: 1_000,
      fromBalance: 4_000,
      balanceAfter: 500,
    });
    expect(paymentOf(spendable, 600)).toEqual({
      fromBonus: 600,
      fromBalance: 0,
      balanceAfter: 4_500,
    });
  });

  it('takes a payout from the balance alone', () => {
    expect(paymentOf(spendableFor(balance, method('debit'), now), 2_000)).toEqual({
      fromBonus: 0,
      fromBalance: 2_000,
      balanceAfter: 2_500,
    });
  });
});

describe('the bonus last day', () => {
  it('is the configured one, or else the UTC day before the bonus ends', () => {
    const config = { amount_in_cents: 1_000, last_day: '2027-06-30' };
    expect(bonusLastDay(balance, config)).toBe('2027-06-30');
    expect(bonusLastDay(balance, null)).toBe('2027-06-30');
    expect(bonusLastDay({ bonus_expires_at: '2027-07-01T02:00:00+02:00' }, null)).toBe(
      '2027-06-30',
    );
    expect(bonusLastDay({ bonus_expires_at: null }, null)).toBeNull();
  });

  it('is offered to a first claim until the end of its last day (UTC), when one is configured', () => {
    const config = { amount_in_cents: 1_000, last_day: '2027-06-30' };
    expect(offeredWelcomeBonus(config, new Date('2027-06-30T23:59:59.999Z'))).toBe(config);
    expect(offeredWelcomeBonus(config, new Date('2027-07-01T00:00:00.000Z'))).toBeNull();
    expect(offeredWelcomeBonus({ ...config, amount_in_cents: 0 }, now)).toBeNull();
    expect(offeredWelcomeBonus(null, now)).toBeNull();
    expect(offeredWelcomeBonus(undefined, now)).toBeNull();
  });
});
