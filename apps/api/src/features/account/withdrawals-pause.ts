import { eq, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Queryable } from '../../db/database';
import { users } from '../../db/schema';
import { DomainError } from '../../domain/domain-error';

/** Why a withdrawal is refused now, while the account's withdrawals are paused; else null. */
export async function withdrawalsPausedRefusal(
  q: Queryable,
  userId: string,
): Promise<DomainError | null> {
  const [user] = await q
    .select({ paused: users.withdrawalsPaused })
    .from(users)
    .where(eq(users.id, userId));
  if (user?.paused === 'until_support') {
    return new DomainError(
      'WITHDRAWALS_PAUSED',
      'Withdrawals are paused because a change to your account was reported. Please contact our support.',
    );
  }
  return user?.paused ? new DomainError('WITHDRAWALS_PAUSED') : null;
}

/**
 * The same rule inside a statement: the customer `userId` (a column or value of the statement)
 * may withdraw, its withdrawals not paused. Group commit records a redemption only where this
 * holds, in the statement that records it.
 */
export const withdrawalsOpen = (userId: SQLWrapper): SQL =>
  sql`not exists (select 1 from ${users} where ${users.id} = ${userId} and ${users.withdrawalsPaused} is not null)`;
