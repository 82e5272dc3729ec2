import PgBoss from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/database';
import type { EmailSender, SmsSender } from '../providers/ports';
import { createSealedBox } from './sealed-box';

export type OutboundMessage =
  | { channel: 'sms'; to: string; body: string }
  | { channel: 'email'; to: string; subject: string; text: string; html?: string };

export interface JobQueue {
  /** Queues a message for delivery with retries; returns once it is stored. */
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
    // Delivered messages are removed quickly: their payloads are sealed, but need not linger.
    archiveCompletedAfterSeconds: 60,
    deleteAfterDays: 1,
    schedule: false,
  });
  boss.on('error', (error) => logger.error({ err: error }, 'job queue error'));
  await boss.start();
  await boss.createQueue(SEND_MESSAGE, { name: SEND_MESSAGE, retryLimit: 5, retryBackoff: true, retryDelay: 2 });
  await boss.work<{ sealed: string }>(
    SEND_MESSAGE,
    { pollingIntervalSeconds: options.pollSeconds },
    async (jobs) => {
      for (const job of jobs) {
        const message = box.open<OutboundMessage>(job.data.sealed);
        if (message.channel === 'sms') await options.sms.send({ to: message.to, body: message.body });
        else await options.email.send(message);
        logger.info({ jobId: job.id, channel: message.channel }, 'message delivered');
      }
    },
  );
  return {
    async sendMessage(message) {
      await boss.send(SEND_MESSAGE, { sealed: box.seal(message) });
    },
    async stop() {
      await boss.stop({ graceful: true, wait: true, timeout: 10_000 });
    },
  };
}
