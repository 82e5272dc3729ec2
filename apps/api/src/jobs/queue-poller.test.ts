import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startQueuePoller, type QueuePoller } from './queue-poller';

/** A queue in memory: jobs due now, the looks made, the jobs run and those still running. */
function fakeQueue() {
  const waiting: string[] = [];
  const looks: number[] = [];
  const ran: string[] = [];
  const running = new Map<string, () => void>();
  return {
    waiting,
    looks,
    ran,
    running,
    fetch(count: number) {
      looks.push(Date.now());
      return Promise.resolve(waiting.splice(0, count));
    },
    run(job: string) {
      ran.push(job);
      return new Promise<void>((resolve) => running.set(job, resolve));
    },
    finish(job: string) {
      running.get(job)?.();
      running.delete(job);
    },
  };
}

let queue = fakeQueue();
let poller: QueuePoller | null = null;
beforeEach(() => {
  vi.useFakeTimers({ now: 0 });
  queue = fakeQueue();
});
afterEach(async () => {
  const stopping = poller?.stop();
  poller = null;
  for (const job of [...queue.running.keys()]) queue.finish(job);
  await stopping;
  vi.useRealTimers();
});

const settle = () => vi.advanceTimersByTimeAsync(0);

describe('startQueuePoller', () => {
  it('never looks on its own', async () => {
    queue.waiting.push('nobody-announced-it');
    poller = startQueuePoller({ ...queue, concurrency: 2, pollSeconds: 1 });
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(queue.looks).toEqual([]);
  });

  it('takes a job the moment it is announced', async () => {
    poller = startQueuePoller({ ...queue, concurrency: 2, pollSeconds: 1 });
    await vi.advanceTimersByTimeAsync(60_000);
    queue.waiting.push('sent');
    poller.wake();
    await settle();
    expect(queue.ran).toEqual(['sent']);
    expect(queue.looks).toEqual([60_000]);
  });

  it('keeps its slots full while a look fills them, and stops looking once one does not', async () => {
    queue.waiting.push('a', 'b', 'c', 'd', 'e');
    poller = startQueuePoller({ ...queue, concurrency: 2, pollSeconds: 1 });
    poller.wake();
    await settle();
    expect(queue.ran).toEqual(['a', 'b']);
    queue.finish('a');
    await settle();
    expect(queue.ran).toEqual(['a', 'b', 'c']);
    for (const job of ['b', 'c', 'd']) {
      queue.finish(job);
      await settle();
    }
    expect(queue.ran).toEqual(['a', 'b', 'c', 'd', 'e']);
    const looks = queue.looks.length;
    queue.finish('e');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(queue.looks.length).toBe(looks);
  });

  it('looks when a job it knows of falls due, and once more a poll later', async () => {
    poller = startQueuePoller({ ...queue, concurrency: 2, pollSeconds: 2 });
    await settle();
    // Due times this close share one look.
    poller.wakeAt(new Date(4_960));
    poller.wakeAt(new Date(5_000));
    await vi.advanceTimersByTimeAsync(4_900);
    expect(queue.looks).toEqual([]);
    queue.waiting.push('due');
    await vi.advanceTimersByTimeAsync(10_000);
    expect(queue.ran).toEqual(['due']);
    expect(queue.looks).toEqual([5_000, 7_000]);
  });

  it('finishes the jobs in hand before it stops', async () => {
    queue.waiting.push('long');
    const started = startQueuePoller({ ...queue, concurrency: 1, pollSeconds: 1 });
    started.wake();
    await settle();
    let stopped = false;
    const stopping = started.stop().then(() => (stopped = true));
    await settle();
    expect(stopped).toBe(false);
    queue.finish('long');
    await stopping;
    expect(stopped).toBe(true);
  });
});
