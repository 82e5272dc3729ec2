import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openDatabase, type Database } from '../src/db/database';
import { sandboxMessages } from '../src/db/schema';
import { createLogger } from '../src/http/logger';
import { startJobQueue, type JobQueue } from '../src/jobs/job-queue';
import { createSandboxSmsSender } from '../src/providers/sandbox-messages';
import { uniquePhone } from './support/people';

/**
 * A text whose send went through but whose answer was lost (the connection cut right after the
 * provider took it) is tried again, and the customer still gets it once: every try of a message
 * carries the same delivery key, and the sandbox keeps one message per key.
 */
const url = process.env.TEST_DATABASE_URL;

let database: Database;
let jobs: JobQueue;
const lines: string[] = [];
let tries = 0;

beforeAll(async () => {
  database = await openDatabase(url ? { url } : {});
  const sandbox = createSandboxSmsSender(database.db);
  jobs = await startJobQueue({
    database,
    secret: 'test-only-job-queue-secret-0123456789',
    sms: {
      async send(message) {
        tries += 1;
        await sandbox.send(message);
        if (tries === 1) throw new Error('the connection was lost before the answer');
      },
    },
    email: { send: () => Promise.resolve() },
    logger: createLogger('info', { write: (line: string) => void lines.push(line) }),
    pollSeconds: 0.5,
  });
});
afterAll(async () => {
  await jobs?.stop();
  await database?.close();
});

it('delivers a text once when the first try went through but its answer was lost', async () => {
  const phone = uniquePhone();
  await jobs.sendMessage({ channel: 'sms', to: phone, body: 'Your code is 204816.' });

  await expect.poll(() => tries, { timeout: 20_000, interval: 100 }).toBe(2);
  const delivered = () =>
    lines.some((line) => (JSON.parse(line) as { msg: string }).msg === 'message delivered');
  await expect.poll(delivered, { timeout: 10_000 }).toBe(true);

  const kept = await database.db
    .select({ body: sandboxMessages.body })
    .from(sandboxMessages)
    .where(eq(sandboxMessages.to, phone));
  expect(kept).toEqual([{ body: 'Your code is 204816.' }]);

  // The failed try is in the log, naming its job, without the number or the text.
  const failed = lines
    .map((line) => JSON.parse(line) as { msg: string; queue?: string; jobId?: string })
    .filter((entry) => entry.msg === 'job failed; it is tried again later');
  expect(failed).toEqual([
    expect.objectContaining({ queue: 'send-message', jobId: expect.any(String) }),
  ]);
  expect(lines.join('\n')).not.toContain(phone);
  expect(lines.join('\n')).not.toContain('204816');
});
