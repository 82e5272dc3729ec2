import { describe, expect, it } from 'vitest';
import { sessionSlot } from '../../lib/session-slot';
import { chooseDestination } from './choose-destination';
import type { PayoutDestination } from './payout-destination';
import {
  createRedemptionFlowStore,
  initialRedemptionFlow,
  redemptionFlowSchema,
} from './redemption-flow';

function memoryStore() {
  const items = new Map<string, string>();
  return createRedemptionFlowStore(
    sessionSlot('redemption_flow', redemptionFlowSchema, () => ({
      getItem: (key) => items.get(key) ?? null,
      setItem: (key, value) => void items.set(key, value),
      removeItem: (key) => void items.delete(key),
    })),
  );
}

interface Wallet {
  ref: string;
  nickname: string;
}

// A kind of destination the flow has never heard of: all it knows is the interface.
const wallets: PayoutDestination<Wallet> = {
  mode: 'bank',
  useSaved: () => ({
    data: [],
    isPending: false,
    isError: false,
    refetch: () => Promise.resolve(),
  }),
  idOf: (wallet) => wallet.ref,
  label: (wallet) => `Wallet ${wallet.nickname}`,
  detail: () => '',
  AddActions: () => null,
};

describe('choosing a destination', () => {
  it('pays out to it from now on, under its name, as a new redemption', () => {
    const store = memoryStore();
    store.update({
      mode: 'debit',
      amount: 5000,
      fee_rate: 150,
      selectedPaymentMethodUUID: 'card-1',
      display_name: 'Visa •••• 5556',
      orderID: 'order-0001',
    });

    const label = chooseDestination(wallets, { ref: 'w-7', nickname: 'Savings jar' }, store);

    expect(label).toBe('Wallet Savings jar');
    expect(store.get()).toEqual({
      ...initialRedemptionFlow,
      mode: 'bank',
      amount: 5000,
      fee_rate: 150,
      selectedPaymentMethodUUID: 'w-7',
      display_name: 'Wallet Savings jar',
      orderID: null,
    });
  });
});
