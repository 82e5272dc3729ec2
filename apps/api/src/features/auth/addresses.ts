import { and, asc, count, eq, ne } from 'drizzle-orm';
import {
  MAX_ADDRESSES,
  type addAddressRequestSchema,
  type updateAddressRequestSchema,
} from '@refund/contracts/profile';
import type { z } from 'zod';
import type { Queryable, Tx } from '../../db/database';
import { addresses, users } from '../../db/schema';
import { DomainError } from '../../domain/domain-error';
import { noAuditContext, recordAudit, type AuditContext } from './audit';

export type AddressInput = z.output<typeof updateAddressRequestSchema>;
export type NewAddressInput = z.output<typeof addAddressRequestSchema>;

const FIELDS = ['line_1', 'line_2', 'city', 'state', 'zipcode'] as const;
type Field = (typeof FIELDS)[number];

interface AddressColumns {
  line1: string;
  line2: string | null;
  city: string;
  state: string;
  zipcode: string;
}

function columnsOf(input: AddressInput): AddressColumns {
  return {
    line1: input.line_1,
    line2: input.line_2 ? input.line_2 : null,
    city: input.city,
    state: input.state,
    zipcode: input.zipcode,
  };
}

function valueOf(row: AddressColumns, field: Field): string | null {
  const map = { line_1: row.line1, line_2: row.line2, city: row.city, state: row.state };
  return field === 'zipcode' ? row.zipcode : map[field];
}

/**
 * Every change of a customer's addresses first locks the customer's row, so two requests at once
 * (two tabs making different addresses primary) run one after the other: never two primaries,
 * never more than MAX_ADDRESSES.
 */
function withCustomerLocked<T>(db: Queryable, userId: string, work: (tx: Tx) => Promise<T>) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ id: users.id })
      .from(users)
      .where(eq(users.id, userId))
      .for('update');
    if (!row) throw new DomainError('UNAUTHORIZED');
    return work(tx);
  });
}

async function countOf(tx: Tx, userId: string): Promise<number> {
  const [row] = await tx.select({ n: count() }).from(addresses).where(eq(addresses.userId, userId));
  return row?.n ?? 0;
}

async function clearPrimary(tx: Tx, userId: string, except?: string): Promise<void> {
  await tx
    .update(addresses)
    .set({ isPrimary: false })
    .where(
      and(
        eq(addresses.userId, userId),
        eq(addresses.isPrimary, true),
        except ? ne(addresses.id, except) : undefined,
      ),
    );
}

async function insertAddress(
  tx: Tx,
  userId: string,
  input: AddressInput,
  primary: boolean,
  context: AuditContext,
): Promise<string> {
  if ((await countOf(tx, userId)) >= MAX_ADDRESSES) throw new DomainError('ADDRESS_LIMIT_REACHED');
  if (primary) await clearPrimary(tx, userId);
  const columns = columnsOf(input);
  const [row] = await tx
    .insert(addresses)
    .values({ userId, ...columns, isPrimary: primary })
    .returning({ id: addresses.id });
  if (!row) throw new Error('address not created');
  const given = FIELDS.filter((field) => valueOf(columns, field) !== null);
  await recordAudit(
    tx,
    userId,
    'address_added',
    primary ? [...given, 'is_primary'] : given,
    context,
  );
  return row.id;
}

/** Sets the customer's primary (billing) address, replacing the previous primary one. */
export async function setPrimaryAddress(
  db: Queryable,
  userId: string,
  input: AddressInput,
  context: AuditContext = noAuditContext,
): Promise<void> {
  await withCustomerLocked(db, userId, async (tx) => {
    await insertAddress(tx, userId, input, true, context);
  });
}

/** Adds an address; the first one, or one marked `is_primary`, becomes the primary address. */
export async function addAddress(
  db: Queryable,
  userId: string,
  input: NewAddressInput,
  context: AuditContext,
): Promise<string> {
  return withCustomerLocked(db, userId, async (tx) => {
    const primary = input.is_primary === true || (await countOf(tx, userId)) === 0;
    return insertAddress(tx, userId, input, primary, context);
  });
}

async function ownAddress(tx: Tx, userId: string, addressId: string) {
  const [row] = await tx
    .select()
    .from(addresses)
    .where(and(eq(addresses.id, addressId), eq(addresses.userId, userId)));
  // Someone else's address answers as if there were none.
  if (!row) throw new DomainError('NOT_FOUND', 'No such address.');
  return row;
}

async function makePrimaryIn(tx: Tx, userId: string, addressId: string, context: AuditContext) {
  await clearPrimary(tx, userId, addressId);
  await tx.update(addresses).set({ isPrimary: true }).where(eq(addresses.id, addressId));
  await recordAudit(tx, userId, 'primary_address_changed', ['is_primary'], context);
}

/** Edits an address in place; `is_primary: true` also makes it the primary address. */
export async function editAddress(
  db: Queryable,
  userId: string,
  addressId: string,
  input: NewAddressInput,
  context: AuditContext,
): Promise<void> {
  await withCustomerLocked(db, userId, async (tx) => {
    const row = await ownAddress(tx, userId, addressId);
    const next = columnsOf(input);
    const changed = FIELDS.filter((field) => valueOf(row, field) !== valueOf(next, field));
    if (changed.length > 0) {
      await tx.update(addresses).set(next).where(eq(addresses.id, addressId));
      await recordAudit(tx, userId, 'address_updated', changed, context);
    }
    if (input.is_primary === true && !row.isPrimary) {
      await makePrimaryIn(tx, userId, addressId, context);
    }
  });
}

/** Makes one of the customer's addresses the primary one. */
export async function makePrimaryAddress(
  db: Queryable,
  userId: string,
  addressId: string,
  context: AuditContext,
): Promise<void> {
  await withCustomerLocked(db, userId, async (tx) => {
    const row = await ownAddress(tx, userId, addressId);
    if (!row.isPrimary) await makePrimaryIn(tx, userId, addressId, context);
  });
}

/** Removes an address; when it was the primary one, the oldest remaining one takes its place. */
export async function removeAddress(
  db: Queryable,
  userId: string,
  addressId: string,
  context: AuditContext,
): Promise<void> {
  await withCustomerLocked(db, userId, async (tx) => {
    const row = await ownAddress(tx, userId, addressId);
    await tx.delete(addresses).where(eq(addresses.id, addressId));
    await recordAudit(tx, userId, 'address_removed', [], context);
    if (!row.isPrimary) return;
    const [oldest] = await tx
      .select({ id: addresses.id })
      .from(addresses)
      .where(eq(addresses.userId, userId))
      .orderBy(asc(addresses.createdAt), asc(addresses.id))
      .limit(1);
    if (oldest) await makePrimaryIn(tx, userId, oldest.id, context);
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
