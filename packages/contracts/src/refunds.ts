import { z } from 'zod';
import { botTokenSchema, otpCodeSchema } from './auth';
import { refundStatuses, returnStates } from './refund-states';
import { text } from './text';

const isoDateTime = z.iso.datetime({ offset: true });

/** What the claim page shows to whoever holds the link: nothing about the customer's account. */
export const claimPageSchema = z.object({
  refund_uuid: z.uuid(),
  merchant_name: z.string(),
  customer_first_name: z.string(),
  amount_in_cents: z.number().int(),
  order_number: z.string(),
  logo_file_key: z.uuid().nullable(),
  splash_file_key: z.uuid().nullable(),
  expires_at: isoDateTime,
});
export type ClaimPage = z.infer<typeof claimPageSchema>;

/** SPEC §4 claim next-step decisions. */
export const claimGotos = [
  'ACCOUNT_VERIFICATION',
  'ACCOUNT_SIGNUP',
  'VERIFY_EMAIL',
  'ADD_PHONE_NUMBER',
  'CLAIM_SUCCESS',
] as const;
export type ClaimGoto = (typeof claimGotos)[number];

/** SPEC §3 next-step result. */
export const claimNextStepSchema = z.object({
  goto: z.enum(claimGotos),
  phone_number: z.string().nullable(),
  email: z.string().nullable(),
});
export type ClaimNextStep = z.infer<typeof claimNextStepSchema>;

export const claimOtpChannels = ['mobile', 'email'] as const;

/** Starts the one-time code that proves the customer holds the refund's phone or email. */
export const claimOtpRequestSchema = z.object({
  refund_uuid: z.uuid({ error: 'refund_uuid must be a UUID' }),
  channel: z.enum(claimOtpChannels),
  purpose: z.enum(['REFUND_CLAIM', 'VERIFY_EMAIL']).default('REFUND_CLAIM'),
  bot_token: botTokenSchema,
});

/** SPEC §7 resend, with purpose REFUND_CLAIM. */
export const resendOtpRequestSchema = z.object({
  purpose: z.enum(['REFUND_CLAIM', 'VERIFY_EMAIL']),
  attempt_id: z.uuid({ error: 'Unknown verification attempt' }),
  bot_token: botTokenSchema,
});

export const claimVerifyRequestSchema = z.object({
  attempt_id: z.uuid({ error: 'Unknown verification attempt' }),
  code: otpCodeSchema,
});

export const claimRefundRequestSchema = z.object({
  refund_uuid: z.uuid({ error: 'refund_uuid must be a UUID' }),
});

/** SPEC §3 refund claim. */
export const claimRefundResponseSchema = z.object({
  refund_uuid: z.uuid(),
  returns: z.array(z.object({ return_uuid: z.uuid(), amountInCents: z.number().int() })),
});
export type ClaimRefundResponse = z.infer<typeof claimRefundResponseSchema>;

export const refundReturnSchema = z.object({
  return_uuid: z.uuid(),
  description: z.string(),
  amount_in_cents: z.number().int(),
  state: z.enum(returnStates),
  /** Part of the amount not yet available (held for pick-up or a fraud check). */
  hold_amount_in_cents: z.number().int(),
  hold_expires_at: isoDateTime.nullable(),
});

export const refundSchema = z.object({
  refund_uuid: z.uuid(),
  merchant_name: z.string(),
  order_number: z.string(),
  file_id: z.string().nullable(),
  description: z.string(),
  amount_in_cents: z.number().int(),
  status: z.enum(refundStatuses),
  claimed_at: isoDateTime.nullable(),
  /** When the customer chose the original payment method instead (status original_method). */
  original_method_at: isoDateTime.nullable(),
  /**
   * What claiming the refund put into the wallet (available and held), as the ledger holds it:
   * the amount less any return reversed before the claim. Null when nothing entered the wallet
   * (sent to the original payment method, or nothing left to credit).
   */
  wallet_credit_in_cents: z.number().int().nullable(),
  returns: z.array(refundReturnSchema),
});
export type Refund = z.infer<typeof refundSchema>;

/** A refund waiting for the signed-in customer (their phone or verified email), to claim. */
export const unclaimedRefundSchema = z.object({
  refund_uuid: z.uuid(),
  merchant_name: z.string(),
  order_number: z.string(),
  amount_in_cents: z.number().int(),
  expires_at: isoDateTime,
});
export type UnclaimedRefund = z.infer<typeof unclaimedRefundSchema>;

export const unclaimedRefundListSchema = z.object({ data: z.array(unclaimedRefundSchema) });

export const refundListSchema = z.object({
  data: z.array(refundSchema),
  next_cursor: z.string().nullable(),
});

export const originalMethodResponseSchema = z.object({
  refund_uuid: z.uuid(),
  status: z.literal('original_method'),
});

export const messageResponseSchema = z.object({ message: z.string() });

/**
 * What an e-mail link asks, for the person who opened it (ADR 0011): which address, for which
 * account (its phone, masked), whether it verifies the account's address or changes it, and
 * whether the account signed in here is the one that asked (null when signed out). Only the
 * account that asked can confirm it; anyone holding it can refuse it ("This wasn't me").
 */
export const emailLinkSchema = z.object({
  email: z.string(),
  phone_number: z.string(),
  purpose: z.enum(['verify', 'change']),
  for_signed_in_account: z.boolean().nullable(),
});
export type EmailLink = z.infer<typeof emailLinkSchema>;

export const verifyEmailParamsSchema = z.object({
  // Any malformed id is answered by the service as an invalid link, with its own message.
  id: text(undefined, 'This verification link is invalid or has expired.')
    .min(1)
    .max(200, 'This verification link is invalid or has expired.'),
});
