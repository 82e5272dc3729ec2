import { redemptionModes, type RedemptionMode } from '@refund/contracts/wallet';
import { describe, expect, it } from 'vitest';
import type { RedemptionMethod } from './redemption-method';
import { createMethodRegistry } from './redemption-method-registry';

const method = (mode: RedemptionMode, minCents = 100): RedemptionMethod => ({
  mode,
  destinationKind: 'card',
  inWords: `a ${mode} payout`,
  limits: { minCents, maxCents: 10_000, feeRateBps: 150, wholeDollarsOnly: mode === 'prepaid' },
  destination: async (_q, _userId, id) => ({ id }),
  recordPayout: async () => undefined,
  describe: async () => new Map(),
});

const availability = (methods: RedemptionMethod[], disabled: RedemptionMode[] = []) =>
  Object.fromEntries(
    createMethodRegistry(methods, new Set(disabled))
      .views()
      .map((m) => [m.mode, m.is_available]),
  );

describe('the redemption method registry', () => {
  it('offers exactly the registered methods; every other mode is unavailable', () => {
    // Every mode of the contracts is listed; only the two registered are offered.
    expect(availability([method('debit'), method('bank')])).toEqual(
      Object.fromEntries(
        redemptionModes.map((mode) => [mode, mode === 'debit' || mode === 'bank']),
      ),
    );
    expect(availability([method('prepaid')])).toMatchObject({ prepaid: true, debit: false });
  });

  it('a registered method switched off in configuration is unavailable, and not handed out', () => {
    const registry = createMethodRegistry([method('debit'), method('bank')], new Set(['debit']));
    expect(availability([method('debit'), method('bank')], ['debit'])).toMatchObject({
      debit: false,
      bank: true,
    });
    expect(registry.get('debit')).toBeNull();
    expect(registry.get('bank')?.mode).toBe('bank');
    // A redemption made before it was switched off is still described by it.
    expect(registry.of('debit')?.mode).toBe('debit');
  });

  it("reports each method's own limits, and none for a mode not registered", () => {
    const views = createMethodRegistry([method('debit', 250), method('prepaid')]).views();
    expect(views.find((v) => v.mode === 'debit')).toMatchObject({
      min_amount: 250,
      max_amount: 10_000,
      fee_rate: 150,
      is_whole_amount_value_required: false,
    });
    expect(views.find((v) => v.mode === 'prepaid')).toMatchObject({
      is_whole_amount_value_required: true,
    });
    expect(views.find((v) => v.mode === 'bank')).toMatchObject({
      min_amount: null,
      max_amount: null,
      fee_rate: null,
    });
  });

  it("says each method's kind of destination and whether it spends the bonus; nothing for a mode not registered", () => {
    const giftcard: RedemptionMethod = {
      ...method('giftcard'),
      destinationKind: 'gift_card',
      spendsBonus: true,
    };
    const views = createMethodRegistry([method('debit'), giftcard]).views();
    expect(views.find((v) => v.mode === 'debit')).toMatchObject({
      destination_kind: 'card',
      spends_bonus: false,
    });
    expect(views.find((v) => v.mode === 'giftcard')).toMatchObject({
      destination_kind: 'gift_card',
      spends_bonus: true,
    });
    expect(views.find((v) => v.mode === 'bank')).toMatchObject({
      destination_kind: null,
      spends_bonus: false,
      is_available: false,
    });
  });

  it('a method whose provider does not answer is unavailable until it does again', () => {
    let reachable = false;
    const giftcard = { ...method('giftcard'), isAvailable: () => reachable };
    const registry = createMethodRegistry([giftcard]);
    expect(availability([giftcard])).toMatchObject({ giftcard: false });
    expect(registry.get('giftcard')).toBeNull();
    expect(registry.of('giftcard')?.mode).toBe('giftcard');
    reachable = true;
    expect(availability([giftcard])).toMatchObject({ giftcard: true });
    expect(registry.get('giftcard')?.mode).toBe('giftcard');
  });

  it("shows no limits for a method whose amounts are its destinations' own", () => {
    const views = createMethodRegistry([
      { ...method('giftcard'), limitsPerDestination: true },
    ]).views();
    expect(views.find((v) => v.mode === 'giftcard')).toMatchObject({
      is_available: true,
      min_amount: null,
      max_amount: null,
      fee_rate: null,
    });
  });

  it('takes the modes of the contracts and those registered beyond them, and no other', () => {
    const beyond = { ...method('debit'), mode: 'paypal_test' as RedemptionMode };
    const registry = createMethodRegistry([method('debit'), beyond]);
    expect(registry.modeSchema.safeParse('paypal_test').success).toBe(true);
    // Not registered, but a mode of the contracts: unavailable, not unheard of.
    expect(registry.modeSchema.safeParse('fancash').success).toBe(true);
    expect(registry.modeSchema.safeParse('cheque').success).toBe(false);
    expect(registry.views().map((v) => v.mode)).toEqual([...redemptionModes, 'paypal_test']);
    expect(
      createMethodRegistry([method('debit')]).modeSchema.safeParse('paypal_test').success,
    ).toBe(false);
  });

  it('refuses two methods for one mode', () => {
    expect(() => createMethodRegistry([method('bank'), method('bank')])).toThrow(/two/);
  });
});
