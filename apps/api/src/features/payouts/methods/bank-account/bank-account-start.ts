import type { Db } from '../../../../db/database';
import {
  createIncreaseAchPayouts,
  createIncreaseAchTransfers,
} from '../../../../providers/increase-ach-payouts';
import type { AchPayouts, BankLinking } from '../../../../providers/ports';
import {
  createSandboxAchPayouts,
  type SandboxAchReturnCode,
} from '../../../../providers/sandbox-ach-payouts';
import {
  createSandboxBankLinking,
  sandboxLinkBanks,
  type SandboxBankLinking,
} from '../../../../providers/sandbox-bank-linking';
import { createTinkBankLinking } from '../../../../providers/tink-bank-linking';
import { createAchSubmission } from '../../../banks/ach-submission';
import { createBankVault } from '../../../banks/bank-vault';
import { sandboxBankLinkRoutes } from '../../../banks/sandbox-bank-link-routes';
import type {
  CommonSettings,
  MethodRouteDeps,
  MethodStartContext,
  StartedMethod,
} from '../../method-definition';
import { applyAndNotify } from '../../payout-events';
import { registerAchJobs, SANDBOX_ACH_SETTLE_QUEUE } from '../../payout-jobs';
import type { BankAccountSettings } from './bank-account-definition';
import { createBankAccountMethod } from './bank-account';
import { registerIncreaseEventJobs } from './increase-events';
import { increaseWebhookRoutes } from './increase-webhook-routes';
import type { FastifyPluginAsync } from 'fastify';

type Settings = BankAccountSettings & CommonSettings;

/** What other features use of the bank method: linking, and the banks only its provider knows. */
export interface BankAccountProvides {
  bankLinking: BankLinking;
  /**
   * Banks only the bank-linking provider in use knows, by routing number: the sandbox's test
   * banks, and none for a real provider.
   */
  linkingBanks: readonly { routingNumber: string; name: string }[];
}

/** Where customers come back to after bank linking: the web app's routes (SPEC §2). */
export const bankLinkReturnUrls = (publicUrl: string) => ({
  success: new URL('/redeem/tink', publicUrl).toString(),
  failure: new URL('/bank-failure', publicUrl).toString(),
});

export async function startBankAccount({
  settings,
  db,
  jobs,
  logger,
}: MethodStartContext<BankAccountSettings>): Promise<StartedMethod<BankAccountProvides>> {
  const providers = createBankProviders(settings, db, {
    scheduleAchSettlement: (redemptionId, returnCode) =>
      jobs.send(
        SANDBOX_ACH_SETTLE_QUEUE,
        { redemptionId, returnCode },
        {
          startAfter: new Date(Date.now() + settings.SANDBOX_ACH_SETTLEMENT_SECONDS * 1000),
          singletonKey: `ach-settle:${redemptionId}`,
        },
      ),
  });
  await registerAchJobs(jobs, db, {
    submitAch: createAchSubmission({
      db,
      failPayout: (event) => applyAndNotify(db, jobs, { ...event, type: 'failed' }),
      vault: createBankVault(db, settings.VAULT_KEY),
      achPayouts: providers.achPayouts,
      logger,
    }),
    sandboxReturnDelaySeconds: settings.SANDBOX_ACH_SETTLEMENT_SECONDS,
  });
  const { increase, sandboxBankLinking } = providers;
  if (increase)
    await registerIncreaseEventJobs(jobs, { db, transfers: increase.transfers, logger });
  const routes: FastifyPluginAsync<MethodRouteDeps> = async (v1, deps) => {
    // Set when ACH payouts go through Increase: its signed event webhooks are then received.
    if (increase) {
      await v1.register(increaseWebhookRoutes, { secret: increase.webhookSecret, jobs: deps.jobs });
    }
    if (sandboxBankLinking) {
      const returnUrls = bankLinkReturnUrls(settings.PUBLIC_URL);
      await v1.register(sandboxBankLinkRoutes, {
        sandbox: sandboxBankLinking,
        successUrl: returnUrls.success,
        failureUrl: returnUrls.failure,
      });
    }
  };
  return {
    methods: [createBankAccountMethod({ jobs })],
    routes,
    provides: {
      bankLinking: providers.bankLinking,
      linkingBanks: sandboxBankLinking ? sandboxLinkBanks : [],
    },
  };
}

const required = (value: string | undefined, name: string): string => {
  if (!value) throw new Error(`${name} is required`);
  return value;
};

/** Bank linking and ACH payouts, picked from configuration like the other providers. */
function createBankProviders(
  settings: Settings,
  db: Db,
  sandbox: {
    scheduleAchSettlement: (
      reference: string,
      returnCode: SandboxAchReturnCode | null,
    ) => Promise<void>;
  },
): {
  achPayouts: AchPayouts;
  bankLinking: BankLinking;
  /** The sandbox bank-linking provider when it is the one in use: its hosted page needs it. */
  sandboxBankLinking: SandboxBankLinking | null;
  /** Increase in use for ACH: reading transfers back, and the secret its webhooks are signed with. */
  increase: {
    transfers: ReturnType<typeof createIncreaseAchTransfers>;
    webhookSecret: string;
  } | null;
} {
  const sandboxBankLinking =
    settings.BANK_LINK_PROVIDER === 'sandbox'
      ? createSandboxBankLinking({
          db,
          pageUrl: new URL('/v1/sandbox/bank-link', settings.PUBLIC_URL).toString(),
        })
      : null;
  const bankLinking =
    sandboxBankLinking?.linking ??
    createTinkBankLinking({
      clientId: required(settings.TINK_CLIENT_ID, 'TINK_CLIENT_ID'),
      clientSecret: required(settings.TINK_CLIENT_SECRET, 'TINK_CLIENT_SECRET'),
      redirectUri: bankLinkReturnUrls(settings.PUBLIC_URL).success,
      market: settings.TINK_MARKET,
      locale: settings.TINK_LOCALE,
      ...(settings.TINK_API_URL ? { apiUrl: settings.TINK_API_URL } : {}),
      ...(settings.TINK_LINK_URL ? { linkUrl: settings.TINK_LINK_URL } : {}),
    });
  const increaseUrl = settings.INCREASE_BASE_URL ? { baseUrl: settings.INCREASE_BASE_URL } : {};
  const increase =
    settings.ACH_PROVIDER === 'increase'
      ? {
          payouts: createIncreaseAchPayouts({
            apiKey: required(settings.INCREASE_API_KEY, 'INCREASE_API_KEY'),
            accountId: required(settings.INCREASE_ACCOUNT_ID, 'INCREASE_ACCOUNT_ID'),
            statementDescriptor: settings.BRAND_NAME,
            ...increaseUrl,
          }),
          webhooks: {
            transfers: createIncreaseAchTransfers({
              apiKey: required(settings.INCREASE_API_KEY, 'INCREASE_API_KEY'),
              ...increaseUrl,
            }),
            // Without it settlements and returns would never arrive: refuse to start.
            webhookSecret: required(settings.INCREASE_WEBHOOK_SECRET, 'INCREASE_WEBHOOK_SECRET'),
          },
        }
      : null;
  const achPayouts =
    increase?.payouts ??
    createSandboxAchPayouts({ scheduleSettlement: sandbox.scheduleAchSettlement });
  return { achPayouts, bankLinking, sandboxBankLinking, increase: increase?.webhooks ?? null };
}
