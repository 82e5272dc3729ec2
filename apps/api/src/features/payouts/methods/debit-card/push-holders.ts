import { instanceOf, type Db } from '../../../../db/database';

/**
 * Which process is pushing which card payout (ADR 0012). A debit redemption is recorded with
 * its process's instance id in `push_holder`, kept until the push's answer is applied (or, when
 * the push got no answer, handed to the lookup job). The process also knows, in memory, which
 * pushes it is making right now. A pending payout with a holder is in flight while that holder
 * is alive and, for this process's own, while it is still making the push; otherwise it was
 * left behind (a killed process, a request that lost its database connection) and is taken up
 * again by the card push check.
 */
export interface PushHolder {
  /** This process's instance id on the database. */
  readonly id: number;
  /** Redemption ids whose push this process is making now. */
  readonly inFlight: Set<string>;
  /** Of these holders, those whose process is alive. */
  liveAmong(ids: readonly number[]): Promise<Set<number>>;
  /** Runs `work` with the redemption marked as being pushed by this process. */
  pushing<T>(redemptionId: string, work: () => Promise<T>): Promise<T>;
  /** How many pushes this process has begun (`pushing`), since it started. */
  started(): number;
}

const holders = new WeakMap<Db, PushHolder>();

/** The push holder of this process on the database of `db` (one per opened database). */
export function pushHolderOf(db: Db): PushHolder {
  let holder = holders.get(db);
  if (!holder) {
    const instance = instanceOf(db);
    const inFlight = new Set<string>();
    let started = 0;
    holder = {
      id: instance.id,
      inFlight,
      liveAmong: (ids) => instance.liveAmong(ids),
      started: () => started,
      async pushing(redemptionId, work) {
        started += 1;
        inFlight.add(redemptionId);
        try {
          return await work();
        } finally {
          inFlight.delete(redemptionId);
        }
      },
    };
    holders.set(db, holder);
  }
  return holder;
}
