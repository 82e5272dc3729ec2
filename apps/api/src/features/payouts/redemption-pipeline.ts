import { createHash, randomUUID } from 'node:crypto';
import type { Transaction } from '@refund/contracts/redemptions';
import type { RedemptionMode } from '@refund/contracts/wallet';
import type { Db, Queryable } from '../../db/database';
import { transactionRetrying } from '../../db/sql-state';
import { redemptions } from '../../db/schema';
import { crashPoint } from '../../crash-point';
import { DomainError } from '../../domain/domain-error';
import type { JobQueue } from '../../jobs/job-queue';
import type { BotVerifier } from '../../providers/ports';
import { withdrawalsPausedRefusal } from '../account/withdrawals-pause';
import type { OtpService } from '../auth/otp-service';
import {
  InsufficientFundsError,
  planRemembered,
  planTransfer,
  postTransfer,
  type PlannedTransfer,
} from '../ledger/ledger';
import { applyAndNotify, settleTransfer } from './payout-events';
import { createRedemptionBatches, type RedemptionBatches } from './redemption-batches';
import {
  amountProblem,
  methodFee,
  redemptionTransfer,
  type Destination,
  type DestinationView,
  type PayoutOutcome,
  type RecordedRedemption,
  type RedemptionMethod,
} from './redemption-method';
import type { MethodRegistry } from './redemption-method-registry';
import { keyTaken, WITHDRAWAL } from './redemption-rules';
import { transactionView, type RedemptionViews } from './redemption-views';

export interface RedemptionInput {
  mode: RedemptionMode;
  payment_method_uuid: string;
  amount_in_cents: number;
  attempt_id: string;
  code: string;
  bot_token?: string | undefined;
}

export interface PipelineDeps {
  db: Db;
  jobs: Pick<JobQueue, 'sendMessageIn'>;
  otp: Pick<OtpService, 'consumeOwnCode' | 'codeHash'>;
  methods: MethodRegistry;
  views: RedemptionViews;
  /** Moves the customer's lapsed fraud holds to available now; answers the cents moved. */
  releaseLapsedHolds: (userId: string) => Promise<number>;
  /** The customer's bonus that can be spent now (0 after its last day), read in `q`. */
  spendableBonus: (q: Queryable, userId: string) => Promise<number>;
  bot: BotVerifier;
}

export type Outcome = { transaction: Transaction; created: boolean };

const requestHash = (input: RedemptionInput) =>
  createHash('sha256')
    .update(JSON.stringify([input.mode, input.payment_method_uuid, input.amount_in_cents]))
    .digest('hex');

class ReplayError extends Error {}

/** Enough to learn a customer's accounts and a few new shards' while batches start meanwhile. */
const PLACING_TRIES = 10;

/**
 * A redemption about to be recorded, with a fresh id: each strategy makes its own, so an exact
 * path after a group commit that may have committed never reuses the batch's id.
 */
const newRedemption = (
  method: RedemptionMethod,
  userId: string,
  input: RedemptionInput,
): RecordedRedemption => ({
  id: randomUUID(),
  userId,
  mode: method.mode,
  amountCents: input.amount_in_cents,
  feeCents: methodFee(method.limits, input.amount_in_cents),
});

/**
 * The one place that knows the order of a redemption, for every method: idempotency, passcode,
 * limits, destination, record, post the transfer, queue the provider call in the same
 * transaction, execute, settle or compensate (ADR 0014). Two strategies run it: group commit,
 * for methods that offer it (many redemptions in one statement, every rule checked there), and
 * the exact path, step by step in one transaction, which gives each refusal its own answer. The
 * fast one answers null whenever it cannot decide alone, having changed nothing.
 */
export function createRedemptionPipeline(deps: PipelineDeps) {
  const { db, views } = deps;

  /** Group commit's statements, one set per method that offers it. */
  const batches = new Map<RedemptionMethod, RedemptionBatches>();
  function batchesOf(method: RedemptionMethod): RedemptionBatches | null {
    if (!method.groupCommit) return null;
    let found = batches.get(method);
    if (!found) {
      found = createRedemptionBatches({
        db,
        mode: method.mode,
        group: method.groupCommit,
        otp: deps.otp,
      });
      batches.set(method, found);
    }
    return found;
  }

  /** The first answer of a request with this Idempotency-Key, if one was recorded. */
  async function existing(userId: string, key: string, hash: string): Promise<Transaction | null> {
    const [row] = await db
      .select({ id: redemptions.id, requestHash: redemptions.requestHash })
      .from(keyTaken.table)
      .where(keyTaken.where(userId, key));
    if (!row) return null;
    if (row.requestHash !== hash) throw new DomainError('IDEMPOTENCY_KEY_REUSED');
    return views.load(userId, row.id);
  }

  /** Applies what `execute` answered, as the payout's own event (`push:<id>`), once. */
  async function applyOutcome(
    method: RedemptionMethod,
    redemption: RecordedRedemption,
    outcome: PayoutOutcome,
  ): Promise<void> {
    if (outcome.status === 'unknown') return;
    await applyAndNotify(db, deps.jobs, {
      eventId: `push:${redemption.id}`,
      redemptionId: redemption.id,
      type: outcome.status,
      networkReference: outcome.status === 'succeeded' ? outcome.networkReference : null,
      reason: outcome.status === 'failed' ? outcome.reason : null,
    });
  }

  /**
   * Executes a recorded payout in the request, when its method does, and applies the answer: a
   * success of a group-committed redemption is settled in group commit too, where it can be.
   */
  async function execute(
    method: RedemptionMethod,
    redemption: RecordedRedemption,
    destination: Destination,
    grouped: { recordedAt: Date; view: DestinationView } | null,
  ): Promise<Outcome> {
    if (!method.execute) {
      return { transaction: await views.load(redemption.userId, redemption.id), created: true };
    }
    const outcome = await method.execute(redemption, destination);
    const group = batchesOf(method);
    if (outcome.status === 'succeeded' && grouped && group) {
      const completedAt = await group.settle({
        redemptionId: redemption.id,
        networkReference: outcome.networkReference,
        // The same transfer applyPayoutEvent posts for a success.
        plan: await planTransfer(
          db,
          settleTransfer(redemption.id, redemptionTransfer(method, redemption).postings),
        ),
      });
      if (completedAt) {
        const transaction = transactionView(
          {
            ...redemption,
            status: 'succeeded',
            networkReference: outcome.networkReference,
            failureReason: null,
            createdAt: grouped.recordedAt,
            completedAt,
          },
          grouped.view,
        );
        return { transaction, created: true };
      }
    }
    await applyOutcome(method, redemption, outcome);
    return { transaction: await views.load(redemption.userId, redemption.id), created: true };
  }

  /**
   * The redemption on the shard of the recording batch it goes in (see `shard`), with its
   * transfer planned. The plan that is answered took no round trip, so the caller submits it in
   * the same turn of the event loop, to that batch. The customer's accounts, and a shard's the
   * first time, are looked up first (a batch may start meanwhile, and the shard change); after
   * `PLACING_TRIES` the redemption goes ahead anyway, its batch perhaps a later one, which costs
   * a wait on a lock, never money.
   */
  async function onBatchShard(
    method: RedemptionMethod,
    redemption: RecordedRedemption,
    statements: RedemptionBatches,
  ): Promise<{ placed: RecordedRedemption; plan: PlannedTransfer }> {
    for (let tries = 1; ; tries += 1) {
      const placed: RecordedRedemption = { ...redemption, shard: statements.shard() };
      const transfer = redemptionTransfer(method, placed);
      const plan = planRemembered(transfer);
      if (plan) return { placed, plan };
      const looked = await planTransfer(db, transfer);
      if (tries === PLACING_TRIES) return { placed, plan: looked };
    }
  }

  /** Group commit: records in one statement with others arriving together, or answers null. */
  async function atOnce(
    method: RedemptionMethod,
    redemption: RecordedRedemption,
    key: string,
    hash: string,
    input: RedemptionInput,
  ): Promise<Outcome | null> {
    const group = method.groupCommit;
    const statements = batchesOf(method);
    if (!group || !statements) return null;
    const run = async () => {
      const { placed, plan } = await onBatchShard(method, redemption, statements);
      const recorded = await statements.record({
        id: placed.id,
        userId: placed.userId,
        idempotencyKey: key,
        requestHash: hash,
        destinationId: input.payment_method_uuid,
        amountCents: placed.amountCents,
        feeCents: placed.feeCents,
        attemptId: input.attempt_id,
        code: input.code,
        plan,
      });
      if (!recorded) return null;
      const { destination, view } = group.found(input.payment_method_uuid, recorded.read);
      return execute(method, placed, destination, { recordedAt: recorded.createdAt, view });
    };
    return method.around ? method.around(redemption.id, run) : run();
  }

  /**
   * The exact path, in one transaction: a retry is answered first, then the destination and the
   * passcode are checked, each refusal with its own answer; then the payout is recorded with its
   * method's payout record, the amount moves and the method's work is queued.
   */
  async function stepByStep(
    method: RedemptionMethod,
    userId: string,
    key: string,
    hash: string,
    input: RedemptionInput,
    holdsReleased = false,
  ): Promise<Outcome> {
    const replay = await existing(userId, key, hash);
    if (replay) return { transaction: replay, created: false };
    const redemption = newRedemption(method, userId, input);
    const run = () => recordAndExecute(method, redemption, key, hash, input, holdsReleased);
    return method.around ? method.around(redemption.id, run) : run();
  }

  async function recordAndExecute(
    method: RedemptionMethod,
    redemption: RecordedRedemption,
    key: string,
    hash: string,
    input: RedemptionInput,
    holdsReleased: boolean,
  ): Promise<Outcome> {
    const { userId } = redemption;
    let outcome: { destination: Destination } | { error: DomainError } | { replay: true };
    try {
      // Also run again after a lost connection: a first run that committed is found by the
      // second (its passcode used, or its Idempotency-Key taken) and answered as a retry; and
      // after a deadlock or serialization failure, which changed nothing.
      outcome = await transactionRetrying(
        db,
        async (tx) => {
          const paused = await withdrawalsPausedRefusal(tx, userId);
          if (paused) return { error: paused };
          const destination = await method.destination(
            tx,
            userId,
            input.payment_method_uuid,
            input.amount_in_cents,
          );
          const attempt = await deps.otp.consumeOwnCode(
            tx,
            userId,
            input.attempt_id,
            input.code,
            WITHDRAWAL,
          );
          if (attempt instanceof DomainError) return { error: attempt };
          const [row] = await tx
            .insert(redemptions)
            .values({
              id: redemption.id,
              userId,
              idempotencyKey: key,
              requestHash: hash,
              mode: redemption.mode,
              amountCents: redemption.amountCents,
              feeCents: redemption.feeCents,
              createdAt: new Date(),
            })
            .onConflictDoNothing()
            .returning({ id: redemptions.id });
          // Another request with this key won the race; its answer is the answer.
          if (!row) throw new ReplayError();
          await method.recordPayout(tx, redemption, destination);
          // The bonus pays first where it may; read here, the ledger's locks keep it honest.
          const bonusCents = method.spendsBonus
            ? Math.min(await deps.spendableBonus(tx, userId), redemption.amountCents)
            : 0;
          await postTransfer(tx, redemptionTransfer(method, redemption, bonusCents));
          await method.queue?.(tx, redemption);
          return { destination };
        },
        { conflicts: true, connectionLoss: true },
      );
    } catch (error) {
      if (error instanceof InsufficientFundsError) {
        // Money whose fraud hold ran out counts as available before its job moves it; move it
        // now and try once more (the passcode was not used: the transaction rolled back). The
        // same for a bonus another redemption spent since it was read.
        if (!holdsReleased && ((await deps.releaseLapsedHolds(userId)) > 0 || method.spendsBonus)) {
          return stepByStep(method, userId, key, hash, input, true);
        }
        throw new DomainError('NOT_ENOUGH_BALANCE');
      }
      if (error instanceof ReplayError) outcome = { replay: true };
      else {
        // A parallel retry with this key may have used the destination up first (a gift card
        // quote buys one card), and the refusal found it so: that retry's answer is the answer.
        if (error instanceof DomainError) {
          const winner = await existing(userId, key, hash);
          if (winner) return { transaction: winner, created: false };
        }
        throw error;
      }
    }
    if ('error' in outcome) {
      // A parallel retry with this key used the passcode first; its answer is the answer.
      const winner = await existing(userId, key, hash);
      if (winner) return { transaction: winner, created: false };
      throw outcome.error;
    }
    if ('replay' in outcome) {
      const again = await existing(userId, key, hash);
      if (!again) throw new Error('idempotent redemption vanished');
      return { transaction: again, created: false };
    }
    crashPoint('redemption-recorded');
    return execute(method, redemption, outcome.destination, null);
  }

  return {
    /**
     * Redeems: the method must be offered and the amount within its limits (and whole dollars
     * where it says so); then group commit where the method offers it, else the exact path. The
     * balance cannot go below zero, so parallel redemptions succeed exactly as often as it
     * allows; a retry with the same Idempotency-Key answers the first result.
     */
    async create(
      userId: string,
      key: string,
      input: RedemptionInput,
      context: { ip: string },
    ): Promise<Outcome> {
      const hash = requestHash(input);
      const method = deps.methods.get(input.mode);
      const problem = method ? amountProblem(method.limits, input.amount_in_cents) : null;
      if (!method || problem || method.botAction) {
        // A retry is answered as the first time, even if the method was switched off since (and
        // without a second bot check: its token was spent on the first).
        const replay = await existing(userId, key, hash);
        if (replay) return { transaction: replay, created: false };
        if (!method || problem) throw new DomainError(problem ?? 'METHOD_UNAVAILABLE');
      }
      if (
        method.botAction &&
        !(await deps.bot.verify({
          token: input.bot_token ?? '',
          action: method.botAction,
          remoteIp: context.ip,
        }))
      ) {
        throw new DomainError('BOT_CHECK_FAILED');
      }
      // Withdrawals paused after a reported change of contact (ADR 0026) are refused where the
      // redemption would be recorded: group commit's statement records none for such a customer,
      // and the exact path, which a retry's answer comes first on, says why.
      const done = await atOnce(method, newRedemption(method, userId, input), key, hash, input);
      return done ?? stepByStep(method, userId, key, hash, input);
    },
  };
}

export type RedemptionPipeline = ReturnType<typeof createRedemptionPipeline>;
