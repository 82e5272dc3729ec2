import { redemptionModes } from '@refund/contracts/wallet';
import { useSyncExternalStore } from 'react';
import { z } from 'zod';
import { sessionSlot, type SessionSlot } from '../../lib/session-slot';

const cents = z.number().int().min(0);

/**
 * SPEC §3 "Redemption flow state": what the customer chose so far on the way from picking a
 * method to confirming. Money is in cents; `fee_rate` is in basis points of the amount.
 * `orderID` is the redemption's own id on this device, sent as its Idempotency-Key, so a retry
 * after a lost answer can never pay twice.
 */
export const redemptionFlowSchema = z.object({
  mode: z.enum(redemptionModes).nullable(),
  amount: cents,
  selectedPaymentMethodUUID: z.string().nullable(),
  orderID: z.string().nullable(),
  brand_id: z.number().int(),
  product_id: z.number().int(),
  fee_rate: cents,
  cashbackPercentage: z.number().min(0),
  display_name: z.string().nullable(),
  image: z.string().nullable(),
  gross_amount_in_cents: cents,
  selectedGiftcardBrand: z.string().nullable(),
  min_amount: cents,
  max_amount: cents,
  provider_brand_id: z.number().int(),
  is_whole_amount_value_required: z.boolean(),
});
export type RedemptionFlow = z.infer<typeof redemptionFlowSchema>;

export const initialRedemptionFlow: RedemptionFlow = Object.freeze({
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

export interface RedemptionFlowStore {
  get: () => RedemptionFlow;
  update: (changes: Partial<RedemptionFlow>) => void;
  reset: () => void;
  subscribe: (listener: () => void) => () => void;
}

/** A store kept in session storage: a reload mid-flow finds the same choices. */
export function createRedemptionFlowStore(slot: SessionSlot<RedemptionFlow>): RedemptionFlowStore {
  let current = slot.read() ?? initialRedemptionFlow;
  const listeners = new Set<() => void>();
  const publish = (next: RedemptionFlow) => {
    current = next;
    listeners.forEach((listener) => listener());
  };
  return {
    get: () => current,
    update(changes) {
      const next = { ...current, ...changes };
      slot.write(next);
      publish(next);
    },
    reset() {
      slot.clear();
      publish(initialRedemptionFlow);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export const redemptionFlow = createRedemptionFlowStore(
  sessionSlot('redemption_flow', redemptionFlowSchema),
);

export function useRedemptionFlow(store: RedemptionFlowStore = redemptionFlow): RedemptionFlow {
  return useSyncExternalStore(store.subscribe, store.get, store.get);
}

/** The modes whose redemptions this flow confirms and makes: every mode the contracts name. */
export const confirmableModes = redemptionModes;
export type ConfirmableMode = (typeof confirmableModes)[number];

const isConfirmable = (mode: RedemptionFlow['mode']): mode is ConfirmableMode =>
  (confirmableModes as readonly (string | null)[]).includes(mode);

/**
 * Whether the flow holds everything the confirm and passcode steps need: a destination (a card,
 * a bank account, a gift card's quote, the prepaid card's cardholder, or the linked FanCash
 * account) and an amount.
 */
export function isReadyToConfirm(
  flow: RedemptionFlow,
): flow is RedemptionFlow & { mode: ConfirmableMode; selectedPaymentMethodUUID: string } {
  return isConfirmable(flow.mode) && flow.selectedPaymentMethodUUID !== null && flow.amount > 0;
}
