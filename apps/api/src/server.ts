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
import type { StartedMethod } from './features/payouts/method-definition';
import type { RedemptionMethod } from './features/payouts/redemption-method';
import {
  creditWelcomeBonus,
  startBonusExpiry,
  welcomeBonusOf,
} from './features/bonuses/welcome-bonus';
import { keepDevelopmentSecrets } from './dev-secrets';
import { createServerAnalytics } from './features/analytics/server-analytics';
import { createProviders } from './providers/providers';
import type { Metrics } from './observability/metrics';
import { startRedemptionMethods } from './redemption-methods';
import { scheduleLedgerChecks } from './features/ledger/ledger-check-schedule';

export interface RunningServer {
  app: FastifyInstance;
  /** The configuration in force, with the secrets a development setup keeps in its data folder. */
  config: Config;
  database: Database;
  jobs: JobQueue;
  /** This instance's metrics, when served (METRICS_PORT): main.ts serves them. */
  metrics: Metrics | null;
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
  // Each method makes its provider and works its jobs (ADR 0014).
  const methods = await startRedemptionMethods({
    settings: config,
    db: database.db,
    jobs,
    logger,
  });
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
  const ledgerChecks = scheduleLedgerChecks({
    db: database.db,
    intervalSeconds: config.LEDGER_CHECK_INTERVAL_SECONDS,
    logger,
  });
  let shuttingDown = false;
  const serverAnalytics = createServerAnalytics(config, database.db, logger);
  // Loaded only when asked for: an instance that serves no metrics does not load prom-client.
  const metrics =
    config.METRICS_PORT === undefined
      ? null
      : (await import('./observability/metrics')).createMetrics(database.db, database.reads);
  const app = await buildApp({
    metrics: metrics ?? undefined,
    config,
    database,
    jobs,
    providers,
    methods,
    logger,
    webDistDir: config.WEB_DIST_DIR ?? defaultWebDistDir,
    isShuttingDown: () => shuttingDown,
    redemptionMethods: options.redemptionMethods ?? [],
    serverAnalytics,
  });
  return {
    app,
    config,
    database,
    jobs,
    metrics,
    async close() {
      shuttingDown = true;
      const started = Object.values<StartedMethod>(methods);
      const methodsStopped = Promise.all(started.map((method) => method.stop?.()));
      bonusExpiry.stop();
      ledgerChecks.stop();
      await app.close();
      // What is still pending goes out (PostHog) or is written (the table) before the end.
      await serverAnalytics.close();
      await methodsStopped;
      await jobs.stop();
      await Promise.all(started.map((method) => method.release?.()));
      await database.close();
    },
  };
}
