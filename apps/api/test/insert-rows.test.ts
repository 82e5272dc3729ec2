import { randomUUID } from 'node:crypto';
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../src/db/database';
import { insertRows } from '../src/db/insert-rows';
import { analyticsEvents, sandboxCardPushes } from '../src/db/schema';

/**
 * The many-row writer the group-commit writers use: one statement with the rows as one JSON
 * parameter must write exactly what the query builder's insert would, on PostgreSQL and on the
 * embedded default alike.
 */
let database: Database;

beforeAll(async () => {
  database = await openDatabase({ url: process.env.TEST_DATABASE_URL, poolSize: 2 });
}, 60_000); // Opens and migrates a database of its own.
afterAll(() => database.close());

describe('writing many rows in one statement', () => {
  it('writes every row with its JSON, times and nulls as given, and defaults for the rest', async () => {
    const { db } = database;
    const user = randomUUID();
    const at = new Date('2026-11-25T10:11:12.345Z');
    await insertRows(db, analyticsEvents, [
      {
        type: 'track',
        name: 'redemption_created',
        anonymousId: user,
        userId: user,
        properties: { mode: 'debit', amount_in_cents: 1250, nested: { ok: true }, none: null },
        source: 'server',
        occurredAt: at,
      },
      {
        type: 'identify',
        name: null,
        anonymousId: `anon-${user}`,
        userId: null,
        properties: {},
        source: 'web',
        occurredAt: new Date(at.getTime() + 1),
      },
    ]);
    const rows = await db
      .select()
      .from(analyticsEvents)
      .where(inArray(analyticsEvents.anonymousId, [user, `anon-${user}`]))
      .orderBy(analyticsEvents.occurredAt);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({
      type: 'track',
      name: 'redemption_created',
      userId: user,
      properties: { mode: 'debit', amount_in_cents: 1250, nested: { ok: true }, none: null },
      source: 'server',
      occurredAt: at,
    });
    expect(rows[1]).toMatchObject({ type: 'identify', name: null, userId: null, properties: {} });
    // Defaults the rows did not give: a fresh id each, the time of writing.
    expect(rows[0]!.id).not.toBe(rows[1]!.id);
    expect(rows[0]!.createdAt).toBeInstanceOf(Date);
  });

  it('keeps the first row of a key with onConflictDoNothing, and writes the others', async () => {
    const { db } = database;
    const [kept, fresh] = [randomUUID(), randomUUID()];
    await insertRows(db, sandboxCardPushes, [
      { reference: kept, outcome: 'pending', networkReference: 'SBXFIRST', reason: null },
    ]);
    await insertRows(
      db,
      sandboxCardPushes,
      [
        { reference: kept, outcome: 'declined', networkReference: null, reason: 'no' },
        { reference: fresh, outcome: 'succeeded', networkReference: 'SBXFRESH', reason: null },
      ],
      { onConflictDoNothing: true },
    );
    const rows = await db
      .select()
      .from(sandboxCardPushes)
      .where(inArray(sandboxCardPushes.reference, [kept, fresh]));
    const byReference = new Map(rows.map((row) => [row.reference, row]));
    expect(byReference.get(kept)).toMatchObject({
      outcome: 'pending',
      networkReference: 'SBXFIRST',
      reason: null,
      lookups: 0,
    });
    expect(byReference.get(fresh)).toMatchObject({
      outcome: 'succeeded',
      networkReference: 'SBXFRESH',
    });
  });

  it('writes nothing when a key is taken without onConflictDoNothing, or rows differ', async () => {
    const { db } = database;
    const [taken, other] = [randomUUID(), randomUUID()];
    await insertRows(db, sandboxCardPushes, [
      { reference: taken, outcome: 'pending', networkReference: null, reason: null },
    ]);
    await expect(
      insertRows(db, sandboxCardPushes, [
        { reference: other, outcome: 'pending', networkReference: null, reason: null },
        { reference: taken, outcome: 'pending', networkReference: null, reason: null },
      ]),
    ).rejects.toThrow();
    const third = randomUUID();
    await expect(
      insertRows(db, sandboxCardPushes, [
        { reference: third, outcome: 'pending', networkReference: null, reason: null },
        { reference: randomUUID(), outcome: 'pending' },
      ]),
    ).rejects.toThrow('rows for sandbox_card_pushes give different columns');
    const rows = await db
      .select()
      .from(sandboxCardPushes)
      .where(inArray(sandboxCardPushes.reference, [other, third]));
    expect(rows).toEqual([]);
  });

  it('refuses a column the table does not have', async () => {
    const row = { reference: randomUUID(), outcome: 'pending', bogus: 1 };
    await expect(
      insertRows(database.db, sandboxCardPushes, [row as typeof sandboxCardPushes.$inferInsert]),
    ).rejects.toThrow('sandbox_card_pushes has no column bogus');
  });

  it('writes nothing for no rows', async () => {
    await expect(insertRows(database.db, sandboxCardPushes, [])).resolves.toBeUndefined();
  });
});
