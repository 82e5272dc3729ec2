import { and, asc, desc, eq } from 'drizzle-orm';
import type { PrepaidCardholder as CardholderView } from '@refund/contracts/prepaid-cards';
import type { Db, Queryable } from '../../db/database';
import { addresses, prepaidCardholders, users } from '../../db/schema';
import { DomainError } from '../../domain/domain-error';
import type { PrepaidCardIssuer } from '../../providers/ports';
import { ProviderHttpError } from '../../providers/vendor-http';

/**
 * The customer as the prepaid card issuer knows them (ADR 0019): created once, from the profile's
 * name, e-mail and phone and the primary (else first) address, the first time the customer asks
 * for a prepaid card. The issuer de-duplicates on the customer's id, so two requests at once, or a
 * request whose answer was lost, still make one cardholder there and one row here.
 */

type Row = typeof prepaidCardholders.$inferSelect;

export const cardholderView = (row: Row): CardholderView => ({
  cardholder_uuid: row.id,
  name: row.name,
  email: row.email,
  address: {
    line_1: row.line1,
    line_2: row.line2,
    city: row.city,
    state: row.state,
    zipcode: row.zipcode,
  },
  created_at: row.createdAt.toISOString(),
});

async function existing(q: Queryable, userId: string): Promise<Row | null> {
  const [row] = await q
    .select()
    .from(prepaidCardholders)
    .where(eq(prepaidCardholders.userId, userId));
  return row ?? null;
}

/** The customer's cardholder; only ever their own: someone else's id is not found. */
export async function ownCardholder(
  q: Queryable,
  userId: string,
  cardholderId: string,
): Promise<Row> {
  const [row] = await q
    .select()
    .from(prepaidCardholders)
    .where(and(eq(prepaidCardholders.id, cardholderId), eq(prepaidCardholders.userId, userId)));
  if (!row) throw new DomainError('CARDHOLDER_REQUIRED');
  return row;
}

export function createCardholders(deps: { db: Db; issuer: Pick<PrepaidCardIssuer, 'cardholder'> }) {
  const { db } = deps;
  return {
    async get(userId: string): Promise<CardholderView | null> {
      const row = await existing(db, userId);
      return row ? cardholderView(row) : null;
    },

    /** The customer's cardholder, created at the issuer and here the first time. */
    async ensure(userId: string): Promise<CardholderView> {
      const found = await existing(db, userId);
      if (found) return cardholderView(found);
      const [user] = await db.select().from(users).where(eq(users.id, userId));
      if (!user) throw new DomainError('UNAUTHORIZED');
      const [address] = await db
        .select()
        .from(addresses)
        .where(eq(addresses.userId, userId))
        .orderBy(desc(addresses.isPrimary), asc(addresses.createdAt))
        .limit(1);
      if (!address) {
        throw new DomainError(
          'ADDRESS_REQUIRED',
          'Add your billing address before getting a prepaid card.',
        );
      }
      let issuerCardholderId: string;
      try {
        issuerCardholderId = await deps.issuer.cardholder(userId, {
          firstName: user.firstName,
          lastName: user.lastName,
          email: user.email,
          phone: `+1${user.phoneNumber}`,
          address: {
            line1: address.line1,
            line2: address.line2,
            city: address.city,
            state: address.state,
            zipcode: address.zipcode,
          },
        });
      } catch (error) {
        if (
          error instanceof ProviderHttpError &&
          error.status !== undefined &&
          error.status >= 400 &&
          error.status < 500 &&
          error.status !== 429
        ) {
          throw new DomainError(
            'VALIDATION_FAILED',
            'The card issuer could not accept your name or address. Please check your personal details.',
          );
        }
        throw new DomainError('CARD_ISSUER_UNAVAILABLE');
      }
      await db
        .insert(prepaidCardholders)
        .values({
          userId,
          issuerCardholderId,
          name: `${user.firstName} ${user.lastName}`,
          email: user.email,
          line1: address.line1,
          line2: address.line2,
          city: address.city,
          state: address.state,
          zipcode: address.zipcode,
        })
        .onConflictDoNothing();
      const row = await existing(db, userId);
      if (!row) throw new Error(`cardholder of ${userId} vanished`);
      return cardholderView(row);
    },
  };
}

export type Cardholders = ReturnType<typeof createCardholders>;
