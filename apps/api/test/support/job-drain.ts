import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Db } from '../../src/db/database';

/** The queue outbound SMS and email go through (see jobs/job-queue.ts). */
export const MESSAGE_QUEUE = 'send-message';

interface Unfinished {
  name: string;
  state: string;
}

/**
 * The jobs of these queues still to be worked: running, waiting to be retried, or waiting to
 * run and already due. Jobs deliberately scheduled for later (a settlement due in 30 s) are not
 * counted: no test waits for those.
 */
export async function unfinishedJobs(db: Db, queues: string[]): Promise<Unfinished[]> {
  const result = (await db.execute(sql`
    select name, state::text as state from pgboss.job
    where name in (${sql.join(
      queues.map((queue) => sql`${queue}`),
      sql`, `,
    )})
      and (state in ('active', 'retry') or (state = 'created' and start_after <= now()))
    order by name, state`)) as unknown as { rows: Unfinished[] };
  return result.rows;
}

/**
 * Waits until every job of these queues that could run now has been worked: after it, whatever
 * the jobs were going to do (send a message, apply an event) has happened, so a check that
 * something did NOT happen is meaningful without sleeping on a guess.
 */
export async function drainQueues(db: Db, queues: string[], timeout = 20_000): Promise<void> {
  if (queues.length === 0) throw new Error('name the queues to drain');
  await expect.poll(() => unfinishedJobs(db, queues), { timeout, interval: 100 }).toEqual([]);
}
