import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../src/db/database';
import { createLogger } from '../src/http/logger';
import {
  startJobQueue,
  MESSAGE_EXPIRE_SECONDS,
  WAITING_QUEUES,
  type JobQueue,
  type JobQueueOptions,
} from '../src/jobs/job-queue';

/**
 * When jobs run, as a client of the queue sees it. The queues here look for jobs nobody announced
 * only every 30 s (`maxPollSeconds`) or 5 s (`pollSeconds`), so a job worked within a second
 * was worked because the queue was told about it, not because it happened to look.
 */
const url = process.env.TEST_DATABASE_URL;
const open = () => openDatabase(url ? { url } : {});
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const uniqueQueue = (what: string) => `test-${what}-${crypto.randomUUID().slice(0, 8)}`;

const started: JobQueue[] = [];
async function queueOn(
  database: Database,
  options: Partial<
    Pick<JobQueueOptions, 'pollSeconds' | 'maxPollSeconds' | 'maintenanceSeconds'>
  > = {},
): Promise<JobQueue> {
  const jobs = await startJobQueue({
    database,
    secret: 'test-only-job-queue-secret-0123456789',
    sms: { send: () => Promise.resolve() },
    email: { send: () => Promise.resolve() },
    logger: createLogger('warn'),
    pollSeconds: 5,
    maxPollSeconds: 30,
    ...options,
  });
  started.push(jobs);
  return jobs;
}

/**
 * A queue in another process: on PostgreSQL a connection pool of its own, as a second server
 * has; the embedded engine's files belong to one process, so there it shares the database.
 */
async function queueElsewhere(): Promise<JobQueue> {
  const other = url ? await open() : database;
  if (other !== database) databases.push(other);
  return queueOn(other);
}

/** Works `queue` and answers when each job started, in order. */
async function timedWork(jobs: JobQueue, queue: string, options = {}) {
  const starts: number[] = [];
  await jobs.work(queue, options, () => {
    starts.push(Date.now());
    return Promise.resolve();
  });
  return starts;
}

async function until<T>(read: () => T | undefined, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`nothing within ${timeoutMs} ms`);
    await sleep(20);
  }
}

const databases: Database[] = [];
let database: Database;
let jobs: JobQueue;
beforeAll(async () => {
  database = await open();
  databases.push(database);
  jobs = await queueOn(database);
});
afterAll(async () => {
  for (const queue of started) await queue.stop();
  for (const opened of databases) await opened.close();
});

describe('a job queue', () => {
  it('works a job queued while it was idle at once, not at its next look', async () => {
    const queue = uniqueQueue('idle');
    const starts = await timedWork(jobs, queue);
    await sleep(1_500);
    const sent = Date.now();
    await jobs.send(queue, {});
    const ran = await until(() => starts[0], 10_000);
    expect(ran - sent).toBeLessThan(1_000);
  });

  it('works a job queued in a transaction once the transaction commits, not before', async () => {
    const queue = uniqueQueue('commit');
    const starts = await timedWork(jobs, queue);
    let committing = 0;
    await database.db.transaction(async (tx) => {
      await jobs.sendIn(tx, queue, {});
      await sleep(300);
      committing = Date.now();
    });
    const committed = Date.now();
    const ran = await until(() => starts[0], 10_000);
    expect(ran).toBeGreaterThanOrEqual(committing);
    expect(ran - committed).toBeLessThan(1_000);
  });

  it('works a delayed job at its time', async () => {
    const queue = uniqueQueue('delayed');
    const starts = await timedWork(jobs, queue);
    const due = Date.now() + 1_500;
    await jobs.send(queue, {}, { startAfter: new Date(due) });
    const ran = await until(() => starts[0], 10_000);
    expect(ran).toBeGreaterThanOrEqual(due - 50);
    expect(ran - due).toBeLessThan(1_000);
  });

  it('tries a failed job again after its retry delay', async () => {
    const queue = uniqueQueue('retry');
    const attempts: number[] = [];
    await jobs.work(queue, { retryLimit: 1, retryDelay: 1, retryBackoff: false }, () => {
      attempts.push(Date.now());
      if (attempts.length === 1) throw new Error('the provider did not answer');
      return Promise.resolve();
    });
    await jobs.send(queue, {});
    const [first, second] = await until(
      () => (attempts.length >= 2 ? attempts : undefined),
      10_000,
    );
    expect(second! - first!).toBeGreaterThanOrEqual(900);
    expect(second! - first!).toBeLessThan(2_500);
  });
});

describe('jobs nobody announced to the queue', () => {
  it('are worked at start: the jobs a previous run left', async () => {
    const queue = uniqueQueue('left');
    const before = await queueOn(database);
    await timedWork(before, queue);
    await before.stop();
    // Queued by a process that does not work the queue (or one that stopped before it could).
    await jobs.send(queue, {});
    const after = await queueOn(database);
    const started = Date.now();
    const starts = await timedWork(after, queue);
    const ran = await until(() => starts[0], 10_000);
    expect(ran - started).toBeLessThan(1_000);
  });

  it('are worked within the longest wait when another process queues them', async () => {
    const sender = await queueElsewhere();
    const queue = uniqueQueue('elsewhere');
    const worker = await queueOn(database, { pollSeconds: 0.5, maxPollSeconds: 2 });
    const starts = await timedWork(worker, queue);
    await sleep(500);
    const sent = Date.now();
    await sender.send(queue, {});
    const ran = await until(() => starts[0], 10_000);
    expect(ran - sent).toBeLessThan(2_000 + 1_000);
  });

  it('are worked at their time when another process queues them for later', async () => {
    const sender = await queueElsewhere();
    const queue = uniqueQueue('elsewhere-later');
    // Looks every 5 s: a look finds the job before it is due (due in 11 s, two looks fall before,
    // so a look delayed by a busy machine still finds it in time); without the wake-up at its
    // time, the job would wait for the next look, up to 5 s late.
    const worker = await queueOn(database, { pollSeconds: 5, maxPollSeconds: 5 });
    const starts = await timedWork(worker, queue);
    const due = Date.now() + 11_000;
    await sender.send(queue, {}, { startAfter: new Date(due) });
    const ran = await until(() => starts[0], 20_000);
    expect(ran).toBeGreaterThanOrEqual(due - 50);
    expect(ran - due).toBeLessThan(2_000);
  });

  it('are worked again once maintenance finds that a try outlived its time', async () => {
    const worker = await queueOn(database, {
      pollSeconds: 5,
      maxPollSeconds: 30,
      maintenanceSeconds: 1,
    });
    const queue = uniqueQueue('expired');
    const starts: number[] = [];
    let release = () => {};
    const stuck = new Promise<void>((resolve) => (release = resolve));
    await worker.work(
      queue,
      { concurrency: 2, expireInSeconds: 1, retryLimit: 1, retryDelay: 1, retryBackoff: false },
      async () => {
        starts.push(Date.now());
        // The first try hangs, as with a provider that never answers.
        if (starts.length === 1) await stuck;
      },
    );
    await worker.send(queue, {});
    try {
      const [first, second] = await until(() => (starts.length >= 2 ? starts : undefined), 20_000);
      // Expired after 1 s, found by maintenance within the next, due 1 s later: long before
      // the next look at 30 s.
      expect(second! - first!).toBeGreaterThanOrEqual(2_000);
      expect(second! - first!).toBeLessThan(10_000);
    } finally {
      release();
    }
  });
});

interface PlanNode {
  'Relation Name'?: string;
  'Actual Rows'?: number;
  'Actual Loops'?: number;
  Plans?: PlanNode[];
}

/** The rows every scan of a table in `node` returned, over all its loops. */
function rowsScanned(node: PlanNode): number {
  const own = node['Relation Name'] ? (node['Actual Rows'] ?? 0) * (node['Actual Loops'] ?? 1) : 0;
  return own + (node.Plans ?? []).reduce((sum, child) => sum + rowsScanned(child), 0);
}

describe('the look for jobs nobody announced', () => {
  it('reads the next job of each queue, however many wait for later', async () => {
    const backlog = uniqueQueue('backlog');
    const quiet = uniqueQueue('quiet');
    await timedWork(jobs, backlog);
    await timedWork(jobs, quiet);
    // 500 jobs due from tomorrow on (past what the queue keeps a timer for).
    const tomorrow = Date.now() + 25 * 3_600_000;
    for (let batch = 0; batch < 5; batch += 1) {
      await Promise.all(
        Array.from({ length: 100 }, (_, i) =>
          jobs.send(backlog, {}, { startAfter: new Date(tomorrow + (batch * 100 + i) * 1_000) }),
        ),
      );
    }
    await database.db.execute(sql.raw('analyze pgboss.job'));
    const statement = WAITING_QUEUES.replace('$1::text[]', `array['${backlog}', '${quiet}']`);

    const found = await database.db.execute(sql.raw(statement));
    const rows = (
      found as unknown as { rows: { name: string; due_at: unknown; due_now: boolean }[] }
    ).rows;
    expect(
      rows.map((row) => [row.name, new Date(String(row.due_at)).getTime(), row.due_now]),
    ).toEqual([[backlog, tomorrow, false]]);

    const explained = await database.db.execute(
      sql.raw(`explain (analyze, format json) ${statement}`),
    );
    const [plan] = (explained as unknown as { rows: { 'QUERY PLAN': [{ Plan: PlanNode }] }[] })
      .rows;
    expect(rowsScanned(plan!['QUERY PLAN'][0].Plan)).toBeLessThanOrEqual(1);
  });
});

describe('queue settings', () => {
  const expiryOf = async (queue: string) => {
    const result = await database.db.execute<{ expire: number }>(
      sql`select expire_seconds as expire from pgboss.queue where name = ${queue}`,
    );
    return (result as unknown as { rows: { expire: number }[] }).rows[0]?.expire;
  };

  it("give a message taken by a process that died to another within a minute, not pg-boss's 15", async () => {
    expect(await expiryOf('send-message')).toBe(MESSAGE_EXPIRE_SECONDS);
    expect(MESSAGE_EXPIRE_SECONDS).toBeLessThanOrEqual(60);
  });

  it('are those of the version working the queue, even for a queue an earlier one made', async () => {
    const queue = uniqueQueue('settings');
    await jobs.work(queue, { expireInSeconds: 900 }, () => Promise.resolve());
    expect(await expiryOf(queue)).toBe(900);
    // A process started later, asking for other settings (as a new version would).
    const later = await queueOn(database);
    await later.work(queue, { expireInSeconds: 45 }, () => Promise.resolve());
    expect(await expiryOf(queue)).toBe(45);
  });
});
