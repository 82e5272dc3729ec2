import { and, eq, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { redemptions } from '../../db/schema';
import type { Purpose } from '../auth/otp-service';

/**
 * The redemption pipeline's own rules, each written once as a condition, for both of its
 * strategies: the exact path reads them with one request's values, group commit with the columns
 * of its request relation. The other rules have their owners: the passcode's are otp-service's
 * (openAttempt, attemptOf), a destination's are its method's (GroupCommit.destination), the
 * balance is the ledger's.
 */

/** The passcode a redemption needs. */
export const WITHDRAWAL: readonly Purpose[] = ['WITHDRAWAL'];

/** Idempotency: the redemption already recorded under this customer's Idempotency-Key. */
export const keyTaken = {
  table: redemptions,
  where: (userId: string | SQLWrapper, key: string | SQLWrapper): SQL =>
    and(eq(redemptions.userId, userId), eq(redemptions.idempotencyKey, key)) as SQL,
};

/** Group commit's request relation `r`, column by column, for the rules to read. */
export const requestColumns = {
  k: sql.raw('r.k'),
  id: sql.raw('r.id'),
  userId: sql.raw('r.user_id'),
  key: sql.raw('r.key'),
  destinationId: sql.raw('r.destination_id'),
};
