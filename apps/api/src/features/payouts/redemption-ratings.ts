import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { redemptions } from '../../db/schema';
import { DomainError } from '../../domain/domain-error';

/** How customers rated their redemptions on the success screen. */
export function createRedemptionRatings(db: Db) {
  return {
    /** Keeps the customer's rating of their own redemption; rating again replaces it. */
    async rate(userId: string, redemptionId: string, rating: number): Promise<void> {
      const rated = await db
        .update(redemptions)
        .set({ rating, ratedAt: new Date() })
        .where(and(eq(redemptions.id, redemptionId), eq(redemptions.userId, userId)))
        .returning({ id: redemptions.id });
      if (rated.length === 0) throw new DomainError('NOT_FOUND', 'No transaction with this id.');
    },
  };
}

export type RedemptionRatings = ReturnType<typeof createRedemptionRatings>;
