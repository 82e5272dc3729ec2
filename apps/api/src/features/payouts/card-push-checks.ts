import { and, asc, eq, isNull, lte, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database';
import { cardPushChecks, redemptions } from '../../db/schema';
import type { JobQueue } from '../../jobs/job-queue';
import type { CardPushLookup, CardPushOutcome } from '../../providers/ports';
import { applyAndNotify } from './payout-events';

/** The sweep over card pushes that got no answer; sent on a timer, worked by one worker at once. */
export const CARD_PUSH_CHECK_QUEUE = 'card-push-check';

/** What a customer reads when the push never reached the card network. */
export const PUSH_NOT_MADE_REASON = 'The payout did not reach the card network.';

/** Longest wait between two lookups of the same push. */
const MAX_BACKOFF_SECONDS = 3_600;
/** Pushes looked up per run; the rest wait for the next run. */
const BATCH_SIZE = 50;

export interface CardPushCheckOptions {
  db: Db;
  jobs: Pick<JobQueue, 'sendMessage'>;
  lookup: CardPushLookup;
  logger: FastifyBaseLogger;
  /** A push still pending this long after the redemption is looked up. */
  checkAfterSeconds: number;
  /** A push the provider has no record of this long after the redemption was never made. */
  notFoundAfterSeconds: number;
  /** How often the job runs; also the first wait before asking again, doubled each time. */
  intervalSeconds: number;
  now?: () => Date;
}

export interface CheckRun {
  /** Pushes looked up in this run. */
  checked: number;
  /** Of those, pushes whose outcome was applied. */
  resolved: number;
}

const seconds = (n: number) => n * 1000;

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

  /** One run: every push due for a lookup, oldest first, up to a batch. */
  return async function checkStuckCardPushes(): Promise<CheckRun> {
    const at = now();
    const due = await db
      .select({ id: redemptions.id, createdAt: redemptions.createdAt })
      .from(redemptions)
      .leftJoin(cardPushChecks, eq(cardPushChecks.redemptionId, redemptions.id))
      .where(
        and(
          eq(redemptions.status, 'pending'),
          eq(redemptions.mode, 'debit'),
          lte(redemptions.createdAt, new Date(at.getTime() - seconds(options.checkAfterSeconds))),
          or(isNull(cardPushChecks.nextCheckAt), lte(cardPushChecks.nextCheckAt, at)),
        ),
      )
      .orderBy(asc(redemptions.createdAt))
      .limit(BATCH_SIZE);
    const run: CheckRun = { checked: 0, resolved: 0 };
    for (const row of due) {
      run.checked += 1;
      if (await checkOne(row)) run.resolved += 1;
    }
    return run;
  };
}

export type CheckStuckCardPushes = ReturnType<typeof createCardPushChecks>;

/**
 * Works the check queue and sends it a job every `intervalSeconds` (each instance does; a run
 * claims each push, so overlapping runs never ask twice). Answers a stop for shutdown.
 */
export async function startCardPushChecks(
  jobs: JobQueue,
  check: CheckStuckCardPushes,
  options: { intervalSeconds: number; logger: FastifyBaseLogger },
): Promise<{ stop(): void }> {
  await jobs.work<Record<string, never>>(CARD_PUSH_CHECK_QUEUE, { retryLimit: 0 }, async () => {
    await check();
  });
  const timer = setInterval(() => {
    jobs.send(CARD_PUSH_CHECK_QUEUE, {}).catch((error: unknown) => {
      options.logger.warn({ err: error }, 'card push check not queued');
    });
  }, seconds(options.intervalSeconds));
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
