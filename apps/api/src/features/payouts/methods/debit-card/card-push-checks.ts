import { and, asc, eq, inArray, isNotNull, isNull, lte, notInArray, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { instanceOf, type Db } from '../../../../db/database';
import { runStatement } from '../../../../db/statement';
import { cardPayouts, cardPushChecks, cards, redemptions } from '../../../../db/schema';
import type { JobQueue } from '../../../../jobs/job-queue';
import type { CardPayouts, CardPushLookup, CardPushOutcome } from '../../../../providers/ports';
import type { CardVault } from '../../../cards/card-vault';
import { applyAndNotify } from '../../payout-events';
import { pushHolderOf } from './push-holders';

/** What a customer reads when the push never reached the card network. */
export const PUSH_NOT_MADE_REASON = 'The payout did not reach the card network.';

/** Longest wait between two lookups of the same push. */
const MAX_BACKOFF_SECONDS = 3_600;
/** Pushes looked up per run; the rest wait for the next run. */
const BATCH_SIZE = 50;

export interface CardPushCheckOptions {
  db: Db;
  jobs: Pick<JobQueue, 'sendMessageIn'>;
  /**
   * The card payout provider: asked about pushes, and pushed to again (with the same reference)
   * for a push left behind by a process that died before the push reached it.
   */
  lookup: CardPushLookup & Pick<CardPayouts, 'push'>;
  /** Opens the card number of a push to make again. */
  vault: Pick<CardVault, 'reveal'>;
  logger: FastifyBaseLogger;
  /** A push still pending this long after the redemption is looked up. */
  checkAfterSeconds: number;
  /** A push the provider has no record of this long after the redemption was never made. */
  notFoundAfterSeconds: number;
  /** How often the check runs; also the first wait before asking again, doubled each time. */
  intervalSeconds: number;
  now?: () => Date;
}

export interface CheckRun {
  /** Pushes looked up in this run. */
  checked: number;
  /** Of those, pushes whose outcome was applied. */
  resolved: number;
  /** Pushes left behind by their process and taken up in this run (ADR 0012). */
  recovered: number;
}

const seconds = (n: number) => n * 1000;

/**
 * The longest a process alone on its database goes without looking, once it found no debit
 * redemption pending and has begun no push since: a bound for a pending redemption it never
 * pushed (its push failed before it began), which is then looked up that much later.
 */
const QUIET_LOOK_SECONDS = 600;

/** Whether any debit redemption is pending (by the partial index redemptions_pending_debit_idx). */
const ANY_PENDING_DEBIT = `select exists (select 1 from "redemptions"
  where status = 'pending' and mode = 'debit') as any`;

/**
 * Finds debit redemptions still pending (no outcome applied) older than `checkAfterSeconds`,
 * asks the provider about each by our reference, and applies the answer as the push's own
 * payout event (`push:<id>`), so it is applied once whichever answer comes first. "Not found" is
 * final only after `notFoundAfterSeconds`; "still in progress", "not found yet" and a provider
 * that does not answer are asked again later with exponential backoff, never failed blindly.
 */
export function createCardPushChecks(options: CardPushCheckOptions) {
  const { db, logger } = options;
  const now = options.now ?? (() => new Date());

  function backoff(attempts: number): number {
    const base = Math.max(options.intervalSeconds, 1);
    return Math.min(base * 2 ** Math.max(attempts - 1, 0), MAX_BACKOFF_SECONDS);
  }

  /** Takes the push for this run; another run (or instance) that took it first wins. */
  async function claim(redemptionId: string, at: Date): Promise<number | null> {
    // Held long enough for one lookup; the outcome sets the real next time.
    const lease = new Date(at.getTime() + seconds(Math.max(options.intervalSeconds, 60)));
    const [claimed] = await db
      .insert(cardPushChecks)
      .values({ redemptionId, attempts: 1, nextCheckAt: lease, lastCheckedAt: at })
      .onConflictDoUpdate({
        target: cardPushChecks.redemptionId,
        set: {
          attempts: sql`${cardPushChecks.attempts} + 1`,
          nextCheckAt: lease,
          lastCheckedAt: at,
        },
        setWhere: lte(cardPushChecks.nextCheckAt, at),
      })
      .returning({ attempts: cardPushChecks.attempts });
    return claimed?.attempts ?? null;
  }

  async function askLater(
    redemptionId: string,
    attempts: number,
    result: 'pending' | 'not_found' | 'error',
  ): Promise<void> {
    await db
      .update(cardPushChecks)
      .set({
        nextCheckAt: new Date(now().getTime() + seconds(backoff(attempts))),
        lastResult: result,
      })
      .where(eq(cardPushChecks.redemptionId, redemptionId));
  }

  async function checkOne(row: { id: string; createdAt: Date }): Promise<boolean> {
    const at = now();
    const attempts = await claim(row.id, at);
    if (attempts === null) return false;
    let outcome: CardPushOutcome;
    try {
      outcome = await options.lookup.lookup(row.id);
    } catch (error) {
      // Provider errors carry no card data (adapters guarantee it); the push stays pending.
      logger.warn({ err: error, redemptionId: row.id }, 'card push lookup failed; asking later');
      await askLater(row.id, attempts, 'error');
      return false;
    }
    const age = at.getTime() - row.createdAt.getTime();
    if (outcome.status === 'pending') {
      await askLater(row.id, attempts, 'pending');
      return false;
    }
    if (outcome.status === 'not_found' && age < seconds(options.notFoundAfterSeconds)) {
      // Not there yet may still mean on its way: only a record missing long after counts.
      await askLater(row.id, attempts, 'not_found');
      return false;
    }
    await db
      .update(cardPushChecks)
      .set({
        lastResult:
          outcome.status === 'succeeded'
            ? 'succeeded'
            : outcome.status === 'declined'
              ? 'declined'
              : 'not_found',
      })
      .where(eq(cardPushChecks.redemptionId, row.id));
    await applyAndNotify(db, options.jobs, {
      eventId: `push:${row.id}`,
      redemptionId: row.id,
      type: outcome.status === 'succeeded' ? 'succeeded' : 'failed',
      networkReference: outcome.status === 'succeeded' ? outcome.networkReference : null,
      reason:
        outcome.status === 'declined'
          ? outcome.reason
          : outcome.status === 'not_found'
            ? PUSH_NOT_MADE_REASON
            : null,
    });
    logger.info({ redemptionId: row.id, outcome: outcome.status }, 'card push outcome applied');
    return true;
  }

  const holder = pushHolderOf(db);

  /**
   * No longer in flight with this process: answered, or handed to the lookup path (asked about
   * with backoff).
   */
  async function handOver(redemptionId: string): Promise<void> {
    await db
      .update(cardPayouts)
      .set({ pushHolder: null })
      .where(
        and(eq(cardPayouts.redemptionId, redemptionId), eq(cardPayouts.pushHolder, holder.id)),
      );
  }

  /** The number of a payout's card, unless the card was removed since. */
  async function cardNumberOf(cardId: string | null): Promise<string | null> {
    if (!cardId) return null;
    const [card] = await db
      .select({ vaultToken: cards.vaultToken })
      .from(cards)
      .where(and(eq(cards.id, cardId), isNull(cards.removedAt)));
    return card ? options.vault.reveal(card.vaultToken) : null;
  }

  type Orphan = Pick<typeof redemptions.$inferSelect, 'id' | 'amountCents' | 'feeCents'> &
    Pick<typeof cardPayouts.$inferSelect, 'cardId' | 'pushHolder'>;

  /**
   * Takes up a push its process left behind: claims it (another instance may race for it), asks
   * the provider, and applies the answer. A push the provider has no record of never reached
   * it, since its process is gone: it is made now, with the same reference (the provider's
   * de-duplication key). A push still in progress, or one made now without an answer, goes to
   * the lookup path; a lookup that fails leaves the push with this process, taken up next run.
   */
  async function takeUp(row: Orphan): Promise<boolean> {
    return holder.pushing(row.id, async () => {
      const [claimed] = await db
        .update(cardPayouts)
        .set({ pushHolder: holder.id })
        .where(
          and(
            eq(cardPayouts.redemptionId, row.id),
            inArray(
              cardPayouts.redemptionId,
              db
                .select({ id: redemptions.id })
                .from(redemptions)
                .where(and(eq(redemptions.id, row.id), eq(redemptions.status, 'pending'))),
            ),
            row.pushHolder === null
              ? isNull(cardPayouts.pushHolder)
              : eq(cardPayouts.pushHolder, row.pushHolder),
          ),
        )
        .returning({ id: cardPayouts.redemptionId });
      if (!claimed) return false;
      logger.info(
        { redemptionId: row.id, holder: row.pushHolder },
        'taking up a card push its process left behind',
      );
      let outcome: CardPushOutcome;
      try {
        outcome = await options.lookup.lookup(row.id);
      } catch (error) {
        logger.warn({ err: error, redemptionId: row.id }, 'card push lookup failed; asking later');
        return false;
      }
      if (outcome.status === 'not_found') {
        let cardNumber: string | null;
        try {
          cardNumber = await cardNumberOf(row.cardId);
        } catch (error) {
          // A sealed number this process cannot open (another key) must not stop the others:
          // the lookup job keeps asking the provider and fails it once it is surely never made.
          logger.error(
            { err: error, redemptionId: row.id },
            'the card of a push left behind cannot be read; handed to the lookup job',
          );
          cardNumber = null;
        }
        if (!cardNumber) {
          await handOver(row.id);
          return false;
        }
        try {
          outcome = await options.lookup.push({
            cardNumber,
            amountCents: row.amountCents - row.feeCents,
            reference: row.id,
          });
        } catch {
          await handOver(row.id);
          return false;
        }
      }
      if (outcome.status === 'pending') {
        await handOver(row.id);
        return false;
      }
      await applyAndNotify(db, options.jobs, {
        eventId: `push:${row.id}`,
        redemptionId: row.id,
        type: outcome.status === 'succeeded' ? 'succeeded' : 'failed',
        networkReference: outcome.status === 'succeeded' ? outcome.networkReference : null,
        reason: outcome.status === 'declined' ? outcome.reason : null,
      });
      logger.info({ redemptionId: row.id, outcome: outcome.status }, 'card push outcome applied');
      return true;
    });
  }

  /**
   * Pending card pushes whose holder is gone: another process that is no longer alive, or this
   * one when it is not making the push any more (its request lost its database connection after
   * recording it, or before applying the answer).
   */
  async function leftBehind(): Promise<Orphan[]> {
    // Through the pending debit redemptions (a small, indexed set), then each one's payout.
    const inFlight = and(
      eq(redemptions.status, 'pending'),
      eq(redemptions.mode, 'debit'),
      isNotNull(cardPayouts.pushHolder),
    );
    const holders = await db
      .selectDistinct({ holder: cardPayouts.pushHolder })
      .from(cardPayouts)
      .innerJoin(redemptions, eq(redemptions.id, cardPayouts.redemptionId))
      .where(inFlight);
    // No push in flight at all, the usual case: nothing can have been left behind.
    if (holders.length === 0) return [];
    const others = holders
      .map((h) => h.holder)
      .filter((h): h is number => h !== null && h !== holder.id);
    const alive = others.length > 0 ? await holder.liveAmong(others) : new Set<number>();
    const gone = others.filter((h) => !alive.has(h));
    const mine = [...holder.inFlight];
    return db
      .select({
        id: redemptions.id,
        cardId: cardPayouts.cardId,
        amountCents: redemptions.amountCents,
        feeCents: redemptions.feeCents,
        pushHolder: cardPayouts.pushHolder,
      })
      .from(cardPayouts)
      .innerJoin(redemptions, eq(redemptions.id, cardPayouts.redemptionId))
      .where(
        and(
          inFlight,
          or(
            gone.length > 0 ? inArray(cardPayouts.pushHolder, gone) : undefined,
            and(
              eq(cardPayouts.pushHolder, holder.id),
              mine.length > 0 ? notInArray(redemptions.id, mine) : undefined,
            ),
          ),
        ),
      )
      .orderBy(asc(redemptions.createdAt))
      .limit(BATCH_SIZE);
  }

  /**
   * One run: first the pushes left behind by their process, then every push due for a lookup,
   * oldest first, up to a batch each.
   */
  /**
   * Where a process alone on its database (the embedded engine) found no debit redemption
   * pending, with no push of its own under way: its count of pushes begun then, and when. Until
   * it begins another, none can be
   * pending, and it does not ask again for QUIET_LOOK_SECONDS: each statement costs that engine
   * tens of milliseconds of CPU after a while idle, most of what an idle server spent.
   */
  let quiet: { pushes: number; at: number } | null = null;
  const alone = instanceOf(db).alone;

  return async function checkStuckCardPushes(): Promise<CheckRun> {
    const run: CheckRun = { checked: 0, resolved: 0, recovered: 0 };
    const pushes = holder.started();
    const at = now();
    if (quiet && quiet.pushes === pushes && at.getTime() - quiet.at < seconds(QUIET_LOOK_SECONDS)) {
      return run;
    }
    // No debit redemption pending, the usual case on a quiet server: neither kind of push can be
    // waiting. One prepared statement on the pending debit index answers that.
    // A push under way may be recording its redemption as this looks: quiet only when none was.
    const noneUnderWay = holder.inFlight.size === 0;
    const [pending] = await runStatement<{ any: boolean }>(db, ANY_PENDING_DEBIT, []);
    const settled = noneUnderWay && holder.started() === pushes;
    quiet = alone && settled && !pending?.any ? { pushes, at: at.getTime() } : null;
    if (!pending?.any) return run;
    for (const row of await leftBehind()) {
      // One push that cannot be taken up (its row, its card, the database) never holds up the
      // others: it is tried again on the next run.
      try {
        if (await takeUp(row)) run.recovered += 1;
      } catch (error) {
        logger.error({ err: error, redemptionId: row.id }, 'taking up a card push failed');
      }
    }
    const dueAt = now();
    const due = await db
      .select({ id: redemptions.id, createdAt: redemptions.createdAt })
      .from(redemptions)
      .innerJoin(cardPayouts, eq(cardPayouts.redemptionId, redemptions.id))
      .leftJoin(cardPushChecks, eq(cardPushChecks.redemptionId, redemptions.id))
      .where(
        and(
          eq(redemptions.status, 'pending'),
          eq(redemptions.mode, 'debit'),
          // Not in flight: the push got no answer (or its process is gone and it is taken up
          // above, never looked up here at the same time).
          isNull(cardPayouts.pushHolder),
          lte(
            redemptions.createdAt,
            new Date(dueAt.getTime() - seconds(options.checkAfterSeconds)),
          ),
          or(isNull(cardPushChecks.nextCheckAt), lte(cardPushChecks.nextCheckAt, dueAt)),
        ),
      )
      .orderBy(asc(redemptions.createdAt))
      .limit(BATCH_SIZE);
    for (const row of due) {
      run.checked += 1;
      try {
        if (await checkOne(row)) run.resolved += 1;
      } catch (error) {
        logger.error({ err: error, redemptionId: row.id }, 'checking a card push failed');
      }
    }
    return run;
  };
}

export type CheckStuckCardPushes = ReturnType<typeof createCardPushChecks>;

/**
 * Runs the check at once (so pushes a previous run of this process left behind are taken up on
 * start-up) and every `intervalSeconds` after, one run at a time (each instance does; a run
 * claims each push, so overlapping runs of several instances never ask twice). It runs on a timer
 * of its own rather than as a queued job, which would cost an idle server three more statements
 * (queue, fetch, complete) each round. Answers a stop for shutdown, which waits for a run under
 * way.
 */
export function startCardPushChecks(
  check: CheckStuckCardPushes,
  options: { intervalSeconds: number; logger: FastifyBaseLogger },
): { stop(): Promise<void> } {
  let running: Promise<void> | null = null;
  const run = () => {
    if (running) return;
    running = check()
      .then(
        () => undefined,
        (error: unknown) => options.logger.error({ err: error }, 'the card push check failed'),
      )
      .finally(() => {
        running = null;
      });
  };
  run();
  const timer = setInterval(run, seconds(options.intervalSeconds));
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
