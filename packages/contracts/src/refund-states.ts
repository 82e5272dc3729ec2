/**
 * The states of a refund and of its returns, as plain lists: the merchant's contracts and the
 * customer's (refunds.ts) both name them, and a screen that reads a customer's refund must not
 * carry the merchant API's schemas along with them.
 */

/** What a return is waiting for before its money is fully the customer's (SPEC §4 refund hints). */
export const returnStates = [
  'available',
  'awaiting_pickup',
  'awaiting_fraud_check',
  'reversed',
] as const;
export type ReturnState = (typeof returnStates)[number];

export const refundStatuses = ['pending', 'claimed', 'original_method', 'cancelled'] as const;
export type RefundStatus = (typeof refundStatuses)[number];
