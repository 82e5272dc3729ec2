/**
 * Takes one queue's jobs as they are announced, and only then: when this process stores one
 * (`wake`), when one it knows of falls due (`wakeAt`), and, while a look fills every free slot,
 * again as soon as a job finishes. Nothing is looked for on a timer here: jobs nobody announced
 * (left by a previous run, queued by another process) are found by the due-jobs watch, which
 * wakes the queue. An idle queue costs nothing.
 */
export interface QueuePollerOptions<J> {
  /** Takes up to `count` jobs that are due now, oldest first; none when there are none. */
  fetch(count: number): Promise<J[]>;
  /** Works one job to its end, whatever its outcome. Never rejects. */
  run(job: J): Promise<void>;
  /** Jobs worked at the same time. */
  concurrency: number;
  /** How long after a due time that found nothing to look once more (clocks differ a little). */
  pollSeconds: number;
}

export interface QueuePoller {
  /** Looks for jobs now: one was just stored, or is known to be waiting. */
  wake(): void;
  /** Looks for jobs at `at`, when a job this process knows of falls due. */
  wakeAt(at: Date): void;
  /** Stops looking; answers once the jobs in hand are finished. */
  stop(): Promise<void>;
}

/** Due times further off than this are left to the due-jobs watch (timers cap at 24 days). */
const MAX_TIMER_MS = 24 * 3_600_000;
/** Due times this close together share one timer. */
const DUE_GRANULARITY_MS = 50;

export function startQueuePoller<J>(options: QueuePollerOptions<J>): QueuePoller {
  let stopping = false;
  /** Jobs being worked. */
  const inHand = new Set<Promise<void>>();
  /** A job was announced: look. */
  let told = false;
  /** The last look filled every free slot, so more jobs may be waiting. */
  let mayHaveMore = false;
  /** Ends the loop's current wait. */
  let interrupt: (() => void) | null = null;
  const dueTimers = new Map<number, NodeJS.Timeout>();

  const notify = () => interrupt?.();

  function start(job: J): void {
    const running: Promise<void> = options.run(job).finally(() => {
      inHand.delete(running);
      notify();
    });
    inHand.add(running);
  }

  async function loop(): Promise<void> {
    while (!stopping) {
      const free = options.concurrency - inHand.size;
      if (free > 0 && (told || mayHaveMore)) {
        told = false;
        const jobs = await options.fetch(free);
        mayHaveMore = jobs.length === free;
        // Jobs fetched are the process's now, even while stopping: they are worked (stop waits).
        for (const job of jobs) start(job);
        continue;
      }
      await new Promise<void>((resolve) => {
        interrupt = () => {
          interrupt = null;
          resolve();
        };
      });
    }
  }

  const looping = loop();

  function timerAt(ms: number, onDue: () => void): void {
    const key = Math.ceil(ms / DUE_GRANULARITY_MS);
    if (stopping || dueTimers.has(key)) return;
    const timer = setTimeout(
      () => {
        dueTimers.delete(key);
        onDue();
      },
      key * DUE_GRANULARITY_MS - Date.now(),
    );
    dueTimers.set(key, timer);
  }

  const poller: QueuePoller = {
    wake() {
      told = true;
      notify();
    },
    wakeAt(at) {
      const due = at.getTime();
      const delay = due - Date.now();
      if (delay <= 0) return poller.wake();
      if (delay > MAX_TIMER_MS) return;
      timerAt(due, () => {
        poller.wake();
        // The database's clock decides when the job is due: if it is a little behind this
        // process's, the first look finds nothing, and this one finds the job.
        timerAt(Date.now() + options.pollSeconds * 1000, poller.wake);
      });
    },
    async stop() {
      stopping = true;
      for (const timer of dueTimers.values()) clearTimeout(timer);
      dueTimers.clear();
      notify();
      await looping;
      while (inHand.size > 0) await Promise.all(inHand);
    },
  };
  return poller;
}
