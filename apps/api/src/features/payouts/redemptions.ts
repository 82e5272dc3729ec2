import { createHash, randomUUID } from 'node:crypto';
import { and, desc, eq, lt, or } from 'drizzle-orm';
import type { OtpChallenge } from '@refund/contracts/auth';
import type { RedemptionMode } from '@refund/contracts/wallet';
import { feeCents, type Transaction } from '@refund/contracts/redemptions';
import type { Db } from '../../db/database';
import { retryingConnectionLoss, transactionRetrying } from '../../db/sql-state';
import { bankAccounts, bankPayouts, cards, otpAttempts, redemptions, users } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { decodeCursor, encodeCursor } from '../../http/cursor';
import type { JobQueue } from '../../jobs/job-queue';
import type { CardPayouts, CardPushResult } from '../../providers/ports';
import type { OtpService } from '../auth/otp-service';
import { usableBankAccount } from '../banks/bank-accounts';
import type { CardVault } from '../cards/card-vault';
import { usableCard } from '../cards/cards';
import {
  customerAvailable,
  InsufficientFundsError,
  planTransfer,
  postTransfer,
  systemShard,
  type TransferInput,
} from '../ledger/ledger';
import { createCardRedemptionBatches } from './card-redemption-batches';
import { applyAndNotify, settleTransfer } from './payout-events';
import { ACH_SUBMIT_QUEUE } from './payout-jobs';
import { pushHolderOf } from './push-holders';
import { payoutLimits } from './redemption-limits';

export interface RedemptionDeps {
  db: Db;
  jobs: JobQueue;
  otp: OtpService;
  vault: CardVault;
  cardPayouts: CardPayouts;
  disabledModes: ReadonlySet<RedemptionMode>;
  /** Moves the customer's lapsed fraud holds to available now; answers the cents moved. */
  releaseLapsedHolds: (userId: string) => Promise<number>;
}

export interface RedemptionInput {
  mode: 'debit' | 'bank';
  payment_method_uuid: string;
  amount_in_cents: number;
  attempt_id: string;
  code: string;
}

type Row = typeof redemptions.$inferSelect;
type CardRow = typeof cards.$inferSelect;
type BankRow = typeof bankAccounts.$inferSelect;

/** What the transaction shows of where the money went. */
interface Destination {
  brand: CardRow['brand'] | null;
  bankName: BankRow['bankName'];
  last4: string | null;
}

const statusLabel = {
  pending: 'Pending',
  succeeded: 'Successful',
  failed: 'Failed',
  returned: 'Failed',
} as const;

/** What a transaction shows of its redemption row. */
type ViewRow = Pick<
  Row,
  | 'id'
  | 'mode'
  | 'status'
  | 'amountCents'
  | 'feeCents'
  | 'networkReference'
  | 'failureReason'
  | 'createdAt'
  | 'completedAt'
>;
/** A card redemption as the request that recorded it knows it. */
type RecordedRow = ViewRow & { cardId: string };

function view(row: ViewRow, to: Destination): Transaction {
  return {
    transaction_id: row.id,
    mode: row.mode,
    status: statusLabel[row.status],
    amount_in_cents: row.amountCents,
    fee_in_cents: row.feeCents,
    net_amount_in_cents: row.amountCents - row.feeCents,
    destination:
      row.mode === 'debit'
        ? { kind: 'card', brand: to.brand, bank_name: null, last4: to.last4 ?? '' }
        : { kind: 'bank_account', brand: null, bank_name: to.bankName, last4: to.last4 ?? '' },
    network_reference: row.networkReference,
    failure_reason: row.failureReason,
    returned: row.status === 'returned',
    created_at: row.createdAt.toISOString(),
    completed_at: row.completedAt ? row.completedAt.toISOString() : null,
  };
}

/** A transaction with its card or bank account; the card or the bank side is null. */
const withDestination = {
  row: redemptions,
  brand: cards.brand,
  cardLast4: cards.last4,
  bankName: bankAccounts.bankName,
  bankLast4: bankAccounts.last4,
};

const destinationOf = (r: {
  brand: CardRow['brand'] | null;
  cardLast4: string | null;
  bankName: string | null;
  bankLast4: string | null;
}): Destination => ({
  brand: r.brand,
  bankName: r.bankName,
  last4: r.cardLast4 ?? r.bankLast4,
});

const requestHash = (input: Omit<RedemptionInput, 'attempt_id' | 'code'>) =>
  createHash('sha256')
    .update(JSON.stringify([input.mode, input.payment_method_uuid, input.amount_in_cents]))
    .digest('hex');

/** The payout's transfer: the amount leaves the balance, net to payouts in transit, fee to revenue. */
export const payoutTransfer = (
  redemptionId: string,
  userId: string,
  amountCents: number,
  fee: number,
): TransferInput => ({
  idempotencyKey: `payout:${redemptionId}`,
  kind: 'payout',
  postings: [
    { account: customerAvailable(userId), amountCents: -amountCents },
    { account: systemShard('payouts_in_transit', redemptionId), amountCents: amountCents - fee },
    ...(fee > 0 ? [{ account: systemShard('fee_revenue', redemptionId), amountCents: fee }] : []),
  ],
});

const destination = (card: { brand: string | null; last4: string | null }): Destination => ({
  brand: card.brand === 'visa' || card.brand === 'mastercard' ? card.brand : null,
  bankName: null,
  last4: card.last4,
});

type Outcome = { transaction: Transaction; created: boolean };

export function createRedemptions(deps: RedemptionDeps) {
  const { db } = deps;
  const holder = pushHolderOf(db);
  const batches = createCardRedemptionBatches({ ...deps, pushHolder: holder.id });

  /**
   * A push that got no answer is handed to the lookup job (card-push-checks.ts): it is no
   * longer in flight, and nobody pushes it again.
   */
  const handOver = (redemptionId: string) =>
    retryingConnectionLoss(() =>
      db
        .update(redemptions)
        .set({ pushHolder: null })
        .where(and(eq(redemptions.id, redemptionId), eq(redemptions.pushHolder, holder.id))),
    );

  async function load(userId: string, id: string): Promise<Transaction> {
    const [found] = await db
      .select(withDestination)
      .from(redemptions)
      .leftJoin(cards, eq(cards.id, redemptions.cardId))
      .leftJoin(bankPayouts, eq(bankPayouts.redemptionId, redemptions.id))
      .leftJoin(bankAccounts, eq(bankAccounts.id, bankPayouts.bankAccountId))
      .where(and(eq(redemptions.id, id), eq(redemptions.userId, userId)));
    if (!found) throw new AppError('NOT_FOUND', 'No transaction with this id.');
    return view(found.row, destinationOf(found));
  }

  async function existing(userId: string, key: string, hash: string): Promise<Transaction | null> {
    const [row] = await db
      .select({ id: redemptions.id, requestHash: redemptions.requestHash })
      .from(redemptions)
      .where(and(eq(redemptions.userId, userId), eq(redemptions.idempotencyKey, key)));
    if (!row) return null;
    if (row.requestHash !== hash) throw new AppError('IDEMPOTENCY_KEY_REUSED');
    return load(userId, row.id);
  }

  /** Queues a bank payout's ACH submission (idempotent per payout: a second one changes nothing). */
  const submitAch = (redemptionId: string) =>
    retryingConnectionLoss(() => deps.jobs.send(ACH_SUBMIT_QUEUE, { redemptionId }));

  /**
   * A retry's answer. A bank payout not yet submitted is queued for submission again: the request
   * that recorded it may have lost its connection before the job was stored.
   */
  async function replayOf(transaction: Transaction): Promise<Outcome> {
    if (
      transaction.mode === 'bank' &&
      transaction.status === 'Pending' &&
      transaction.network_reference === null
    ) {
      await submitAch(transaction.transaction_id);
    }
    return { transaction, created: false };
  }

  /**
   * The usual redemption to a debit card, recorded in group commit with others arriving at the
   * same time (card-redemption-batches.ts): it commits whole or not at all. Answers null when it
   * cannot go ahead that way (a retry, a refusal, a lost race), having changed nothing:
   * redeemStepByStep then gives the answer.
   */
  async function redeemToCardAtOnce(
    userId: string,
    key: string,
    hash: string,
    input: RedemptionInput,
  ): Promise<Outcome | null> {
    const amount = input.amount_in_cents;
    const fee = feeCents(amount, payoutLimits.debit.feeRateBps);
    const id = randomUUID();
    return holder.pushing(id, async () => {
      const recorded = await batches.record({
        id,
        userId,
        idempotencyKey: key,
        requestHash: hash,
        cardId: input.payment_method_uuid,
        amountCents: amount,
        feeCents: fee,
        attemptId: input.attempt_id,
        code: input.code,
        plan: await planTransfer(db, payoutTransfer(id, userId, amount, fee)),
      });
      if (!recorded) return null;
      return pushToCard(userId, id, recorded.cardNumber, amount - fee, {
        id,
        mode: 'debit',
        cardId: input.payment_method_uuid,
        amountCents: amount,
        feeCents: fee,
        status: 'pending',
        networkReference: null,
        failureReason: null,
        completedAt: null,
        createdAt: recorded.createdAt,
      });
    });
  }

  /**
   * Every redemption, step by step and in one transaction: a retry is answered first, then the
   * method, the amount, the card or bank account and the passcode are checked, each refusal with
   * its own answer; then the payout is recorded and the amount moves.
   */
  async function redeemStepByStep(
    userId: string,
    key: string,
    hash: string,
    input: RedemptionInput,
    holdsReleased = false,
  ): Promise<Outcome> {
    const replay = await existing(userId, key, hash);
    if (replay) return replayOf(replay);
    if (deps.disabledModes.has(input.mode)) throw new AppError('METHOD_UNAVAILABLE');
    const limits = payoutLimits[input.mode];
    if (input.amount_in_cents < limits.minCents || input.amount_in_cents > limits.maxCents) {
      throw new AppError('AMOUNT_OUT_OF_RANGE');
    }
    const card =
      input.mode === 'debit' ? await usableCard(db, userId, input.payment_method_uuid) : null;
    const bankAccount =
      input.mode === 'bank' ? await usableBankAccount(db, userId, input.payment_method_uuid) : null;
    const fee = feeCents(input.amount_in_cents, limits.feeRateBps);
    // A card payout is in flight from the moment it is recorded (with this process as holder).
    const id = randomUUID();
    if (!card) return recordAndPay();
    return holder.pushing(id, recordAndPay);

    async function recordAndPay(): Promise<Outcome> {
      let outcome: { id: string } | { error: AppError } | { replay: true };
      try {
        // Also run again after a lost connection: a first run that committed is found by the
        // second (its passcode used, or its Idempotency-Key taken) and answered as a retry.
        outcome = await transactionRetrying(
          db,
          async (tx) => {
            // Someone else's passcode is refused before it is checked: checking it would use it up
            // (or count a wrong try against its owner).
            const [owner] = await tx
              .select({ userId: otpAttempts.userId })
              .from(otpAttempts)
              .where(eq(otpAttempts.id, input.attempt_id));
            if (owner && owner.userId !== userId) return { error: new AppError('INCORRECT_OTP') };
            const attempt = await deps.otp.consumeCode(tx, input.attempt_id, input.code, [
              'WITHDRAWAL',
            ]);
            if (attempt instanceof AppError) return { error: attempt };
            if (attempt.userId !== userId) return { error: new AppError('INCORRECT_OTP') };
            const [row] = await tx
              .insert(redemptions)
              .values({
                id,
                userId,
                idempotencyKey: key,
                requestHash: hash,
                mode: input.mode,
                cardId: card?.id ?? null,
                amountCents: input.amount_in_cents,
                feeCents: fee,
                createdAt: new Date(),
                pushHolder: card ? holder.id : null,
              })
              .onConflictDoNothing()
              .returning({ id: redemptions.id });
            // Another request with this key won the race; its answer is the answer.
            if (!row) throw new ReplayError();
            if (bankAccount) {
              await tx
                .insert(bankPayouts)
                .values({ redemptionId: row.id, bankAccountId: bankAccount.id });
            }
            await postTransfer(tx, payoutTransfer(row.id, userId, input.amount_in_cents, fee));
            return { id: row.id };
          },
          { conflicts: true, connectionLoss: true },
        );
      } catch (error) {
        if (error instanceof InsufficientFundsError) {
          // Money whose fraud hold ran out counts as available before its job moves it; move it
          // now and try once more (the passcode was not used: the transaction rolled back).
          if (!holdsReleased && (await deps.releaseLapsedHolds(userId)) > 0) {
            return redeemStepByStep(userId, key, hash, input, true);
          }
          throw new AppError('NOT_ENOUGH_BALANCE');
        }
        if (error instanceof ReplayError) outcome = { replay: true };
        else throw error;
      }
      if ('error' in outcome) {
        // A parallel retry with this key used the passcode first; its answer is the answer.
        const winner = await existing(userId, key, hash);
        if (winner) return replayOf(winner);
        throw outcome.error;
      }
      if ('replay' in outcome) {
        const again = await existing(userId, key, hash);
        if (!again) throw new Error('idempotent redemption vanished');
        return replayOf(again);
      }

      if (!card) {
        await submitAch(outcome.id);
        return { transaction: await load(userId, outcome.id), created: true };
      }
      const cardNumber = await deps.vault.reveal(card.vaultToken);
      return pushToCard(userId, outcome.id, cardNumber, input.amount_in_cents - fee);
    }
  }

  /**
   * Pushes a recorded card payout and applies the provider's answer. `known` is the redemption
   * as this request just recorded it, when it did; a success is then applied in one statement.
   */
  async function pushToCard(
    userId: string,
    redemptionId: string,
    cardNumber: string | null,
    netCents: number,
    known?: RecordedRow,
  ): Promise<Outcome> {
    let result: CardPushResult;
    try {
      result = cardNumber
        ? await deps.cardPayouts.push({
            cardNumber,
            amountCents: netCents,
            reference: redemptionId,
          })
        : { status: 'declined', reason: 'The card is no longer available.' };
    } catch {
      // No answer (timeout, outage): the payout may have gone through, so it is neither failed
      // nor retried blindly. It stays Pending with the money in transit until the provider's
      // answer is applied as an event; the lookup job asks for it.
      await handOver(redemptionId);
      return { transaction: await load(userId, redemptionId), created: true };
    }
    if (known && result.status === 'succeeded') {
      const { networkReference } = result;
      const settled = await batches.settle({
        redemptionId,
        cardId: known.cardId,
        networkReference,
        // The same transfer applyPayoutEvent posts for a success.
        plan: await planTransfer(db, settleTransfer(known)),
      });
      if (settled) {
        const row = { ...known, status: 'succeeded' as const, networkReference, ...settled };
        return { transaction: view(row, destination(settled)), created: true };
      }
    }
    await applyAndNotify(db, deps.jobs, {
      eventId: `push:${redemptionId}`,
      redemptionId,
      type: result.status === 'succeeded' ? 'succeeded' : 'failed',
      networkReference: result.status === 'succeeded' ? result.networkReference : null,
      reason: result.status === 'declined' ? result.reason : null,
    });
    return { transaction: await load(userId, redemptionId), created: true };
  }

  return {
    load,

    /** The withdrawal one-time passcode, sent to the customer's own phone. */
    async startOtp(userId: string, ip: string): Promise<OtpChallenge> {
      const [user] = await db
        .select({ phone: users.phoneNumber })
        .from(users)
        .where(eq(users.id, userId));
      if (!user) throw new AppError('UNAUTHORIZED');
      return deps.otp.begin(
        {
          purpose: 'WITHDRAWAL',
          channel: 'sms',
          destination: user.phone,
          userId,
          refundId: null,
          signupDetails: null,
        },
        ip,
      );
    },

    /**
     * Redeems: checks the passcode, then in one transaction records the payout and moves the
     * amount from the available balance to payouts in transit (the fee to fee revenue). The
     * balance cannot go below zero, so parallel redemptions succeed exactly as often as it
     * allows. A retry with the same Idempotency-Key answers the first result. A card payout is
     * pushed at once; a bank payout is submitted by a job and stays pending until it settles.
     */
    async create(userId: string, key: string, input: RedemptionInput): Promise<Outcome> {
      const hash = requestHash(input);
      const limits = payoutLimits.debit;
      if (
        input.mode === 'debit' &&
        !deps.disabledModes.has('debit') &&
        input.amount_in_cents >= limits.minCents &&
        input.amount_in_cents <= limits.maxCents
      ) {
        const done = await redeemToCardAtOnce(userId, key, hash, input);
        if (done) return done;
      }
      return redeemStepByStep(userId, key, hash, input);
    },

    /** Newest first, keyset pages over (created_at, id). */
    async list(userId: string, limit: number, cursor: string | undefined) {
      const after = cursor ? decodeCursor(cursor) : null;
      const rows = await db
        .select(withDestination)
        .from(redemptions)
        .leftJoin(cards, eq(cards.id, redemptions.cardId))
        .leftJoin(bankPayouts, eq(bankPayouts.redemptionId, redemptions.id))
        .leftJoin(bankAccounts, eq(bankAccounts.id, bankPayouts.bankAccountId))
        .where(
          and(
            eq(redemptions.userId, userId),
            after
              ? or(
                  lt(redemptions.createdAt, after.at),
                  and(eq(redemptions.createdAt, after.at), lt(redemptions.id, after.id)),
                )
              : undefined,
          ),
        )
        .orderBy(desc(redemptions.createdAt), desc(redemptions.id))
        .limit(limit + 1);
      const page = rows.slice(0, limit);
      const last = page.at(-1);
      return {
        data: page.map((r) => view(r.row, destinationOf(r))),
        next_cursor:
          rows.length > limit && last ? encodeCursor(last.row.createdAt, last.row.id) : null,
      };
    },
  };
}

class ReplayError extends Error {}

export type Redemptions = ReturnType<typeof createRedemptions>;
