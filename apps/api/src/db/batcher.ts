/**
 * Group commit for one kind of write: requests that arrive while earlier batches are being
 * written wait and then go together, as one statement and one commit. Nothing waits on a timer:
 * when fewer than `maxInFlight` batches are running, the requests that arrived in the same turn
 * of the event loop start a batch right after it (a batch of one on a quiet server), so batches
 * only grow under load, where they pay.
 */
export interface BatcherOptions<I, O> {
  /** Writes a batch and answers one result per item, in the items' order. */
  run(items: I[]): Promise<O[]>;
  /** The most items one batch takes. */
  maxBatch: number;
  /** How many batches may be written at the same time. */
  maxInFlight: number;
}

export interface Batcher<I, O> {
  submit(item: I): Promise<O>;
  /**
   * The number of the batch an item submitted now would go in, counting batches from 0 in the
   * order they start. Work that follows a batch (a payout's settling) can so keep out of the way
   * of the batch being written then.
   */
  nextBatch(): number;
}

interface Waiting<I, O> {
  item: I;
  resolve: (value: O) => void;
  reject: (reason: unknown) => void;
}

export function createBatcher<I, O>(options: BatcherOptions<I, O>): Batcher<I, O> {
  const queue: Waiting<I, O>[] = [];
  let inFlight = 0;
  let scheduled = false;
  let started = 0;

  function startBatches(): void {
    scheduled = false;
    while (inFlight < options.maxInFlight && queue.length > 0) {
      const batch = queue.splice(0, options.maxBatch);
      inFlight += 1;
      started += 1;
      void write(batch);
    }
  }

  async function write(batch: Waiting<I, O>[]): Promise<void> {
    try {
      const results = await options.run(batch.map((w) => w.item));
      if (results.length !== batch.length) {
        throw new Error(`a batch of ${batch.length} answered ${results.length} results`);
      }
      batch.forEach((w, i) => w.resolve(results[i] as O));
    } catch (error) {
      for (const w of batch) w.reject(error);
    } finally {
      inFlight -= 1;
      startBatches();
    }
  }

  return {
    submit(item) {
      return new Promise<O>((resolve, reject) => {
        queue.push({ item, resolve, reject });
        if (!scheduled && inFlight < options.maxInFlight) {
          scheduled = true;
          setImmediate(startBatches);
        }
      });
    },
    nextBatch: () => started + Math.floor(queue.length / options.maxBatch),
  };
}
