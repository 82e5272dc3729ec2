import type { OtpChallenge } from '@refund/contracts/auth';
import type { Db, Queryable } from '../../db/database';
import type { JobQueue } from '../../jobs/job-queue';
import type { BotVerifier } from '../../providers/ports';
import type { OtpService } from '../auth/otp-service';
import type { MethodRegistry } from './redemption-method-registry';
import { createRedemptionPipeline } from './redemption-pipeline';
import { createRedemptionViews } from './redemption-views';

export type { RedemptionInput } from './redemption-pipeline';

export interface RedemptionDeps {
  db: Db;
  jobs: Pick<JobQueue, 'sendMessageIn'>;
  otp: Pick<OtpService, 'beginForCustomer' | 'consumeOwnCode' | 'codeHash'>;
  methods: MethodRegistry;
  /** Moves the customer's lapsed fraud holds to available now; answers the cents moved. */
  releaseLapsedHolds: (userId: string) => Promise<number>;
  /** The customer's bonus that can be spent now (0 after its last day), read in `q`. */
  spendableBonus: (q: Queryable, userId: string) => Promise<number>;
  bot: BotVerifier;
}

/** The customer's redemptions: the withdrawal passcode, redeeming, and the transactions. */
export function createRedemptions(deps: RedemptionDeps) {
  const { db } = deps;
  const views = createRedemptionViews({ db, methods: deps.methods });
  const pipeline = createRedemptionPipeline({ ...deps, views });

  return {
    load: views.load,
    list: views.list,
    create: pipeline.create,

    /** The withdrawal one-time passcode, sent to the customer's own phone. */
    startOtp: (userId: string, ip: string): Promise<OtpChallenge> =>
      deps.otp.beginForCustomer(userId, 'WITHDRAWAL', ip),
  };
}

export type Redemptions = ReturnType<typeof createRedemptions>;
