import PgBoss from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Tx } from '../db/database';
import type { EmailSender, SmsSender } from '../providers/ports';
import { orderedJobId } from './ordered-job-id';
import { createSealedBox } from './sealed-box';
import { transactionExecutor } from './transaction-sql';

export type OutboundMessage =
  | { channel: 'sms'; to: string; body: string }
  | { channel: 'email'; to: string; subject: string; text: string; html?: string };

export interface Job<T> {
  id: string;
  data: T;
  /** Tries before this one. */
  retryCount: number;
  retryLimit: number;
}

export interface QueueOptions {
  /** Jobs of this queue worked at the same time. */
  concurrency?: number;
  retryLimit?: number;
  /** Seconds before the first retry; doubled each time with retryBackoff. */
  retryDelay?: number;
  retryBackoff?: boolean;
}

export interface SendOptions {
  startAfter?: Date;
  /** At most one queued job per key. */
  singletonKey?: string;
}

export interface JobQueue {
  /** Creates the queue and starts working it. Call before the first send to that queue. */
  work<T extends object>(
    queue: string,
    options: QueueOptions,
    handler: (job: Job<T>) => Promise<void>,
  ): Promise<void>;
  /**
   * Queues a job in the caller's transaction: it exists exactly when the transaction commits,
   * so a process that dies after the commit loses nothing (ADR 0013). Every job a state change
   * causes goes this way. The queue must be worked (`work`) by this process first.
   */
  sendIn<T extends object>(tx: Tx, queue: string, data: T, options?: SendOptions): Promise<void>;
  /** Queues a sealed message for delivery with retries in the caller's transaction, as sendIn. */
  sendMessageIn(tx: Tx, message: OutboundMessage): Promise<void>;
  /**
   * Queues a job on its own, after any transaction. Only for work no committed change causes:
   * a periodic check, an event received from outside (the job is then the only write), a
   * sandbox provider's timer. Payouts and bank submissions still use it until they move to
   * sendIn.
   */
  send<T extends object>(queue: string, data: T, options?: SendOptions): Promise<void>;
  /** Queues a message on its own, as send; a message a change causes goes through sendMessageIn. */
  sendMessage(message: OutboundMessage): Promise<void>;
  stop(): Promise<void>;
}

const SEND_MESSAGE = 'send-message';

export interface JobQueueOptions {
  database: Database;
  secret: string;
  sms: SmsSender;
  email: EmailSender;
  logger: FastifyBaseLogger;
  pollSeconds: number;
}

export async function startJobQueue(options: JobQueueOptions): Promise<JobQueue> {
  const { database, logger } = options;
  const box = createSealedBox(options.secret);
  const connection =
    'connectionString' in database.jobs
      ? { connectionString: database.jobs.connectionString, max: 4 }
      : { db: database.jobs.executor };
  const boss = new PgBoss({
    ...connection,
    // Delivered jobs are removed quickly: message payloads are sealed, but need not linger.
    archiveCompletedAfterSeconds: 60,
    deleteAfterDays: 1,
    schedule: false,
  });
  boss.on('error', (error) => logger.error({ err: error }, 'job queue error'));
  await boss.start();

  // Workers are our own loops over pg-boss's fetch, complete and fail rather than boss.work():
  // pg-boss 10's workers do not wait for (or catch) the statement that completes or fails a job,
  // so a connection PostgreSQL ends at that moment is an unhandled rejection, which ends the
  // process. Here every statement is awaited; one that fails leaves the job active, and pg-boss
  // runs it again once it expires, as it does for a worker that died.
  let stopping = false;
  /** Queues this process works: pg-boss silently drops a job sent to a queue not created yet. */
  const worked = new Set<string>();
  const wakers = new Set<() => void>();
  const loops: Promise<void>[] = [];
  /** Waits `seconds`, or less when the queue stops. */
  const pause = (seconds: number) =>
    new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        wakers.delete(done);
        resolve();
      };
      const timer = setTimeout(done, seconds * 1000);
      wakers.add(done);
    });

  async function workLoop<T extends object>(
    name: string,
    handler: (job: Job<T>) => Promise<void>,
  ): Promise<void> {
    while (!stopping) {
      // fetch answers no jobs when its statement fails; the loop then simply asks again later.
      const [job] = await boss.fetch<T>(name, { batchSize: 1, includeMetadata: true });
      if (!job) {
        await pause(options.pollSeconds);
        continue;
      }
      let failure: Error | null = null;
      try {
        await handler({
          id: job.id,
          data: job.data,
          retryCount: job.retryCount,
          retryLimit: job.retryLimit,
        });
      } catch (error) {
        failure = error instanceof Error ? error : new Error(String(error));
      }
      try {
        if (failure) await boss.fail(name, job.id, { message: failure.message });
        else await boss.complete(name, job.id);
      } catch (error) {
        logger.warn(
          { err: error, queue: name, jobId: job.id },
          'job outcome not stored; the job runs again once it expires',
        );
      }
    }
  }

  const queue: JobQueue = {
    async work<T extends object>(
      name: string,
      queueOptions: QueueOptions,
      handler: (job: Job<T>) => Promise<void>,
    ) {
      const { concurrency = 1, ...retry } = queueOptions;
      await boss.createQueue(name, {
        name,
        retryLimit: 5,
        retryDelay: 2,
        retryBackoff: true,
        ...retry,
      });
      worked.add(name);
      // Each worker takes one job at a time, so one failing job never fails its neighbours.
      for (let i = 0; i < concurrency; i += 1) loops.push(workLoop(name, handler));
    },
    async send(name, data, sendOptions = {}) {
      await boss.send(name, data, {
        ...(sendOptions.startAfter ? { startAfter: sendOptions.startAfter } : {}),
        ...(sendOptions.singletonKey ? { singletonKey: sendOptions.singletonKey } : {}),
      });
    },
    async sendIn(tx, name, data, sendOptions = {}) {
      if (!worked.has(name)) throw new Error(`queue ${name} is not worked yet: work() it first`);
      await boss.send(name, data, {
        db: transactionExecutor(tx),
        id: orderedJobId(),
        ...(sendOptions.startAfter ? { startAfter: sendOptions.startAfter } : {}),
        ...(sendOptions.singletonKey ? { singletonKey: sendOptions.singletonKey } : {}),
      });
    },
    async sendMessage(message) {
      await boss.send(SEND_MESSAGE, { sealed: box.seal(message) });
    },
    async sendMessageIn(tx, message) {
      await queue.sendIn(tx, SEND_MESSAGE, { sealed: box.seal(message) });
    },
    async stop() {
      // Jobs in hand are finished (for up to 10 seconds), then pg-boss stops.
      stopping = true;
      for (const wake of [...wakers]) wake();
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        Promise.all(loops),
        new Promise((resolve) => (timer = setTimeout(resolve, 10_000))),
      ]);
      clearTimeout(timer);
      await boss.stop({ graceful: true, wait: true, timeout: 10_000 });
    },
  };

  await queue.work<{ sealed: string }>(
    SEND_MESSAGE,
    { retryLimit: 5, concurrency: 3 },
    async (job) => {
      const message = box.open<OutboundMessage>(job.data.sealed);
      if (message.channel === 'sms') await options.sms.send({ to: message.to, body: message.body });
      else await options.email.send(message);
      logger.info({ jobId: job.id, channel: message.channel }, 'message delivered');
    },
  );
  return queue;
}
