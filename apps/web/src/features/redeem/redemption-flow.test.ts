import { describe, expect, it, vi } from 'vitest';
import { sessionSlot } from '../../lib/session-slot';
import {
  createRedemptionFlowStore,
  initialRedemptionFlow,
  isReadyToConfirm,
  redemptionFlowSchema,
} from './redemption-flow';

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

const slotOn = (storage: ReturnType<typeof memoryStorage>) =>
  sessionSlot('redemption_flow', redemptionFlowSchema, () => storage);

describe('redemption flow state', () => {
  it("starts from the SPEC's defaults", () => {
    const store = createRedemptionFlowStore(slotOn(memoryStorage()));
    expect(store.get()).toEqual({
      mode: null,
      amount: 0,
      selectedPaymentMethodUUID: null,
      orderID: null,
      brand_id: 0,
      product_id: 0,
      fee_rate: 0,
      cashbackPercentage: 0,
      display_name: null,
      image: null,
      gross_amount_in_cents: 0,
      selectedGiftcardBrand: null,
      min_amount: 0,
      max_amount: 0,
      provider_brand_id: 0,
      is_whole_amount_value_required: false,
    });
  });

  it('survives a reload mid-flow, and a reset brings the defaults back', () => {
    const storage = memoryStorage();
    const store = createRedemptionFlowStore(slotOn(storage));
    store.update({
      mode: 'debit',
      amount: 5000,
      selectedPaymentMethodUUID: 'card-1',
      fee_rate: 150,
    });

    const afterReload = createRedemptionFlowStore(slotOn(storage));
    expect(afterReload.get()).toMatchObject({
      mode: 'debit',
      amount: 5000,
      selectedPaymentMethodUUID: 'card-1',
      fee_rate: 150,
    });

    afterReload.reset();
    expect(afterReload.get()).toEqual(initialRedemptionFlow);
    expect(createRedemptionFlowStore(slotOn(storage)).get()).toEqual(initialRedemptionFlow);
  });

  it('ignores a saved state it cannot read', () => {
    const storage = memoryStorage();
    storage.setItem('redemption_flow', JSON.stringify({ mode: 'teleport', amount: -3 }));
    expect(createRedemptionFlowStore(slotOn(storage)).get()).toEqual(initialRedemptionFlow);
  });

  it('tells its subscribers about every change', () => {
    const store = createRedemptionFlowStore(slotOn(memoryStorage()));
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    store.update({ amount: 100 });
    store.reset();
    unsubscribe();
    store.update({ amount: 200 });
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it('is ready to confirm once a method, a destination and an amount are chosen', () => {
    const chosen = { ...initialRedemptionFlow, mode: 'bank' as const, amount: 500 };
    expect(isReadyToConfirm(chosen)).toBe(false);
    expect(isReadyToConfirm({ ...chosen, selectedPaymentMethodUUID: 'acct-1' })).toBe(true);
    // A gift card's destination is its quote.
    expect(isReadyToConfirm({ ...chosen, mode: 'giftcard', selectedPaymentMethodUUID: 'q' })).toBe(
      true,
    );
    // A prepaid card's destination is its cardholder.
    expect(isReadyToConfirm({ ...chosen, mode: 'prepaid', selectedPaymentMethodUUID: 'ch' })).toBe(
      true,
    );
    // A FanCash redemption's destination is the linked account.
    expect(isReadyToConfirm({ ...chosen, mode: 'fancash', selectedPaymentMethodUUID: 'l' })).toBe(
      true,
    );
    // An earn-rewards brand's card is a gift card: its destination is its quote too.
    expect(
      isReadyToConfirm({ ...chosen, mode: 'earn_rewards', selectedPaymentMethodUUID: 'q' }),
    ).toBe(true);
    // Without a method nothing is confirmed.
    expect(isReadyToConfirm({ ...chosen, mode: null, selectedPaymentMethodUUID: 'x' })).toBe(false);
    expect(isReadyToConfirm({ ...chosen, amount: 0, selectedPaymentMethodUUID: 'acct-1' })).toBe(
      false,
    );
  });
});
