import { z } from 'zod';
import { otpCodeSchema } from './auth';
import { prepaidCardStatuses } from './prepaid-cards';
import { redemptionModes } from './wallet';

/** The destinations the web app adds and lists itself: a debit card and a bank account. */
export const payoutModes = ['debit', 'bank'] as const;
export type PayoutMode = (typeof payoutModes)[number];

/** Fee in whole cents for an amount and a rate in basis points, rounded half up. */
export function feeCents(amountCents: number, feeRateBps: number): number {
  return Math.floor((amountCents * feeRateBps + 5_000) / 10_000);
}

export const redemptionOtpResponseSchema = z.object({
  attempt_id: z.uuid(),
  destination: z.string(),
  expires_in_seconds: z.number().int(),
  resend_available_in_seconds: z.number().int(),
});

export const createRedemptionRequestSchema = z.object({
  /** Any redemption mode; one the server does not offer answers METHOD_UNAVAILABLE. */
  mode: z.enum(redemptionModes),
  payment_method_uuid: z.uuid({ error: 'Choose a card or bank account' }),
  amount_in_cents: z
    .number({ error: 'amount_in_cents must be a whole number of cents' })
    .int('amount_in_cents must be a whole number of cents')
    .positive('Enter an amount above zero'),
  /** The withdrawal one-time passcode. */
  attempt_id: z.uuid({ error: 'Request a one-time passcode first' }),
  code: otpCodeSchema,
  /** The bot check's token, for methods guarded by one (gift cards: customer_gc_rewards). */
  bot_token: z.string().max(4096).optional(),
});
export type CreateRedemptionRequest = z.input<typeof createRedemptionRequestSchema>;

export const transactionStatuses = ['Pending', 'Successful', 'Failed'] as const;

export const transactionSchema = z.object({
  transaction_id: z.uuid(),
  mode: z.enum(redemptionModes),
  status: z.enum(transactionStatuses),
  /** What left the balance. */
  amount_in_cents: z.number().int(),
  fee_in_cents: z.number().int(),
  /** What the customer receives: amount minus fee. */
  net_amount_in_cents: z.number().int(),
  destination: z.object({
    kind: z.enum(['card', 'bank_account', 'gift_card', 'prepaid_card', 'fancash']),
    /** The card network, the gift card's brand name, or "FanCash"; null for a bank account. */
    brand: z.string().nullable(),
    /** The bank's name where known; null for a card. */
    bank_name: z.string().nullable(),
    last4: z.string(),
    /**
     * A prepaid card's status (prepaid-cards.ts), so a list can offer "Activate" on an inactive
     * one; absent for other destinations.
     */
    card_status: z.enum(prepaidCardStatuses).optional(),
    /** The account credited, as its program names it (a FanCash fan's name); else absent. */
    account_name: z.string().optional(),
  }),
  network_reference: z.string().nullable(),
  /** Why it failed or came back; an ACH return names its code, e.g. "R01". */
  failure_reason: z.string().nullable(),
  returned: z.boolean(),
  created_at: z.iso.datetime({ offset: true }),
  completed_at: z.iso.datetime({ offset: true }).nullable(),
});
export type Transaction = z.infer<typeof transactionSchema>;

export const transactionListSchema = z.object({
  data: z.array(transactionSchema),
  next_cursor: z.string().nullable(),
});

/** How the customer rated a finished redemption on the success screen (1 to 5 stars). */
export const rateTransactionRequestSchema = z
  .object({
    rating: z
      .number({ error: 'rating must be a whole number from 1 to 5' })
      .int('rating must be a whole number from 1 to 5')
      .min(1, 'rating must be a whole number from 1 to 5')
      .max(5, 'rating must be a whole number from 1 to 5'),
  })
  .strict();
export type RateTransactionRequest = z.input<typeof rateTransactionRequestSchema>;
