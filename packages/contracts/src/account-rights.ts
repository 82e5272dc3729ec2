import { z } from 'zod';
import { otpCodeSchema } from './auth';
import { bankAccountSchema } from './banks';
import { cardSchema } from './cards';
import { giftCardSchema } from './giftcards';
import { prepaidCardSchema } from './prepaid-cards';
import { profileSchema } from './profile';
import { refundSchema } from './refunds';
import { securityEventSchema } from './security-activity';
import { statementLineSchema, walletBalanceSchema } from './wallet';

const isoDateTime = z.iso.datetime({ offset: true });

/** A sign-in session as the customer's data file lists it: never its tokens or device hash. */
export const exportedSessionSchema = z.object({
  id: z.uuid(),
  created_at: isoDateTime,
  expires_at: isoDateTime,
  ended_at: isoDateTime.nullable(),
  ended_because: z.string().nullable(),
  /** The browser and system, e.g. "Chrome on Android"; null when not known. */
  device: z.string().nullable(),
});
export type ExportedSession = z.infer<typeof exportedSessionSchema>;

/**
 * Everything the product keeps about the signed-in customer, as one file (ADR 0033). Money
 * destinations and cards appear as the screens show them: a card's or account's last digits, a
 * gift card's reference, never a code, PIN, full number or CVC.
 */
export const dataExportSchema = z.object({
  exported_at: isoDateTime,
  profile: profileSchema,
  balance: walletBalanceSchema,
  sessions: z.array(exportedSessionSchema),
  security_activity: z.array(securityEventSchema),
  /** Every movement of the customer's money, newest first. */
  statement: z.array(statementLineSchema),
  refunds: z.array(refundSchema),
  gift_cards: z.array(giftCardSchema),
  prepaid_cards: z.array(prepaidCardSchema),
  payment_methods: z.object({
    cards: z.array(cardSchema),
    bank_accounts: z.array(bankAccountSchema),
  }),
});
export type DataExport = z.infer<typeof dataExportSchema>;

/** Why an account cannot be closed yet: money in it, or a redemption still on its way. */
export const closureBlockers = ['available_balance', 'held_balance', 'pending_redemption'] as const;
export type ClosureBlocker = (typeof closureBlockers)[number];

/** Whether the account can be closed now, and what keeps it open. */
export const closureStatusSchema = z.object({
  closable: z.boolean(),
  blockers: z.array(z.enum(closureBlockers)),
  available_in_cents: z.number().int(),
  pending_in_cents: z.number().int(),
  pending_redemptions: z.number().int(),
});
export type ClosureStatus = z.infer<typeof closureStatusSchema>;

/** Closing the account: with a passcode texted to its phone just before. */
export const closeAccountRequestSchema = z.strictObject({
  attempt_id: z.uuid({ error: 'Request a one-time passcode first' }),
  code: otpCodeSchema,
});
export type CloseAccountRequest = z.input<typeof closeAccountRequestSchema>;

export const closeAccountResponseSchema = z.object({ closed_at: isoDateTime });
export type CloseAccountResponse = z.infer<typeof closeAccountResponseSchema>;
