import type { Db } from '../../db/database';
import type { JobQueue } from '../../jobs/job-queue';
import { applyAndNotify } from './payout-events';

export const SANDBOX_CARD_RETURN_QUEUE = 'sandbox-card-return';

/** The sandbox's delayed "payout returned" callback, delivered like a provider's would be. */
export async function registerPayoutJobs(jobs: JobQueue, db: Db): Promise<void> {
  await jobs.work<{ redemptionId: string }>(
    SANDBOX_CARD_RETURN_QUEUE,
    { retryLimit: 10 },
    async (job) => {
      await applyAndNotify(db, jobs, {
        eventId: `sandbox-return:${job.data.redemptionId}`,
        redemptionId: job.data.redemptionId,
        type: 'returned',
        reason: 'The card issuer returned the payout.',
      });
    },
  );
}
