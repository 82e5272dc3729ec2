import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/database';
import type { JobQueue } from '../../jobs/job-queue';
import type { OtpService } from '../auth/otp-service';
import { loadProfile } from '../auth/users';
import { createAccountClosure, type AccountClosureDeps } from './account-closure';
import { accountRightsRoutes } from './account-rights-routes';
import type { ContactChangeReports } from './contact-change-reports';
import { contactChangeRoutes } from './contact-change-routes';
import { createContactStepUp } from './contact-step-up';
import { createDataExport, type DataExportDeps } from './data-export';
import { createPhoneChange } from './phone-change';
import { profileRoutes, type ProfileRoutesOptions } from './profile-routes';
import { createSecurityActivity } from './security-activity';
import { securityActivityRoutes } from './security-activity-routes';

/** What the data export reads of other features: their own readers, the ones their screens use. */
export type DataExportReaders = Omit<DataExportDeps, 'db' | 'profile' | 'securityActivity'>;

export interface AccountContext {
  db: Db;
  jobs: JobQueue;
  otp: OtpService;
  config: Pick<Config, 'BRAND_NAME'>;
  profiles: ProfileRoutesOptions['profiles'];
  emailVerification: ProfileRoutesOptions['emailChange'];
  /** Shared with sign-in, which resumes a reported contact change. */
  contactChanges: ContactChangeReports;
  /** This process checks the customer's sessions again once told to forget them. */
  authenticator: { forget(userId: string): void };
  refreshCookie: { clear(reply: FastifyReply): void };
  dataExportReaders: DataExportReaders;
  /** The customer's balance, read in the closing transaction (the wallet's reader). */
  closingBalance: AccountClosureDeps['balance'];
}

/**
 * The customer's own account: profile and contact changes, security activity, the data export
 * and closing the account.
 */
export const accountPlugin: FastifyPluginAsync<AccountContext> = async (v1, context) => {
  const { db, otp, profiles, authenticator } = context;
  await v1.register(profileRoutes, {
    db,
    profiles,
    emailChange: context.emailVerification,
    phoneChange: createPhoneChange({
      db,
      otp,
      jobs: context.jobs,
      brandName: context.config.BRAND_NAME,
      contactChanges: context.contactChanges,
      onSessionsEnded: (userId) => authenticator.forget(userId),
    }),
    stepUp: createContactStepUp(otp),
  });
  await v1.register(contactChangeRoutes, { reports: context.contactChanges });
  const securityActivity = createSecurityActivity({ db });
  await v1.register(securityActivityRoutes, {
    db,
    activity: securityActivity,
    onSessionsEnded: (userId) => authenticator.forget(userId),
  });
  await v1.register(accountRightsRoutes, {
    clearRefreshCookie: (reply) => context.refreshCookie.clear(reply),
    dataExport: createDataExport({
      ...context.dataExportReaders,
      db,
      profile: (userId) => loadProfile(db, userId),
      securityActivity: (viewer, limit, cursor) => securityActivity.list(viewer, { limit, cursor }),
    }),
    closure: createAccountClosure({
      db,
      otp,
      balance: context.closingBalance,
      onClosed: (userId) => {
        authenticator.forget(userId);
        profiles.invalidate(userId);
      },
    }),
  });
};
