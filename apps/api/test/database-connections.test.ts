import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/database';

const url = process.env.TEST_DATABASE_URL;

describe.runIf(url)('PostgreSQL connections', () => {
  it('a pooled connection broken while idle is reported and replaced, not fatal', async () => {
    const broken: Error[] = [];
    const database = await openDatabase({
      url,
      poolSize: 2,
      onIdleConnectionError: (error) => broken.push(error),
    });
    try {
      const rowsOf = async (query: ReturnType<typeof sql>) =>
        ((await database.db.execute(query)) as { rows: unknown[] }).rows;
      const [me] = (await rowsOf(sql`select pg_backend_pid() as pid`)) as { pid: number }[];
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      try {
        await admin.query('select pg_terminate_backend($1)', [me?.pid]);
      } finally {
        await admin.end();
      }
      await expect.poll(() => broken.length, { timeout: 5_000 }).toBeGreaterThan(0);

      expect(await rowsOf(sql`select 1 as one`)).toEqual([{ one: 1 }]);
    } finally {
      await database.close();
    }
  });
});
