import { z } from 'zod';
import { otpCodeSchema } from './auth';
import { methodContracts } from './method-contracts';
import { nonEmpty } from './methods/method-contract';
import { redemptionModes, type DestinationKind } from './wallet';

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

type Destination = (typeof methodContracts)[number]['destination'];

/**
 * Where a redemption paid to, one shape per kind, as each method's contract defines it: what only
 * one kind has (a prepaid card's status, the FanCash account's name) is on that kind alone, so a
 * reader must say which kind it reads. Two methods paying to one kind share its shape.
 */
export const transactionDestinationSchema = z.discriminatedUnion(
  'kind',
  nonEmpty([...new Set(methodContracts.map((method): Destination => method.destination))]),
);
export type TransactionDestination = z.infer<typeof transactionDestinationSchema>;
export type { DestinationKind };
export const transactionSchema = z.object({
  transaction_id: z.uuid(),
  mode: z.enum(redemptionModes),
  status: z.enum(transactionStatuses),
  /** What left the balance. */
  amount_in_cents: z.number().int(),
  fee_in_cents: z.number().int(),
  /** What the customer receives: amount minus fee. */
  net_amount_in_cents: z.number().int(),
  destination: transactionDestinationSchema,
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
