import type { PayoutMode } from '@refund/contracts/redemptions';

export interface ModeLimits {
  minCents: number;
  maxCents: number;
  /** Fee in basis points of the amount. */
  feeRateBps: number;
  wholeDollarsOnly: boolean;
}

/** Per-method limits the customer sees before choosing an amount. */
export const payoutLimits: Record<PayoutMode, ModeLimits> = {
  debit: { minCents: 100, maxCents: 250_000, feeRateBps: 150, wholeDollarsOnly: false },
  bank: { minCents: 500, maxCents: 500_000, feeRateBps: 0, wholeDollarsOnly: false },
};
