import { z } from 'zod';
import { profileSchema, type Profile } from '@refund/contracts/profile';
import type { Queryable } from '../../db/database';
import type { CustomerCache } from './customer-cache';
import { readProfile } from './users';

/** A customer's profile, and its answer to `GET /v1/users/profile` made once from it. */
export interface KeptProfile {
  profile: Profile;
  /** The profile encoded by its schema and serialized, as the route's serializer would. */
  json: string;
}

/**
 * Profiles are read on every screen but change rarely. This process keeps each one until the
 * database announces a change to the customer (customer-cache.ts), and drops it at once when it
 * changes one itself. It keeps the serialized answer beside it: a read answered from memory
 * costs no schema pass and no serializing.
 */
export function createProfileReader(db: Queryable, cache: CustomerCache<KeptProfile | null>) {
  function kept(userId: string): Promise<KeptProfile | null> {
    return cache.get(userId, userId, async () => {
      const read = await readProfile(db, userId);
      const value = read
        ? { profile: read.profile, json: JSON.stringify(z.encode(profileSchema, read.profile)) }
        : null;
      return { value, ...(read?.until ? { until: read.until } : {}) };
    });
  }

  return {
    async get(userId: string): Promise<Profile | null> {
      return (await kept(userId))?.profile ?? null;
    },
    /** The profile's answer, serialized; null when there is no such customer. */
    async answer(userId: string): Promise<string | null> {
      return (await kept(userId))?.json ?? null;
    },
    invalidate(userId: string): void {
      cache.invalidate(userId);
    },
  };
}

export type ProfileReader = ReturnType<typeof createProfileReader>;
