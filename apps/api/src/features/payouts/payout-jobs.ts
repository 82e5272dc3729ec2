import type { Db } from '../../db/database';
import type { JobQueue } from '../../jobs/job-queue';
import {
  sandboxAchReturnReasons,
  type SandboxAchReturnCode,
} from '../../providers/sandbox-ach-payouts';
import type { SubmitAch } from '../banks/ach-submission';
import { applyAndNotify } from './payout-events';

export const SANDBOX_CARD_RETURN_QUEUE = 'sandbox-card-return';
export const ACH_SUBMIT_QUEUE = 'ach-submit';
export const SANDBOX_ACH_SETTLE_QUEUE = 'sandbox-ach-settle';
export const SANDBOX_ACH_RETURN_QUEUE = 'sandbox-ach-return';

export interface AchJobOptions {
  submitAch: SubmitAch;
  /** Sandbox: seconds from settlement to the receiving bank's return. */
  sandboxReturnDelaySeconds: number;
}

interface SandboxAchJob {
  redemptionId: string;
  returnCode: SandboxAchReturnCode | null;
}

/** What a customer reads when the receiving bank sends an ACH credit back. */
export const achReturnReason = (code: SandboxAchReturnCode): string =>
  `The bank returned the payout (${code}: ${sandboxAchReturnReasons[code]}).`;

/**
 * Payout work done after the request: the sandbox's delayed callbacks (here a card return; below
 * ACH submission, retried while the provider is down, and ACH settlement and returns), delivered
 * like a provider's would be: each through applyPayoutEvent, once per event id.
 */
export async function registerCardReturnJobs(jobs: JobQueue, db: Db): Promise<void> {
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

/** ACH submission and the sandbox's settlements and returns (the bank method's jobs). */
export async function registerAchJobs(jobs: JobQueue, db: Db, ach: AchJobOptions): Promise<void> {
  await jobs.work<{ redemptionId: string }>(
    ACH_SUBMIT_QUEUE,
    { retryLimit: 8, retryDelay: 5, retryBackoff: true, concurrency: 2 },
    async (job) => ach.submitAch(job.data.redemptionId),
  );

  await jobs.work<SandboxAchJob>(SANDBOX_ACH_SETTLE_QUEUE, { retryLimit: 10 }, async (job) => {
    const { redemptionId, returnCode } = job.data;
    await applyAndNotify(db, jobs, {
      eventId: `sandbox-ach-settled:${redemptionId}`,
      redemptionId,
      type: 'succeeded',
    });
    if (returnCode) {
      await jobs.send(
        SANDBOX_ACH_RETURN_QUEUE,
        { redemptionId, returnCode },
        {
          startAfter: new Date(Date.now() + ach.sandboxReturnDelaySeconds * 1000),
          singletonKey: `ach-return:${redemptionId}`,
        },
      );
    }
  });

  await jobs.work<SandboxAchJob & { returnCode: SandboxAchReturnCode }>(
    SANDBOX_ACH_RETURN_QUEUE,
    { retryLimit: 10 },
    async (job) => {
      await applyAndNotify(db, jobs, {
        eventId: `sandbox-ach-return:${job.data.redemptionId}`,
        redemptionId: job.data.redemptionId,
        type: 'returned',
        reason: achReturnReason(job.data.returnCode),
      });
    },
  );
}
