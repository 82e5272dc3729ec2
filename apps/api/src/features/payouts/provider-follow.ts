import type { FastifyBaseLogger } from 'fastify';
import type { JobQueue } from '../../jobs/job-queue';

/** Seconds until an answer still in progress is asked about again: 2, 4, 8... at most 10 minutes. */
const checkDelaySeconds = (attempt: number) => Math.min(600, 2 ** Math.min(attempt + 1, 10));

export interface ProviderFollow<Row, Result> {
  /** Queued in the recording transaction: the first request to the provider. */
  queue: string;
  /** Asks again, later, about what is still in progress. */
  checkQueue: string;
  /** The payout record still waiting for its outcome, or null (nothing left to do). */
  pending(redemptionId: string): Promise<Row | null>;
  /** The provider's answer the first time (looking up before acting, where the port can). */
  first(row: Row): Promise<Result>;
  /** The provider's answer when asked again. */
  again(row: Row): Promise<Result>;
  /** Applies an answer, once per outcome; one still in progress changes nothing. */
  apply(redemptionId: string, result: Result): Promise<void>;
  inProgress(result: Result): boolean;
  /** Logged with each check, e.g. 'gift card order checked'. */
  checked: string;
  logger: FastifyBaseLogger;
}

/**
 * The two jobs that carry a payout to its provider and follow it to an outcome (gift card
 * orders, prepaid cards, FanCash credits): the first request once the payout is recorded, then,
 * while the provider's answer is in progress, a check later with backoff. Both are retried by the
 * queue when the provider does not answer; a payout that already has its outcome is left alone.
 */
export async function registerProviderFollowJobs<Row, Result extends { status: string }>(
  jobs: JobQueue,
  follow: ProviderFollow<Row, Result>,
): Promise<void> {
  async function applyAndCheckLater(redemptionId: string, result: Result, attempt: number) {
    await follow.apply(redemptionId, result);
    if (follow.inProgress(result)) {
      await jobs.send(
        follow.checkQueue,
        { redemptionId, attempt: attempt + 1 },
        { startAfter: new Date(Date.now() + checkDelaySeconds(attempt) * 1000) },
      );
    }
  }

  await jobs.work<{ redemptionId: string }>(
    follow.queue,
    // Each payout its own provider call: several at once.
    { retryLimit: 10, retryDelay: 5, retryBackoff: true, concurrency: 4 },
    async (job) => {
      const row = await follow.pending(job.data.redemptionId);
      if (!row) return;
      await applyAndCheckLater(job.data.redemptionId, await follow.first(row), 0);
    },
  );

  await jobs.work<{ redemptionId: string; attempt: number }>(
    follow.checkQueue,
    // Only payouts still in progress, each asked about later: one at a time.
    { retryLimit: 10, retryDelay: 5, retryBackoff: true },
    async (job) => {
      const row = await follow.pending(job.data.redemptionId);
      if (!row) return;
      const result = await follow.again(row);
      follow.logger.info(
        { redemptionId: job.data.redemptionId, status: result.status },
        follow.checked,
      );
      await applyAndCheckLater(job.data.redemptionId, result, job.data.attempt);
    },
  );
}
