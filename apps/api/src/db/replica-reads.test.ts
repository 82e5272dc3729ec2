import { describe, expect, it } from 'vitest';
import type { Db } from './database';
import { parsePosition, replicaReads } from './replica-reads';

const primary = { name: 'primary' } as unknown as Db;
const replica = { name: 'replica' } as unknown as Db;
const where = (db: Db) => Promise.resolve((db as unknown as { name: string }).name);

/** A primary and a replica whose log positions the test sets, on a clock the test moves. */
function setUp(maxLagMs = 1_000) {
  const state = {
    clock: 10_000,
    primaryAt: '0/100' as string,
    replicaAt: '0/100' as string | null,
    replicaDown: false,
  };
  const changes: boolean[] = [];
  const reads = replicaReads({
    primary,
    replica,
    positionOnPrimary: () => Promise.resolve(state.primaryAt),
    positionOnReplica: () =>
      state.replicaDown
        ? Promise.reject(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }))
        : Promise.resolve(state.replicaAt),
    maxLagMs,
    onChange: (readable) => changes.push(readable),
    close: () => Promise.resolve(),
    now: () => state.clock,
    checking: false,
  });
  return { state, reads, changes };
}

describe('log positions', () => {
  it('order as PostgreSQL orders them, and anything else is none', () => {
    expect(parsePosition('0/FFFFFFFF')! < parsePosition('1/0')!).toBe(true);
    expect(parsePosition('16/B374D848')).toBe((0x16n << 32n) | 0xb374d848n);
    expect(parsePosition('0/0')).toBe(0n);
    for (const bad of ['', 'x/1', '1/', '0/100000000', '1-2', undefined, null]) {
      expect(parsePosition(bad)).toBeNull();
    }
  });
});

describe('reads with a replica', () => {
  it('go to the primary until the replica is known to have caught up', async () => {
    const { state, reads, changes } = setUp();
    expect(await reads.run(undefined, where)).toBe('primary');
    await reads.check();
    expect(await reads.run(undefined, where)).toBe('replica');
    expect(changes).toEqual([true]);
    expect(reads.lagSeconds()).toBe(0);
    state.clock += 400;
    expect(reads.lagSeconds()).toBeCloseTo(0.4);
  });

  it('go to the primary once the replica is further behind than the bound, and back when it catches up', async () => {
    const { state, reads } = setUp(1_000);
    await reads.check();
    // The primary moves on; the replica stays where it was.
    state.primaryAt = '0/200';
    for (let i = 0; i < 10; i += 1) {
      state.clock += 100;
      await reads.check();
    }
    expect(await reads.run(undefined, where)).toBe('replica');
    state.clock += 100;
    await reads.check();
    // 1,100 ms since the last check the replica had replayed: past the bound.
    expect(await reads.run(undefined, where)).toBe('primary');
    expect(reads.lagSeconds()).toBeNull();
    state.replicaAt = '0/200';
    state.clock += 100;
    await reads.check();
    expect(await reads.run(undefined, where)).toBe('replica');
  });

  it('go to the primary for a client whose last write the replica has not replayed', async () => {
    const { state, reads } = setUp();
    state.primaryAt = '0/300';
    state.replicaAt = '0/250';
    await reads.check();
    state.replicaAt = '0/300';
    state.clock += 50;
    await reads.check();
    state.replicaAt = '0/310';
    state.primaryAt = '0/320';
    state.clock += 50;
    await reads.check();
    expect(await reads.run('0/311', where)).toBe('primary');
    expect(await reads.run('0/310', where)).toBe('replica');
    expect(await reads.run('1/0', where)).toBe('primary');
    // A cookie that is no position is no write: the replica, within its bound.
    expect(await reads.run('garbage', where)).toBe('replica');
  });

  it('run a read again on the primary when the replica fails under it, and stop reading it', async () => {
    const { reads, changes } = setUp();
    await reads.check();
    const runs: string[] = [];
    const answer = await reads.run(undefined, async (db) => {
      const name = await where(db);
      runs.push(name);
      if (name === 'replica') {
        throw Object.assign(new Error('Connection terminated unexpectedly'), {});
      }
      return name;
    });
    expect(answer).toBe('primary');
    expect(runs).toEqual(['replica', 'primary']);
    expect(changes).toEqual([true, false]);
    expect(await reads.run(undefined, where)).toBe('primary');
    // A replay conflict cancels one statement: read again on the primary, the replica kept.
    await reads.check();
    const again = await reads.run(undefined, async (db) => {
      if ((await where(db)) === 'replica') {
        throw Object.assign(new Error('canceling statement due to conflict with recovery'), {
          code: '40001',
        });
      }
      return 'primary';
    });
    expect(again).toBe('primary');
    expect(await reads.run(undefined, where)).toBe('replica');
    // Any other failure is the read's own: answered as it is.
    await expect(
      reads.run(undefined, () => Promise.reject(new Error('a bug in the read'))),
    ).rejects.toThrow('a bug in the read');
  });

  it('go to the primary while the replica cannot be asked', async () => {
    const { state, reads, changes } = setUp();
    await reads.check();
    state.replicaDown = true;
    await reads.check();
    expect(await reads.run(undefined, where)).toBe('primary');
    state.replicaDown = false;
    // A server that is not replaying a primary's log is not a replica.
    state.replicaAt = null;
    await reads.check();
    expect(await reads.run(undefined, where)).toBe('primary');
    state.replicaAt = '0/100';
    await reads.check();
    expect(await reads.run(undefined, where)).toBe('replica');
    expect(changes).toEqual([true, false, true]);
  });

  it('say a change is caught up with once a check made after it was replayed', async () => {
    const { state, reads } = setUp();
    await reads.check();
    let told = false;
    const waiting = reads.caughtUp().then(() => (told = true));
    state.primaryAt = '0/400';
    state.clock += 100;
    await reads.check();
    await Promise.resolve();
    expect(told).toBe(false);
    state.replicaAt = '0/400';
    state.clock += 100;
    await reads.check();
    await waiting;
    expect(told).toBe(true);
  });

  it('stop holding a change back once the bound has passed', async () => {
    const { state, reads } = setUp(300);
    await reads.check();
    state.primaryAt = '0/900';
    const waiting = reads.caughtUp();
    state.clock += 350;
    await reads.check();
    await waiting;
    expect(await reads.run(undefined, where)).toBe('primary');
  });
});

describe('checking the replica', () => {
  it('stops while nothing is read, and starts again with the next read', async () => {
    let clock = 0;
    let asked = 0;
    const reads = replicaReads({
      primary,
      replica,
      positionOnPrimary: () => Promise.resolve('0/100'),
      positionOnReplica: () => {
        asked += 1;
        return Promise.resolve('0/100');
      },
      maxLagMs: 1_000,
      close: () => Promise.resolve(),
      now: () => clock,
    });
    const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    try {
      await sleep(350);
      expect(asked).toBeGreaterThanOrEqual(2);
      // Idle for longer than 5 s: the checks stop.
      clock += 6_000;
      await sleep(250);
      const stopped = asked;
      await sleep(350);
      expect(asked).toBe(stopped);
      // A read, later: on the primary (the last check is older than the bound), and the checks
      // run again.
      clock += 2_000;
      // Not checked for longer than the bound: how far behind it is, is not known.
      expect(reads.lagSeconds()).toBeNull();
      expect(await reads.run(undefined, where)).toBe('primary');
      await sleep(350);
      expect(asked).toBeGreaterThan(stopped + 1);
      expect(await reads.run(undefined, where)).toBe('replica');
    } finally {
      await reads.close();
    }
  });
});
