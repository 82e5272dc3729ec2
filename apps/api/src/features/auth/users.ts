import { and, eq, getTableColumns, isNotNull, isNull, ne, or, sql } from 'drizzle-orm';
import type { Profile } from '@refund/contracts/profile';
import type { Queryable, Tx } from '../../db/database';
import { addresses, emailVerifications, sessions, users } from '../../db/schema';
import { DomainError } from '../../domain/domain-error';
import { openCustomerAccounts } from '../ledger/ledger';

export interface NewUser {
  first_name: string;
  last_name: string;
  email: string;
  phone_number: string;
  date_of_birth: string;
}

export async function findUserIdByPhone(
  db: Queryable,
  phoneNumber: string,
): Promise<string | null> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.phoneNumber, phoneNumber));
  return row?.id ?? null;
}

/**
 * Which of the phone number and email already belong to an account. A phone is proven by the
 * sign-up code, so every account's phone counts; an email counts only once verified (ADR 0011).
 */
export async function findTakenIdentifiers(
  db: Queryable,
  phoneNumber: string,
  email: string,
): Promise<{ phone: boolean; email: boolean }> {
  const rows = await db
    .select({
      phoneNumber: users.phoneNumber,
      email: users.email,
      emailVerifiedAt: users.emailVerifiedAt,
    })
    .from(users)
    .where(
      or(
        eq(users.phoneNumber, phoneNumber),
        and(eq(users.email, email), isNotNull(users.emailVerifiedAt)),
      ),
    );
  return {
    phone: rows.some((r) => r.phoneNumber === phoneNumber),
    email: rows.some((r) => r.email === email && r.emailVerifiedAt !== null),
  };
}

/** The account whose verified email this is, if any: the only owner an email has. */
export async function findUserIdByVerifiedEmail(
  db: Queryable,
  email: string,
): Promise<string | null> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, email), isNotNull(users.emailVerifiedAt)));
  return row?.id ?? null;
}

/** Creates the account and its wallet accounts in the caller's transaction. */
export async function insertUser(tx: Queryable, user: NewUser): Promise<string> {
  const [row] = await tx
    .insert(users)
    .values({
      firstName: user.first_name,
      lastName: user.last_name,
      email: user.email,
      phoneNumber: user.phone_number,
      dateOfBirth: user.date_of_birth,
      termsAcceptedAt: new Date(),
    })
    .returning({ id: users.id });
  if (!row) throw new Error('user not created');
  await openCustomerAccounts(tx, row.id);
  return row.id;
}

/**
 * Holds the customer's account open until the caller's transaction ends: money credited to the
 * customer takes this lock first, and closing the account waits for it (ADR 0033), so a claim
 * racing a closure either lands before the closure looks at the balance or is refused.
 */
export async function lockOpenCustomer(tx: Queryable, userId: string): Promise<void> {
  const [row] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.closedAt)))
    .for('share');
  if (!row) throw new DomainError('UNAUTHORIZED');
}

/** A customer's phone number (ten digits), or null for no such customer. */
export async function phoneOf(q: Queryable, userId: string): Promise<string | null> {
  const [row] = await q
    .select({ phone: users.phoneNumber })
    .from(users)
    .where(eq(users.id, userId));
  return row?.phone ?? null;
}

/** An address as the profile lists it. */
type StoredAddress = Profile['address'][number];

export async function loadProfile(db: Queryable, userId: string): Promise<Profile | null> {
  return (await readProfile(db, userId))?.profile ?? null;
}

/**
 * The customer's profile, and when it stops being true by itself (the pending e-mail change's
 * link expiring), if ever.
 */
export async function readProfile(
  db: Queryable,
  userId: string,
): Promise<{ profile: Profile; until: number | null } | null> {
  // One statement: the customer, their addresses, and the e-mail change waiting on the newest
  // live link to an address other than the account's. The subqueries are written out with
  // aliases: in a one-table select the query builder leaves column names unqualified, which
  // inside a subquery would name the subquery's own columns.
  const [user] = await db
    .select({
      ...getTableColumns(users),
      addresses: sql<StoredAddress[]>`coalesce((
        select json_agg(json_build_object(
          'id', a.id, 'city', a.city, 'zipcode', a.zipcode, 'line_1', a.line_1,
          'line_2', a.line_2, 'state', a.state, 'is_primary', a.is_primary)
          order by a.created_at, a.id)
        from ${addresses} a where a.user_id = ${userId}), '[]'::json)`,
      pending: sql<{ email: string; expires_at: string } | null>`(
        select json_build_object('email', v.email, 'expires_at', v.expires_at)
        from ${emailVerifications} v
        where v.user_id = ${userId} and v.email <> "users"."email"
          and v.used_at is null and v.expires_at > now()
        order by v.created_at desc limit 1)`,
    })
    .from(users)
    .where(eq(users.id, userId));
  if (!user) return null;
  const profile: Profile = {
    user_uuid: user.id,
    first_name: user.firstName,
    last_name: user.lastName,
    email: user.email,
    email_verified: user.emailVerifiedAt !== null,
    pending_email: user.pending?.email ?? null,
    phone_number: user.phoneNumber,
    date_of_birth: user.dateOfBirth,
    address: user.addresses,
  };
  return { profile, until: user.pending ? Date.parse(user.pending.expires_at) : null };
}

/** True when a write failed on one of the users table's unique keys. */
export function uniqueViolation(error: unknown): 'phone' | 'email' | null {
  const cause = error instanceof Error && 'cause' in error ? error.cause : error;
  for (const candidate of [error, cause]) {
    if (
      typeof candidate === 'object' &&
      candidate !== null &&
      'code' in candidate &&
      candidate.code === '23505'
    ) {
      const constraint = 'constraint' in candidate ? String(candidate.constraint) : '';
      if (constraint.includes('phone')) return 'phone';
      if (constraint.includes('email')) return 'email';
    }
  }
  return null;
}

/**
 * Records that this account proved this email (ADR 0011), in the caller's transaction. The email
 * is then the account's alone: the unique index on verified emails refuses a second owner
 * ('taken'), and every other account's pending links for the address are voided, so an account
 * that only typed it can never prove it. 'changed' when the account no longer has this email.
 */
export async function proveEmail(
  tx: Tx,
  userId: string,
  email: string,
): Promise<'verified' | 'taken' | 'changed'> {
  let updated: { id: string }[];
  try {
    updated = await tx.transaction((inner) =>
      inner
        .update(users)
        .set({ emailVerifiedAt: new Date() })
        .where(and(eq(users.id, userId), eq(users.email, email), isNull(users.emailVerifiedAt)))
        .returning({ id: users.id }),
    );
  } catch (error) {
    if (uniqueViolation(error) === 'email') return 'taken';
    throw error;
  }
  if (updated.length === 0) {
    const [user] = await tx.select({ email: users.email }).from(users).where(eq(users.id, userId));
    if (user?.email !== email) return 'changed';
  }
  await tx
    .update(emailVerifications)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(emailVerifications.email, email),
        ne(emailVerifications.userId, userId),
        isNull(emailVerifications.usedAt),
      ),
    );
  return 'verified';
}

/**
 * Ends every live session of the customer but `keep` (the one asking, when there is one): after a
 * change of phone or e-mail (ASVS V7: a changed authenticator signs out every other device), or
 * when the customer signs out of all other devices. Every instance refuses them at once: a
 * session change is announced to all of them (customer_changed). Answers how many were ended.
 */
export async function revokeOtherSessions(
  q: Queryable,
  userId: string,
  keep: string | null,
  reason: 'contact_changed' | 'signed_out_elsewhere' | 'contact_change_reported' | 'account_closed',
): Promise<number> {
  const ended = await q
    .update(sessions)
    .set({ revokedAt: sql`now()`, revokedReason: reason })
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        keep === null ? undefined : ne(sessions.id, keep),
      ),
    )
    .returning({ id: sessions.id });
  return ended.length;
}
