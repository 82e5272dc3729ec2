import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startDueJobsWatch, type DueJobsWatch, type WaitingQueue } from './due-jobs-watch';

/**
 * Queues with jobs due now (`due`) or later (`later`, with when), the looks made (their times),
 * the queues woken and the wake-ups asked for later.
 */
function fakeDatabase() {
  const due = new Set<string>();
  const later = new Map<string, Date>();
  const looks: number[] = [];
  const woken: string[] = [];
  const wakeAts: [string, number][] = [];
  return {
    due,
    later,
    looks,
    woken,
    wakeAts,
    waitingQueues(): Promise<WaitingQueue[]> {
      looks.push(Date.now());
      return Promise.resolve([
        ...[...due].map((name) => ({ name, dueAt: new Date(), dueNow: true })),
        ...[...later].map(([name, dueAt]) => ({ name, dueAt, dueNow: false })),
      ]);
    },
    wake(queue: string) {
      woken.push(queue);
    },
    wakeAt(queue: string, at: Date) {
      wakeAts.push([queue, at.getTime()]);
    },
  };
}

let watch: DueJobsWatch | null = null;

/** Watches `database`, looking every second while jobs come, at most `maxPollSeconds` apart. */
function watchOver(database: ReturnType<typeof fakeDatabase>, maxPollSeconds: number) {
  watch = startDueJobsWatch({
    ...database,
    onLookFailed: () => undefined,
    pollSeconds: 1,
    maxPollSeconds,
  });
  return watch;
}
beforeEach(() => {
  vi.useFakeTimers({ now: 0 });
});
afterEach(() => {
  watch?.stop();
  watch = null;
  vi.useRealTimers();
});

describe('startDueJobsWatch', () => {
  it('looks at a quiet database every maxPollSeconds', async () => {
    const database = fakeDatabase();
    watchOver(database, 30);
    await vi.advanceTimersByTimeAsync(100_000);
    expect(database.looks).toEqual([30_000, 60_000, 90_000]);
    expect(database.woken).toEqual([]);
  });

  it('wakes the queues with jobs nobody announced, then looks often, less and less', async () => {
    const database = fakeDatabase();
    watchOver(database, 8);
    database.due.add('payouts');
    await vi.advanceTimersByTimeAsync(8_000);
    expect(database.woken).toEqual(['payouts']);
    database.due.clear();
    await vi.advanceTimersByTimeAsync(40_000);
    // After the find: 1 s, then 2, 4 and 8 s between looks, and 8 s from then on.
    expect(database.looks).toEqual([8_000, 9_000, 11_000, 15_000, 23_000, 31_000, 39_000, 47_000]);
  });

  it('tells a queue when its next job falls due, and goes on looking seldom', async () => {
    const database = fakeDatabase();
    watchOver(database, 8);
    database.later.set('settlements', new Date(100_000));
    await vi.advanceTimersByTimeAsync(20_000);
    expect(database.woken).toEqual([]);
    expect(database.wakeAts).toEqual([
      ['settlements', 100_000],
      ['settlements', 100_000],
    ]);
    // A job due later is no sign that someone is queueing now.
    expect(database.looks).toEqual([8_000, 16_000]);
  });

  it('looks within the time asked, sharing one look between requests close together', async () => {
    const database = fakeDatabase();
    const watching = watchOver(database, 30);
    database.due.add('left-over');
    watching.lookWithin(0.1);
    await vi.advanceTimersByTimeAsync(50);
    watching.lookWithin(0.1);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(database.looks).toEqual([100]);
    expect(database.woken).toEqual(['left-over']);
  });

  it('looks soon when asked to, a job being on its way', async () => {
    const database = fakeDatabase();
    const watching = watchOver(database, 30);
    await vi.advanceTimersByTimeAsync(5_000);
    watching.soon();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(database.looks).toEqual([6_000]);
  });

  it('reports a look that failed and goes on looking', async () => {
    const failures: unknown[] = [];
    let looks = 0;
    watch = startDueJobsWatch({
      waitingQueues: () => {
        looks += 1;
        return Promise.reject(new Error('relation "pgboss.job" does not exist'));
      },
      wake: () => undefined,
      wakeAt: () => undefined,
      onLookFailed: (error) => failures.push(error),
      pollSeconds: 1,
      maxPollSeconds: 10,
    });
    await vi.advanceTimersByTimeAsync(25_000);
    expect(looks).toBe(2);
    expect(failures).toHaveLength(2);
  });
});
