import type { Db } from '../../db/database';
import type { JobQueue } from '../../jobs/job-queue';
import { RELEASE_HOLD_QUEUE } from './claim-refund';
import { releaseReturn } from './refund-money';

/** A fraud hold that runs out releases the held money to the customer's available balance. */
export async function registerRefundJobs(jobs: JobQueue, db: Db): Promise<void> {
  await jobs.work<{ refundId: string; returnId: string }>(
    RELEASE_HOLD_QUEUE,
    { retryLimit: 10, retryDelay: 5, retryBackoff: true },
    async (job) => {
      await releaseReturn(db, jobs, {
        merchantId: null,
        refundId: job.data.refundId,
        returnId: job.data.returnId,
        cause: 'hold_expired',
      });
    },
  );
}
