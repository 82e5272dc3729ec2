import { z } from 'zod';
import { methodContracts } from './method-contracts';
import { nonEmpty } from './methods/method-contract';
import { keysetPageQuerySchema } from './paging';

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

type Contracts = typeof methodContracts;

/** Every redemption mode, in the order the methods are offered (`method-contracts.ts`). */
export type RedemptionMode = Contracts[number]['mode'];
export const redemptionModes = nonEmpty<RedemptionMode>(
  methodContracts.map((method) => method.mode),
);

/** What a redemption pays to, one kind per method's destination (a transaction's `destination`). */
export type DestinationKind = z.infer<Contracts[number]['destination']>['kind'];
export const destinationKinds = nonEmpty<DestinationKind>([
  ...new Set(methodContracts.map((method) => method.destination.shape.kind.value)),
]);

export const redemptionMethodSchema = z.object({
  mode: z.enum(redemptionModes),
  /** What the method pays to (its transactions' destinations); null for a mode not offered here. */
  destination_kind: z.enum(destinationKinds).nullable(),
  /** Whether the welcome bonus (spend-only money) pays for this method before the balance. */
  spends_bonus: z.boolean(),
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

/**
 * What moved the customer's money, one kind per line of the statement (GET /wallet/statement).
 * A redemption's fee is a line of its own beside the redemption.
 */
export const statementLineKinds = [
  'refund_claimed',
  'refund_reversed',
  'redemption',
  'redemption_fee',
  'redemption_returned',
  'cashback',
  'brand_reward',
  'welcome_bonus',
  'welcome_bonus_expired',
  'free_play',
] as const;
export type StatementLineKind = (typeof statementLineKinds)[number];

/**
 * The lines of the statement Transaction History shows beside its refund and redemption rows:
 * money that came in or went out with no refund or redemption row of its own (a redemption's
 * fee, cashback, a brand's reward, a bonus and its expiry, the free play, a payout given back, a
 * refund reversed after its fraud check). With each refund's wallet credit and each redemption's
 * net amount they add up to the balance.
 */
export const transactionHistoryMovementKinds: readonly StatementLineKind[] = [
  'redemption_fee',
  'refund_reversed',
  'redemption_returned',
  'cashback',
  'brand_reward',
  'welcome_bonus',
  'welcome_bonus_expired',
  'free_play',
];

/**
 * One movement of the customer's money, as their ledger holds it: money in is positive, money
 * out negative. The lines of a customer's statement sum to their balance (total_in_cents).
 */
export const statementLineSchema = z.object({
  /** Stable across pages: the ledger transfer's id (with `:fee` for a redemption's fee). */
  id: z.string(),
  kind: z.enum(statementLineKinds),
  amount_in_cents: z.number().int(),
  occurred_at: z.iso.datetime({ offset: true }),
  /** A redemption's state while its payout is on its way; every other movement is completed. */
  status: z.enum(['completed', 'pending', 'failed']),
  /** The refund a line is about (claimed, reversed), with its merchant. */
  refund: z.object({ id: z.uuid(), merchant_name: z.string() }).nullable(),
  /** The redemption a line is about (it, its fee, its cashback or reward, its money back). */
  redemption: z.object({ id: z.uuid(), mode: z.enum(redemptionModes) }).nullable(),
});
export type StatementLine = z.infer<typeof statementLineSchema>;

/** A page of the statement; `kinds` (comma-separated) keeps those kinds of line only. */
export const statementQuerySchema = keysetPageQuerySchema.extend({
  kinds: z
    .string()
    .max(400)
    .transform((value) => value.split(',').filter((kind) => kind !== ''))
    .pipe(
      z.array(
        z.enum(statementLineKinds, {
          error: `kinds: each one of ${statementLineKinds.join(', ')}`,
        }),
      ),
    )
    .optional(),
});

export const statementPageSchema = z.object({
  data: z.array(statementLineSchema),
  next_cursor: z.string().nullable(),
});
export type StatementPage = z.infer<typeof statementPageSchema>;

/** A month of the statement to download, `YYYY-MM` (months run in UTC). */
export const statementMonthParamsSchema = z.strictObject({
  month: z
    .string()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'month must be YYYY-MM')
    .refine((month) => month >= '2000-01', 'month must be YYYY-MM'),
});

/** How a monthly statement is downloaded: a spreadsheet's CSV, or a PDF to keep. */
export const statementFormatQuerySchema = z.strictObject({
  format: z.enum(['csv', 'pdf'], { error: 'format must be csv or pdf' }),
});

/** A monthly statement's file: CSV text or PDF bytes, with the content type of its format. */
export const statementFileSchema = z
  .custom<Uint8Array<ArrayBufferLike>>((value) => value instanceof Uint8Array)
  .meta({ type: 'string', format: 'binary', description: 'The statement: CSV or PDF' });
