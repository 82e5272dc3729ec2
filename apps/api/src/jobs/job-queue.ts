import { AsyncResource } from 'node:async_hooks';
import PgBoss from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import {
  context,
  propagation,
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  trace,
} from '@opentelemetry/api';
import { asJob, currentRequestId, type JobLogFields } from '../observability/work-context';
import { afterCommit, type Database, type Tx } from '../db/database';
import { sqlState } from '../db/sql-state';
import type { EmailSender, SmsSender } from '../providers/ports';
import { orderedJobId } from './ordered-job-id';
import { startDueJobsWatch } from './due-jobs-watch';
import { startQueuePoller, type QueuePoller } from './queue-poller';
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
  /**
   * How long one try may run before pg-boss takes its worker for dead and the job is tried
   * again (pg-boss's default: 15 minutes).
   */
  expireInSeconds?: number;
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

/**
 * The queues among $1 with jobs not taken, each with when its earliest falls due and whether that
 * is now: one statement for all of them. Each queue's next job is the first entry of the index
 * pg-boss 10's fetch uses (on its job table, partitioned by queue), so the look reads one entry a
 * queue, however many jobs wait for later.
 */
export const WAITING_QUEUES = `select queue.name, next.start_after as due_at,
    next.start_after < now() as due_now
  from unnest($1::text[]) as queue(name)
  cross join lateral (
    select job.start_after from pgboss.job
    where job.name = queue.name and job.state < 'active'
    order by job.start_after limit 1
  ) as next`;

export interface JobQueueOptions {
  database: Database;
  secret: string;
  sms: SmsSender;
  email: EmailSender;
  logger: FastifyBaseLogger;
  /**
   * Jobs this process queues are worked at once, or when due. Jobs it did not queue (another
   * process on the same database) are looked for every `pollSeconds` while they keep coming,
   * the wait doubling while none come, up to `maxPollSeconds`.
   */
  pollSeconds: number;
  /**
   * How long a job nobody announced may wait. Default: 5 s on PostgreSQL, where another process
   * may queue one at any time. 5 minutes on the embedded engine: its files belong to this
   * process alone, which announces every job it queues or tries again, and looks as soon as
   * pg-boss's maintenance has expired jobs whose try outlived its time; the look is only a
   * backstop there, and each costs an idle server some 25 ms of CPU.
   */
  maxPollSeconds?: number;
  /** How often pg-boss's maintenance runs (expiring, archiving); pg-boss's default otherwise. */
  maintenanceSeconds?: number;
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
    // Maintenance (archiving, expiring jobs whose worker died) costs the embedded engine 0.1 to
    // 0.3 s of CPU a run even with nothing to do, most of what an idle server spends: there, it
    // runs every 10 minutes rather than every 2. On PostgreSQL, where other instances take up
    // the jobs of one that died, it runs every 30 s: a message such an instance had taken is
    // sent within MESSAGE_EXPIRE_SECONDS and 30 s more.
    maintenanceIntervalSeconds: database.engine === 'pglite' ? 600 : 30,
    ...(options.maintenanceSeconds
      ? { maintenanceIntervalSeconds: options.maintenanceSeconds }
      : {}),
    schedule: false,
  });
  boss.on('error', (error) => logger.error({ err: error }, 'job queue error'));
  await boss.start();
  /** Queues that exist already: creating one again costs a statement for nothing. */
  const existing = new Map((await boss.getQueues()).map((queue) => [queue.name, queue]));

  // Workers are our own loops over pg-boss's fetch, complete and fail rather than boss.work():
  // pg-boss 10's workers do not wait for (or catch) the statement that completes or fails a job,
  // so a connection PostgreSQL ends at that moment is an unhandled rejection, which ends the
  // process. Here every statement is awaited; one that fails leaves the job active, and pg-boss
  // runs it again once it expires, as it does for a worker that died.
  /** Queues this process works: pg-boss silently drops a job sent to a queue not created yet. */
  const pollers = new Map<string, QueuePoller>();
  // Jobs nobody announced to this process are found for every queue by one look, now and then.
  const watch = startDueJobsWatch({
    waitingQueues: async () => {
      if (pollers.size === 0) return [];
      const { rows } = await boss.getDb().executeSql(WAITING_QUEUES, [[...pollers.keys()]]);
      return (rows as { name: string; due_at: Date | string; due_now: boolean }[]).map((row) => ({
        name: row.name,
        dueAt: new Date(row.due_at),
        dueNow: row.due_now,
      }));
    },
    wake: (name) => pollers.get(name)?.wake(),
    wakeAt: (name, at) => pollers.get(name)?.wakeAt(at),
    onLookFailed: (error) => {
      logger.warn({ err: error }, 'looking for due jobs failed; every queue looks for itself');
      for (const poller of pollers.values()) poller.wake();
    },
    pollSeconds: options.pollSeconds,
    maxPollSeconds: options.maxPollSeconds ?? (database.engine === 'postgres' ? 5 : 300),
  });
  // Maintenance makes jobs due that nobody announces: those whose try outlived its time, tried
  // again after their retry delay. The look tells their queues when.
  boss.on('maintenance', () => watch.lookWithin(0));

  async function fetchJobs<T extends object>(name: string, count: number) {
    try {
      return await boss.fetch<T>(name, { batchSize: count, includeMetadata: true });
    } catch (error) {
      logger.warn({ err: error, queue: name }, 'looking for jobs failed; looking again later');
      return [];
    }
  }

  async function runJob<T extends object>(
    name: string,
    job: PgBoss.JobWithMetadata<WithOrigin<T>>,
    handler: (job: Job<T>) => Promise<void>,
  ): Promise<void> {
    const { [ORIGIN]: origin, ...data } = job.data;
    const fields: JobLogFields = { queue: name, jobId: job.id };
    if (origin?.reqId) fields.reqId = origin.reqId;
    // A child of the span that queued the job, when traces are exported and it was traced.
    const parent = origin?.trace ? propagation.extract(ROOT_CONTEXT, origin.trace) : ROOT_CONTEXT;
    const failure = await asJob(fields, () =>
      tracer.startActiveSpan(
        `process ${name}`,
        {
          kind: SpanKind.CONSUMER,
          attributes: {
            'messaging.system': 'pg-boss',
            'messaging.operation.type': 'process',
            'messaging.destination.name': name,
            'messaging.message.id': job.id,
            'job.retry_count': job.retryCount,
          },
        },
        parent,
        async (span) => {
          try {
            await handler({
              id: job.id,
              data: data as T,
              retryCount: job.retryCount,
              retryLimit: job.retryLimit,
            });
            return null;
          } catch (error) {
            const failed = error instanceof Error ? error : new Error(String(error));
            span.setStatus({ code: SpanStatusCode.ERROR, message: failed.name });
            // Logged in the job's context: the line names the job and its request.
            logger.warn(
              { err: failed, retryCount: job.retryCount, retryLimit: job.retryLimit },
              job.retryCount < job.retryLimit
                ? 'job failed; it is tried again later'
                : 'job failed and is not tried again',
            );
            return failed;
          } finally {
            span.end();
          }
        },
      ),
    );
    try {
      if (failure) {
        await boss.fail(name, job.id, { message: failure.message });
        if (job.retryCount < job.retryLimit) await wakeForRetry(name, job.id);
      } else {
        await boss.complete(name, job.id);
      }
    } catch (error) {
      logger.warn(
        { err: error, queue: name, jobId: job.id },
        'job outcome not stored; the job runs again once it expires',
      );
    }
  }

  /** A failed job is tried again after its retry delay: the queue looks for it then. */
  async function wakeForRetry(name: string, id: string): Promise<void> {
    try {
      const retry = await boss.getJobById<object>(name, id);
      if (retry?.state === 'retry') pollers.get(name)?.wakeAt(new Date(retry.startAfter));
    } catch (error) {
      logger.warn({ err: error, queue: name, jobId: id }, 'retry time not read; looking for it');
      watch.soon();
    }
  }

  /**
   * Runs `run` in the queue's own context rather than the caller's: the queue's looks for jobs,
   * its timers and the jobs they fetch are no part of the request or job that happened to
   * start them (in the logs or in a trace).
   */
  const inQueueContext = AsyncResource.bind((run: () => void): void => run());

  /** This process stored a job: its queue looks for it at once, or when it falls due. */
  const wake = (name: string, startAfter: Date | undefined): void =>
    inQueueContext(() => {
      const poller = pollers.get(name);
      if (!poller) return;
      if (startAfter) poller.wakeAt(startAfter);
      else poller.wake();
    });

  const queue: JobQueue = {
    async work<T extends object>(
      name: string,
      queueOptions: QueueOptions,
      handler: (job: Job<T>) => Promise<void>,
    ) {
      const { concurrency = 1, ...retry } = queueOptions;
      const wanted = { name, retryLimit: 5, retryDelay: 2, retryBackoff: true, ...retry };
      const stored = existing.get(name);
      if (!stored) await createQueueRetrying(() => boss.createQueue(name, wanted));
      else if (settingsDiffer(stored, wanted)) {
        // A queue made by an earlier version with other settings takes this version's, for
        // the jobs sent from now on.
        await boss.updateQueue(name, wanted);
      }
      // One poller per queue takes as many jobs as it has free slots; each job is worked on its
      // own, so one failing job never fails its neighbours. A queue first worked by a request
      // still polls in the queue's own context (see wake).
      inQueueContext(() => {
        pollers.set(
          name,
          startQueuePoller<PgBoss.JobWithMetadata<WithOrigin<T>>>({
            fetch: (count) => fetchJobs<WithOrigin<T>>(name, count),
            run: (job) => runJob(name, job, handler),
            concurrency,
            pollSeconds: options.pollSeconds,
          }),
        );
        // For the jobs a previous run left; queues worked in a row share the look.
        watch.lookWithin(0.1);
      });
    },
    async send(name, data, sendOptions = {}) {
      await boss.send(name, withOrigin(data), {
        ...(sendOptions.startAfter ? { startAfter: sendOptions.startAfter } : {}),
        ...(sendOptions.singletonKey ? { singletonKey: sendOptions.singletonKey } : {}),
      });
      wake(name, sendOptions.startAfter);
    },
    async sendIn(tx, name, data, sendOptions = {}) {
      const poller = pollers.get(name);
      if (!poller) throw new Error(`queue ${name} is not worked yet: work() it first`);
      await boss.send(name, withOrigin(data), {
        db: transactionExecutor(tx),
        id: orderedJobId(),
        ...(sendOptions.startAfter ? { startAfter: sendOptions.startAfter } : {}),
        ...(sendOptions.singletonKey ? { singletonKey: sendOptions.singletonKey } : {}),
      });
      // The job is visible to fetches once the transaction commits.
      if (!afterCommit(tx, () => wake(name, sendOptions.startAfter)))
        inQueueContext(() => watch.soon());
    },
    async sendMessage(message) {
      await queue.send(SEND_MESSAGE, { sealed: box.seal(message) });
    },
    async sendMessageIn(tx, message) {
      await queue.sendIn(tx, SEND_MESSAGE, { sealed: box.seal(message) });
    },
    async stop() {
      // Jobs in hand are finished (for up to 10 seconds), then pg-boss stops.
      watch.stop();
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        Promise.all([...pollers.values()].map((poller) => poller.stop())),
        new Promise((resolve) => (timer = setTimeout(resolve, 10_000))),
      ]);
      clearTimeout(timer);
      await boss.stop({ graceful: true, wait: true, timeout: 10_000 });
    },
  };

  await queue.work<{ sealed: string }>(
    SEND_MESSAGE,
    // A message taken by a process that then died (killed, its host gone) is sent by another
    // after a minute, not pg-boss's 15: a passcode is good for 5. A send gives up long before
    // (the SMS sender's own time limit is 10 seconds, SMTP's 15 for each step), so a live
    // sender is not doubled by it.
    { retryLimit: 5, concurrency: 3, expireInSeconds: MESSAGE_EXPIRE_SECONDS },
    async (job) => {
      const message = box.open<OutboundMessage>(job.data.sealed);
      // Every try of this job sends with the same key: a try whose outcome was lost and is
      // made again delivers the message once where the provider can tell (ports.ts).
      if (message.channel === 'sms') {
        await options.sms.send({ to: message.to, body: message.body, deliveryKey: job.id });
      } else {
        const { channel: _channel, ...email } = message;
        await options.email.send({ ...email, deliveryKey: job.id });
      }
      logger.info({ jobId: job.id, channel: message.channel }, 'message delivered');
    },
  );
  return queue;
}

/** Where a job's data keeps its origin; the handler gets the data without it. */
const ORIGIN = '_origin';

/** What a job's data says of where it came from. */
interface JobOrigin {
  /** The request that queued it (or queued the job that queued it). */
  reqId?: string;
  /** The trace it belongs to (W3C traceparent and tracestate), when traces are exported. */
  trace?: Record<string, string>;
}

type WithOrigin<T> = T & { [ORIGIN]?: JobOrigin };

const tracer = trace.getTracer('refund-wallet-api/jobs');

/**
 * A job's data with its origin: the request whose work queues it, and the span it is queued in
 * (nothing without traces: the API's propagator injects nothing then). Jobs queued by no
 * request, in no trace, are stored as they are.
 */
function withOrigin<T extends object>(data: T): WithOrigin<T> {
  const origin: JobOrigin = {};
  const reqId = currentRequestId();
  if (reqId) origin.reqId = reqId;
  const carrier: Record<string, string> = {};
  propagation.inject(context.active(), carrier);
  if (Object.keys(carrier).length > 0) origin.trace = carrier;
  return origin.reqId || origin.trace ? { ...data, [ORIGIN]: origin } : data;
}

/** Whether a stored queue's settings differ from those asked for (the ones asked for only). */
function settingsDiffer(stored: PgBoss.QueueResult, wanted: Partial<PgBoss.Queue>): boolean {
  const keys = ['retryLimit', 'retryDelay', 'retryBackoff', 'expireInSeconds'] as const;
  return keys.some((key) => wanted[key] !== undefined && stored[key] !== wanted[key]);
}

/** How long one try to send a message may take before another process sends it. */
export const MESSAGE_EXPIRE_SECONDS = 60;

/**
 * Creates a queue, again after a deadlock. Instances starting together create the same queues at
 * once; each creation attaches a partition to pg-boss's job table, and two of them can deadlock
 * there. PostgreSQL then rolls one back; creating a queue that exists changes nothing, so it is
 * simply tried again, a little later.
 */
async function createQueueRetrying(create: () => Promise<void>): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      await create();
      return;
    } catch (error) {
      if (attempt >= 5 || sqlState(error) !== '40P01') throw error;
      await new Promise((resolve) => setTimeout(resolve, 20 + Math.random() * 80 * attempt));
    }
  }
}
