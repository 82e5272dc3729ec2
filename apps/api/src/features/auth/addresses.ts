import { and, eq } from 'drizzle-orm';
import type { updateAddressRequestSchema } from '@refund/contracts/profile';
import type { z } from 'zod';
import type { Queryable } from '../../db/database';
import { addresses } from '../../db/schema';

export type AddressInput = z.output<typeof updateAddressRequestSchema>;

/** Sets the customer's primary (billing) address, replacing the previous primary one. */
export async function setPrimaryAddress(
  db: Queryable,
  userId: string,
  input: AddressInput,
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(addresses)
      .set({ isPrimary: false })
      .where(and(eq(addresses.userId, userId), eq(addresses.isPrimary, true)));
    await tx.insert(addresses).values({
      userId,
      line1: input.line_1,
      line2: input.line_2 ?? null,
      city: input.city,
      state: input.state,
      zipcode: input.zipcode,
      isPrimary: true,
    });
  });
}

export async function hasAddress(db: Queryable, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: addresses.id })
    .from(addresses)
    .where(eq(addresses.userId, userId))
    .limit(1);
  return !!row;
}
