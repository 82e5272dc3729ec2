import type { Refund } from '@refund/contracts/refunds';

type Return = Refund['returns'][number];

export interface RefundSplit {
  /** Spendable now. */
  available_in_cents: number;
  /** Held until the label is scanned or the fraud check ends. */
  pending_in_cents: number;
  /** Went back to the merchant after a failed fraud check. */
  returned_in_cents: number;
}

/**
 * How one return's money stands. The held part is the whole return while it awaits pick-up, the
 * fraud hold while it awaits the check, and the part sent back once reversed.
 */
export function returnSplit(item: Return): RefundSplit {
  const rest = item.amount_in_cents - item.hold_amount_in_cents;
  switch (item.state) {
    case 'available':
      return {
        available_in_cents: item.amount_in_cents,
        pending_in_cents: 0,
        returned_in_cents: 0,
      };
    case 'awaiting_pickup':
    case 'awaiting_fraud_check':
      return {
        available_in_cents: rest,
        pending_in_cents: item.hold_amount_in_cents,
        returned_in_cents: 0,
      };
    case 'reversed':
      return {
        available_in_cents: rest,
        pending_in_cents: 0,
        returned_in_cents: item.hold_amount_in_cents,
      };
  }
}

export function refundSplit(refund: Pick<Refund, 'returns'>): RefundSplit {
  return refund.returns.map(returnSplit).reduce(
    (sum, part) => ({
      available_in_cents: sum.available_in_cents + part.available_in_cents,
      pending_in_cents: sum.pending_in_cents + part.pending_in_cents,
      returned_in_cents: sum.returned_in_cents + part.returned_in_cents,
    }),
    { available_in_cents: 0, pending_in_cents: 0, returned_in_cents: 0 },
  );
}
