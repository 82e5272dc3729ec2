import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/database';
import { EmbeddedClient } from '../src/db/embedded-client';
import { users } from '../src/db/schema';
import { insertUser } from '../src/features/auth/users';

const dir = mkdtempSync(path.join(tmpdir(), 'refund-wallet-data-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the embedded database', () => {
  it('keeps its data in the data folder across restarts', async () => {
    const first = await openDatabase({ dataDir: dir });
    const id = await first.db.transaction((tx) =>
      insertUser(tx, {
        first_name: 'Dana',
        last_name: 'Reyes',
        email: 'dana.reyes@example.com',
        phone_number: '3125550188',
        date_of_birth: '1988-02-29',
      }),
    );
    await first.close();

    const second = await openDatabase({ dataDir: dir });
    try {
      const [row] = await second.db.select().from(users).where(eq(users.id, id));
      expect(row).toMatchObject({ firstName: 'Dana', dateOfBirth: '1988-02-29' });
    } finally {
      await second.close();
    }
  });

  it('in memory, starts every database of a process empty: the schema, none of the data', async () => {
    const dana = {
      first_name: 'Dana',
      last_name: 'Reyes',
      email: 'dana.reyes@example.com',
      phone_number: '3125550188',
      date_of_birth: '1988-02-29',
    };
    const first = await openDatabase({ dataDir: 'memory://' });
    const second = await openDatabase({});
    try {
      await first.db.transaction((tx) => insertUser(tx, dana));
      const third = await openDatabase({ dataDir: 'memory://' });
      try {
        for (const database of [second, third]) {
          expect(await database.db.select().from(users)).toEqual([]);
          // The same person can be written to each: nothing of the first one's is there.
          await database.db.transaction((tx) => insertUser(tx, dana));
          expect(await database.db.select().from(users)).toHaveLength(1);
        }
      } finally {
        await third.close();
      }
    } finally {
      await first.close();
      await second.close();
    }
  });

  it('says when its engine stops while it is open, and not when it is closed', async () => {
    const lost: string[] = [];
    const closed = await openDatabase({
      dataDir: 'memory://',
      onEngineLost: (error) => lost.push(`closed: ${error.message}`),
    });
    await closed.close();

    const thread = EmbeddedClient.prepare();
    const database = await openDatabase({
      dataDir: 'memory://',
      embeddedThread: thread,
      onEngineLost: (error) => lost.push(error.message),
    });
    try {
      expect(await database.db.select().from(users)).toEqual([]);
      // The engine's thread ends as it would if it crashed.
      await thread.worker.terminate();
      expect(lost).toEqual(['the embedded database stopped (exit code 1)']);
      // The query builder's error, caused by the engine's.
      const failure: unknown = await database.db
        .select()
        .from(users)
        .then(
          () => null,
          (error: unknown) => error,
        );
      expect(failure).toMatchObject({
        cause: { message: 'the embedded database stopped (exit code 1)' },
      });
    } finally {
      await database.close();
    }
    expect(lost).toHaveLength(1);
  });
});
