import { z } from 'zod';

export const walletBalanceSchema = z.object({
  available_in_cents: z.number().int(),
  pending_in_cents: z.number().int(),
  total_in_cents: z.number().int(),
});
export type WalletBalance = z.infer<typeof walletBalanceSchema>;

export const redemptionModes = [
  'debit',
  'bank',
  'prepaid',
  'giftcard',
  'fancash',
  'earn_rewards',
] as const;
export type RedemptionMode = (typeof redemptionModes)[number];

export const redemptionMethodSchema = z.object({
  mode: z.enum(redemptionModes),
  is_available: z.boolean(),
  /** Per-redemption limits in cents; null where the method sets them per brand. */
  min_amount: z.number().int().nullable(),
  max_amount: z.number().int().nullable(),
  /** Fee in basis points of the amount (150 = 1.5%); null where the method has none of its own. */
  fee_rate: z.number().int().nullable(),
  is_whole_amount_value_required: z.boolean(),
});
export type RedemptionMethod = z.infer<typeof redemptionMethodSchema>;

export const redemptionMethodListSchema = z.object({ data: z.array(redemptionMethodSchema) });
