/**
 * Finds jobs nobody announced to this process: left by a previous run, queued by another process
 * on the same PostgreSQL database, or made due again by the database itself (an expired job).
 * One look covers every queue this process works: it wakes the queues that have jobs due, and
 * tells the others when their next job falls due. A quiet database is looked at every
 * `maxPollSeconds`, which bounds how long such a job waits; a look that finds jobs due means
 * someone else is queueing, so the next look comes after `pollSeconds`, the wait doubling after
 * each look that finds none due, back to the longest.
 */
export interface WaitingQueue {
  name: string;
  /** When its earliest job not taken falls due. */
  dueAt: Date;
  /** That job is due now, by the database's clock. */
  dueNow: boolean;
}

export interface DueJobsWatchOptions {
  /** The queues that have jobs not taken, due now or later; throws when the look fails. */
  waitingQueues(): Promise<WaitingQueue[]>;
  /** Jobs of the queue are due now. */
  wake(queue: string): void;
  /** The queue's next job falls due at `at`. */
  wakeAt(queue: string, at: Date): void;
  /** A look failed; the caller wakes every queue instead, to look for itself. */
  onLookFailed(error: unknown): void;
  pollSeconds: number;
  maxPollSeconds: number;
}

export interface DueJobsWatch {
  /** Looks within `seconds`, or sooner if a look is due sooner: a queue is newly worked. */
  lookWithin(seconds: number): void;
  /**
   * Looks after `pollSeconds`, then less and less often again: a job is on its way, and when it
   * will be visible is not known.
   */
  soon(): void;
  stop(): void;
}

export function startDueJobsWatch(options: DueJobsWatchOptions): DueJobsWatch {
  const { pollSeconds } = options;
  const maxPollSeconds = Math.max(pollSeconds, options.maxPollSeconds);
  /** The wait after a look that finds nothing. */
  let waitSeconds = maxPollSeconds;
  let timer: NodeJS.Timeout | undefined;
  let nextLookAt = Infinity;
  let looking = false;
  /** Asked for while a look was under way: the longest wait after it. */
  let askedWithin = Infinity;
  let stopped = false;

  const schedule = (seconds: number) => {
    clearTimeout(timer);
    if (stopped) return;
    nextLookAt = Date.now() + seconds * 1000;
    timer = setTimeout(() => void look(), seconds * 1000);
  };

  async function look(): Promise<void> {
    looking = true;
    nextLookAt = Infinity;
    let found: WaitingQueue[];
    try {
      found = await options.waitingQueues();
    } catch (error) {
      options.onLookFailed(error);
      found = [];
    }
    looking = false;
    let anyDue = false;
    for (const queue of found) {
      if (queue.dueNow) options.wake(queue.name);
      else options.wakeAt(queue.name, queue.dueAt);
      anyDue ||= queue.dueNow;
    }
    waitSeconds = anyDue ? pollSeconds : Math.min(waitSeconds * 2, maxPollSeconds);
    schedule(Math.min(waitSeconds, askedWithin));
    askedWithin = Infinity;
  }

  const watch: DueJobsWatch = {
    lookWithin(seconds) {
      if (looking) askedWithin = Math.min(askedWithin, seconds);
      else if (Date.now() + seconds * 1000 < nextLookAt) schedule(seconds);
    },
    soon() {
      // The looks after it come less and less often again, from the shortest wait.
      waitSeconds = pollSeconds / 2;
      watch.lookWithin(pollSeconds);
    },
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
  };
  schedule(waitSeconds);
  return watch;
}
