import { eq } from 'drizzle-orm';
import type { updateProfileRequestSchema } from '@refund/contracts/profile';
import type { z } from 'zod';
import type { Db } from '../../db/database';
import { users } from '../../db/schema';
import { DomainError } from '../../domain/domain-error';
import { recordAudit, type AuditContext } from '../auth/audit';

export type PersonalDetailsInput = z.output<typeof updateProfileRequestSchema>;

/**
 * Changes the customer's names and date of birth. Only what really changed is written and
 * audited: sending the current values again changes nothing and records nothing.
 */
export async function updatePersonalDetails(
  db: Db,
  userId: string,
  input: PersonalDetailsInput,
  context: AuditContext,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [user] = await tx
      .select({
        firstName: users.firstName,
        lastName: users.lastName,
        dateOfBirth: users.dateOfBirth,
      })
      .from(users)
      .where(eq(users.id, userId))
      .for('update');
    if (!user) throw new DomainError('UNAUTHORIZED');
    const firstName = input.first_name ?? user.firstName;
    const lastName = input.last_name ?? user.lastName;
    const dateOfBirth = input.date_of_birth?.trim() ?? user.dateOfBirth;
    const names = [
      ...(firstName !== user.firstName ? ['first_name'] : []),
      ...(lastName !== user.lastName ? ['last_name'] : []),
    ];
    const dobChanged = dateOfBirth !== user.dateOfBirth;
    if (names.length === 0 && !dobChanged) return;
    await tx.update(users).set({ firstName, lastName, dateOfBirth }).where(eq(users.id, userId));
    if (names.length > 0) await recordAudit(tx, userId, 'name_changed', names, context);
    if (dobChanged) {
      await recordAudit(tx, userId, 'date_of_birth_changed', ['date_of_birth'], context);
    }
  });
}
