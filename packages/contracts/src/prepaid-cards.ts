import { z } from 'zod';
import { keysetPageQuerySchema } from './paging';
import { otpCodeSchema } from './auth';

/**
 * Virtual prepaid Visa cards (SPEC §2 /redeem/prepaid, /profile/visaprepaidcard-history): loaded
 * from the wallet, issued to the customer as cardholder, listed with their status, balance and
 * expiry. The card's number and CVC are never here: they are asked for one card at a time, after
 * a fresh passcode, and never kept by the product.
 */

const isoDateTime = z.iso.datetime({ offset: true });

/**
 * A card's status as the customer sees it: `processing` until the issuer has issued it, then the
 * issuer's own (inactive until activated, active, canceled), `expired` past its expiry month,
 * `failed` when it could not be issued (the money came back).
 */
export const prepaidCardStatuses = [
  'processing',
  'inactive',
  'active',
  'canceled',
  'expired',
  'failed',
] as const;
export type PrepaidCardStatus = (typeof prepaidCardStatuses)[number];

/** The customer as the issuer knows them: the name and billing address the card is issued to. */
export const prepaidCardholderSchema = z.object({
  cardholder_uuid: z.uuid(),
  name: z.string(),
  email: z.string(),
  address: z.object({
    line_1: z.string(),
    line_2: z.string().nullable(),
    city: z.string(),
    state: z.string(),
    zipcode: z.string(),
  }),
  created_at: isoDateTime,
});
export type PrepaidCardholder = z.infer<typeof prepaidCardholderSchema>;

/** `GET /prepaid-cardholder`: the customer's cardholder, or null before the first card. */
export const prepaidCardholderResponseSchema = z.object({
  cardholder: prepaidCardholderSchema.nullable(),
});
export type PrepaidCardholderResponse = z.infer<typeof prepaidCardholderResponseSchema>;

export const prepaidCardSchema = z.object({
  /** The card's id in this product: the id of the redemption that loaded it. */
  card_uuid: z.uuid(),
  /** The redemption, as GET /transactions/{id} shows it (the same id). */
  transaction_id: z.uuid(),
  status: z.enum(prepaidCardStatuses),
  network: z.literal('visa'),
  /** Known once issued. */
  last4: z.string().nullable(),
  exp_month: z.number().int().nullable(),
  exp_year: z.number().int().nullable(),
  /** What was loaded on the card: the amount taken from the wallet less the fee. */
  loaded_in_cents: z.number().int(),
  fee_in_cents: z.number().int(),
  /** What is left to spend, as the issuer last reported it; null before issue. */
  balance_in_cents: z.number().int().nullable(),
  balance_updated_at: isoDateTime.nullable(),
  /** Why it could not be issued, when it failed. */
  failure_reason: z.string().nullable(),
  created_at: isoDateTime,
  issued_at: isoDateTime.nullable(),
  activated_at: isoDateTime.nullable(),
});
export type PrepaidCard = z.infer<typeof prepaidCardSchema>;

export const prepaidCardListQuerySchema = keysetPageQuerySchema;

export const prepaidCardListSchema = z.object({
  data: z.array(prepaidCardSchema),
  next_cursor: z.string().nullable(),
});
export type PrepaidCardList = z.infer<typeof prepaidCardListSchema>;

export const prepaidCardParamsSchema = z.object({
  card_uuid: z.uuid({ error: 'card_uuid must be a UUID' }),
});

/** Showing a card's number: always with a passcode texted for it just before. */
export const revealPrepaidCardRequestSchema = z.strictObject({
  attempt_id: z.uuid({ error: 'Request a one-time passcode first' }),
  code: otpCodeSchema,
});
export type RevealPrepaidCardRequest = z.input<typeof revealPrepaidCardRequestSchema>;

/** What pays with the card: answered only to its owner, after a fresh passcode, never stored. */
export const prepaidCardSecretsSchema = z.object({
  number: z.string(),
  cvc: z.string(),
  exp_month: z.number().int(),
  exp_year: z.number().int(),
});
export type PrepaidCardSecrets = z.infer<typeof prepaidCardSecretsSchema>;

/** The card is expired after the last day of its expiry month (UTC). */
export function prepaidCardExpired(expMonth: number, expYear: number, now = new Date()): boolean {
  return now.getTime() >= Date.UTC(expYear, expMonth, 1);
}
