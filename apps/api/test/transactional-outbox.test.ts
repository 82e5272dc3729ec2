import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drainQueues, MESSAGE_QUEUE } from './support/job-drain';
import { uniqueEmail } from './support/people';
import { call, startTestServer, type TestServer } from './support/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

async function inbox(to: string): Promise<{ subject: string | null; body: string }[]> {
  const response = await call(
    server.app,
    'GET',
    `/v1/sandbox/messages?to=${encodeURIComponent(to)}`,
  );
  expect(response.statusCode).toBe(200);
  return (response.json() as { data: { subject: string | null; body: string }[] }).data;
}

async function jobsWith(marker: string): Promise<number> {
  const result = (await server.database.db.execute(
    sql`select count(*)::int as n from pgboss.job where data::text like ${`%${marker}%`}`,
  )) as unknown as { rows: { n: number }[] };
  return result.rows[0]?.n ?? -1;
}

class RolledBack extends Error {}

describe('jobs queued in a transaction', () => {
  it('are delivered when the transaction commits', async () => {
    const to = uniqueEmail();
    await server.database.db.transaction((tx) =>
      server.jobs.sendMessageIn(tx, { channel: 'email', to, subject: 'Kept', text: 'kept' }),
    );
    await drainQueues(server.database.db, [MESSAGE_QUEUE]);
    expect((await inbox(to)).map((m) => m.subject)).toEqual(['Kept']);
  });

  it('are gone when the transaction rolls back: nothing stored, nothing delivered', async () => {
    const to = uniqueEmail();
    const marker = crypto.randomUUID();
    await expect(
      server.database.db.transaction(async (tx) => {
        await server.jobs.sendMessageIn(tx, {
          channel: 'email',
          to,
          subject: 'Dropped',
          text: 'dropped',
        });
        await server.jobs.sendIn(tx, MESSAGE_QUEUE, { marker });
        throw new RolledBack();
      }),
    ).rejects.toBeInstanceOf(RolledBack);
    expect(await jobsWith(marker)).toBe(0);
    // A message queued after the rolled-back one: once it is delivered, any earlier one was too.
    await server.database.db.transaction((tx) =>
      server.jobs.sendMessageIn(tx, { channel: 'email', to, subject: 'After', text: 'after' }),
    );
    await drainQueues(server.database.db, [MESSAGE_QUEUE]);
    expect((await inbox(to)).map((m) => m.subject)).toEqual(['After']);
  });

  it('are refused for a queue this process does not work, rather than dropped unseen', async () => {
    await expect(
      server.database.db.transaction((tx) => server.jobs.sendIn(tx, 'no-such-queue', {})),
    ).rejects.toThrow('queue no-such-queue is not worked yet');
  });
});
