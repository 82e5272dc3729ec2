import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { buildApp } from './app';
import type { Config } from './config';
import { databaseOptionsOf, openDatabase, type Database } from './db/database';
import { seedDemoData } from './db/demo-data';
import { registerWebhookJobs } from './features/webhooks/webhook-delivery';
import { startJobQueue, type JobQueue } from './jobs/job-queue';
import { registerRefundJobs } from './features/refunds/refund-jobs';
import {
  registerPayoutJobs,
  SANDBOX_ACH_SETTLE_QUEUE,
  SANDBOX_CARD_RETURN_QUEUE,
} from './features/payouts/payout-jobs';
import { createAchSubmission } from './features/banks/ach-submission';
import { applyAndNotify } from './features/payouts/payout-events';
import type { RedemptionMethod } from './features/payouts/redemption-method';
import { createBankVault } from './features/banks/bank-vault';
import { registerIncreaseEventJobs } from './features/increase-webhooks/increase-events';
import {
  createCardPushChecks,
  startCardPushChecks,
} from './features/payouts/methods/debit-card/card-push-checks';
import { createCardVault } from './features/cards/card-vault';
import { startCatalogSync, syncGiftCardCatalog } from './features/giftcards/catalog-sync';
import { deleteStaleQuotes } from './features/giftcards/quotes';
import {
  createIssuerHealth,
  registerGiftCardOrderJobs,
} from './features/giftcards/giftcard-purchases';
import {
  creditWelcomeBonus,
  startBonusExpiry,
  welcomeBonusOf,
} from './features/bonuses/welcome-bonus';
import { registerPrepaidCardJobs } from './features/prepaid-cards/prepaid-card-issuing';
import { registerFanCashCreditJobs } from './features/fancash/fancash-credits';
import { keepDevelopmentSecrets } from './dev-secrets';
import { createServerAnalytics } from './features/analytics/server-analytics';
import {
  createBankProviders,
  createCardPayoutProviders,
  createGiftCardIssuer,
  createFanCashProgram,
  createPrepaidCardIssuer,
  createProviders,
} from './providers/providers';

export interface RunningServer {
  app: FastifyInstance;
  /** The configuration in force, with the secrets a development setup keeps in its data folder. */
  config: Config;
  database: Database;
  jobs: JobQueue;
  /** Stops taking requests, lets jobs finish, closes the database. */
  close(): Promise<void>;
}

const here = path.dirname(fileURLToPath(import.meta.url));
export const defaultWebDistDir = path.resolve(here, '../../web/dist');

/** Opens storage, starts the job workers and builds the HTTP app: everything but listening. */
export interface ServerOptions {
  /** Redemption methods registered beside the built-in ones. */
  redemptionMethods?: readonly RedemptionMethod[];
  /**
   * The configured database, already being opened (see main.ts); by default it is opened here.
   */
  database?: Promise<Database>;
}

export async function createServer(
  loaded: Config,
  logger: FastifyBaseLogger,
  options: ServerOptions = {},
): Promise<RunningServer> {
  const database = await (options.database ?? openDatabase(databaseOptionsOf(loaded, logger)));
  // After the embedded database has made its folder: it only sets up an empty one.
  let config: Config;
  try {
    config = await keepDevelopmentSecrets(loaded);
  } catch (error) {
    await database.close();
    throw error;
  }
  const providers = createProviders(config, database.db, logger);
  const jobs = await startJobQueue({
    database,
    secret: config.OTP_SECRET,
    sms: providers.sms,
    email: providers.email,
    logger,
    pollSeconds: config.JOB_POLL_SECONDS,
  });
  await registerRefundJobs(jobs, database.db);
  const bankProviders = createBankProviders(config, database.db, {
    scheduleAchSettlement: (redemptionId, returnCode) =>
      jobs.send(
        SANDBOX_ACH_SETTLE_QUEUE,
        { redemptionId, returnCode },
        {
          startAfter: new Date(Date.now() + config.SANDBOX_ACH_SETTLEMENT_SECONDS * 1000),
          singletonKey: `ach-settle:${redemptionId}`,
        },
      ),
  });
  await registerPayoutJobs(jobs, database.db, {
    submitAch: createAchSubmission({
      db: database.db,
      failPayout: (event) => applyAndNotify(database.db, jobs, { ...event, type: 'failed' }),
      vault: createBankVault(database.db, config.VAULT_KEY),
      achPayouts: bankProviders.achPayouts,
      logger,
    }),
    sandboxReturnDelaySeconds: config.SANDBOX_ACH_SETTLEMENT_SECONDS,
  });
  if (bankProviders.increase) {
    await registerIncreaseEventJobs(jobs, {
      db: database.db,
      transfers: bankProviders.increase.transfers,
      logger,
    });
  }
  const cardProviders = createCardPayoutProviders(config, database.db, {
    scheduleReturn: (redemptionId) =>
      jobs.send(
        SANDBOX_CARD_RETURN_QUEUE,
        { redemptionId },
        { startAfter: new Date(Date.now() + config.SANDBOX_CARD_RETURN_DELAY_SECONDS * 1000) },
      ),
  });
  const { cardPayouts } = cardProviders;
  const cardPushChecks = startCardPushChecks(
    createCardPushChecks({
      db: database.db,
      jobs,
      lookup: cardPayouts,
      logger,
      checkAfterSeconds: config.CARD_PUSH_CHECK_AFTER_SECONDS,
      notFoundAfterSeconds: config.CARD_PUSH_NOT_FOUND_AFTER_SECONDS,
      intervalSeconds: config.CARD_PUSH_CHECK_INTERVAL_SECONDS,
      vault: createCardVault(database.db, config.VAULT_KEY),
    }),
    { intervalSeconds: config.CARD_PUSH_CHECK_INTERVAL_SECONDS, logger },
  );
  const giftCards = createGiftCardIssuer(config);
  const issuerHealth = giftCards ? createIssuerHealth() : null;
  const catalogSync = giftCards
    ? await startCatalogSync(
        jobs,
        async () => {
          const synced = await syncGiftCardCatalog(database.db, giftCards.issuer, {
            cashbackShareBps: config.GIFT_CARD_CASHBACK_SHARE_BPS,
            featured: config.GIFT_CARD_FEATURED_BRANDS ?? giftCards.demo.featured,
            disabled: config.GIFT_CARD_DISABLED_BRANDS ?? giftCards.demo.disabled,
          });
          return { ...synced, staleQuotesDeleted: await deleteStaleQuotes(database.db) };
        },
        {
          db: database.db,
          intervalSeconds: config.GIFT_CARD_CATALOG_SYNC_SECONDS,
          logger,
          ...(issuerHealth ? { health: issuerHealth } : {}),
        },
      )
    : null;
  if (giftCards && issuerHealth) {
    await registerGiftCardOrderJobs({
      db: database.db,
      jobs,
      issuer: giftCards.issuer,
      health: issuerHealth,
      vaultKey: config.VAULT_KEY,
      logger,
    });
  }
  const prepaidCardIssuer = createPrepaidCardIssuer(config);
  if (prepaidCardIssuer) {
    await registerPrepaidCardJobs({ db: database.db, jobs, issuer: prepaidCardIssuer, logger });
  }
  const fanCash = createFanCashProgram(config);
  if (fanCash) {
    await registerFanCashCreditJobs({ db: database.db, jobs, program: fanCash, logger });
  }
  const welcomeBonus = welcomeBonusOf(config);
  const bonusExpiry = await startBonusExpiry(jobs, {
    db: database.db,
    bonus: welcomeBonus,
    logger,
  });
  // Before any seeding: a queue must be worked before anything is sent to it.
  await registerWebhookJobs(jobs, {
    db: database.db,
    logger,
    allowPrivateUrls: config.SANDBOX,
  });
  if (config.SEED_DEMO_DATA) {
    await seedDemoData({
      db: database.db,
      jobs,
      publicUrl: config.PUBLIC_URL,
      sandbox: config.SANDBOX,
      onClaimed: (tx, userId) => creditWelcomeBonus(tx, welcomeBonus, userId),
    });
  }
  let shuttingDown = false;
  const serverAnalytics = createServerAnalytics(config, database.db, logger);
  const { increase, ...bankPayoutProviders } = bankProviders;
  const app = await buildApp({
    config,
    database,
    jobs,
    providers,
    payoutProviders: { cardPayouts, ...bankPayoutProviders },
    logger,
    webDistDir: config.WEB_DIST_DIR ?? defaultWebDistDir,
    isShuttingDown: () => shuttingDown,
    increaseWebhookSecret: increase?.webhookSecret ?? null,
    redemptionMethods: options.redemptionMethods ?? [],
    giftCardIssuer: issuerHealth,
    teamShopBrands: giftCards
      ? (config.GIFT_CARD_TEAM_SHOP_BRANDS ?? giftCards.demo.teamShops)
      : [],
    earnRewardOffers: giftCards ? (config.EARN_REWARDS_OFFERS ?? giftCards.demo.earnRewards) : [],
    prepaidCardIssuer,
    fanCash,
    serverAnalytics,
  });
  return {
    app,
    config,
    database,
    jobs,
    async close() {
      shuttingDown = true;
      const cardPushChecksStopped = cardPushChecks.stop();
      catalogSync?.stop();
      bonusExpiry.stop();
      await app.close();
      // What is still pending goes out (PostHog) or is written (the table) before the end.
      await serverAnalytics.close();
      await cardPushChecksStopped;
      await jobs.stop();
      await cardProviders.close();
      await database.close();
    },
  };
}
