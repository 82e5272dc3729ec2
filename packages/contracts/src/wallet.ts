import { z } from 'zod';

export const walletBalanceSchema = z.object({
  /** Refunded money that can be redeemed any way now. */
  available_in_cents: z.number().int(),
  /** Refunded money still held (a merchant's fraud check). */
  pending_in_cents: z.number().int(),
  /** A bonus the product gave: spend-only (gift cards, prepaid cards), until its last day. */
  bonus_in_cents: z.number().int().default(0),
  /** When the bonus can no longer be spent; null without one. */
  bonus_expires_at: z.iso.datetime({ offset: true }).nullable().default(null),
  /** All of the above together. */
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
