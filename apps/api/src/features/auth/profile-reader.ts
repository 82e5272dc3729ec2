import type { Profile } from '@refund/contracts/profile';
import type { Queryable } from '../../db/database';
import type { CustomerCache } from './customer-cache';
import { readProfile } from './users';

/**
 * Profiles are read on every screen but change rarely. This process keeps each one until the
 * database announces a change to the customer (customer-cache.ts), and drops it at once when it
 * changes one itself.
 */
export function createProfileReader(db: Queryable, cache: CustomerCache<Profile | null>) {
  return {
    get(userId: string): Promise<Profile | null> {
      return cache.get(userId, userId, async () => {
        const read = await readProfile(db, userId);
        return { value: read?.profile ?? null, ...(read?.until ? { until: read.until } : {}) };
      });
    },
    invalidate(userId: string): void {
      cache.invalidate(userId);
    },
  };
}

export type ProfileReader = ReturnType<typeof createProfileReader>;
