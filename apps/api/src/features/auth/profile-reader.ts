import type { Profile } from '@refund/contracts/profile';
import type { Queryable } from '../../db/database';
import { loadProfile } from './users';

const MAX_ENTRIES = 10_000;

/**
 * Profiles are read on every screen but change rarely. This process keeps them briefly and drops
 * an entry the moment it changes one; another instance's change shows here within `ttlMs`.
 */
export function createProfileReader(db: Queryable, ttlMs: number) {
  const cache = new Map<string, { profile: Profile; at: number }>();
  return {
    async get(userId: string): Promise<Profile | null> {
      const hit = cache.get(userId);
      if (hit && Date.now() - hit.at < ttlMs) return hit.profile;
      const profile = await loadProfile(db, userId);
      if (!profile) return null;
      if (cache.size >= MAX_ENTRIES) cache.clear();
      cache.set(userId, { profile, at: Date.now() });
      return profile;
    },
    invalidate(userId: string): void {
      cache.delete(userId);
    },
  };
}

export type ProfileReader = ReturnType<typeof createProfileReader>;
