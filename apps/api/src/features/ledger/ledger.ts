import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Queryable, Tx } from '../../db/database';
import { ledgerAccounts, ledgerEntries, ledgerTransfers } from '../../db/schema';

export type OwnerType = 'customer' | 'merchant' | 'system';
export type SystemAccount =
  | 'payouts_settled'
  | 'payouts_in_transit'
  | 'fee_revenue'
  | 'bonus_expense'
  | 'giftcard_settlement';

export interface AccountRef {
  ownerType: OwnerType;
  ownerId: string | null;
  kind: string;
}

export const customerAvailable = (userId: string): AccountRef => ({
  ownerType: 'customer',
  ownerId: userId,
  kind: 'available',
});
export const customerHeld = (userId: string): AccountRef => ({
  ownerType: 'customer',
  ownerId: userId,
  kind: 'held',
});
export const merchantFunding = (merchantId: string): AccountRef => ({
  ownerType: 'merchant',
  ownerId: merchantId,
  kind: 'funding',
});
export const systemAccount = (kind: SystemAccount): AccountRef => ({
  ownerType: 'system',
  ownerId: null,
  kind,
});

const SYSTEM_SHARDS = 16;

/**
 * A system account every payout touches would make every payout wait for the one before it.
 * Spread over shards (chosen by a stable key), payouts lock different rows; the account's
 * balance is the sum of its shards.
 */
export function systemShard(kind: SystemAccount, key: string): AccountRef {
  let hash = 0;
  for (let i = 0; i < key.length; i += 1) hash = (hash * 31 + key.charCodeAt(i)) >>> 0;
  return { ownerType: 'system', ownerId: null, kind: `${kind}:${hash % SYSTEM_SHARDS}` };
}

export interface Posting {
  account: AccountRef;
  /** Integer cents; positive credits the account, negative debits it. */
  amountCents: number;
}

export interface TransferInput {
  /** The same key never moves money twice. */
  idempotencyKey: string;
  kind: string;
  refundId?: string | null;
  returnId?: string | null;
  postings: Posting[];
}

/** A customer account would go below zero: nothing of the transfer was written. */
export class InsufficientFundsError extends Error {
  constructor() {
    super('insufficient funds');
    this.name = 'InsufficientFundsError';
  }
}

async function resolveAccount(tx: Queryable, ref: AccountRef): Promise<string> {
  const owner =
    ref.ownerId === null ? isNull(ledgerAccounts.ownerId) : eq(ledgerAccounts.ownerId, ref.ownerId);
  const where = and(
    eq(ledgerAccounts.ownerType, ref.ownerType),
    owner,
    eq(ledgerAccounts.kind, ref.kind),
  );
  const [found] = await tx.select({ id: ledgerAccounts.id }).from(ledgerAccounts).where(where);
  if (found) return found.id;
  await tx
    .insert(ledgerAccounts)
    .values({ ownerType: ref.ownerType, ownerId: ref.ownerId, kind: ref.kind })
    .onConflictDoNothing();
  const [created] = await tx.select({ id: ledgerAccounts.id }).from(ledgerAccounts).where(where);
  if (!created) throw new Error(`ledger account ${ref.ownerType}/${ref.kind} could not be created`);
  return created.id;
}

function isCheckViolation(error: unknown): boolean {
  for (let e: unknown = error; e; e = e instanceof Error ? e.cause : undefined) {
    if (typeof e === 'object' && e !== null && 'code' in e && e.code === '23514') return true;
  }
  return false;
}

/**
 * Writes a balanced transfer and moves the balances, all in the caller's transaction. Accounts
 * are locked in id order so two transfers touching the same accounts cannot deadlock. Answers
 * false when a transfer with this idempotency key already exists (nothing moves again).
 */
export async function postTransfer(outer: Tx, input: TransferInput): Promise<boolean> {
  const total = input.postings.reduce((sum, p) => sum + p.amountCents, 0);
  if (input.postings.length < 2 || total !== 0)
    throw new Error(`unbalanced transfer ${input.kind}: ${total}`);
  for (const p of input.postings) {
    if (!Number.isSafeInteger(p.amountCents) || p.amountCents === 0) {
      throw new Error(`posting of ${p.amountCents} cents in ${input.kind}`);
    }
  }
  try {
    // A savepoint: a refused balance undoes the whole transfer and leaves the caller's
    // transaction usable.
    return await outer.transaction(async (tx) => {
      const [transfer] = await tx
        .insert(ledgerTransfers)
        .values({
          idempotencyKey: input.idempotencyKey,
          kind: input.kind,
          refundId: input.refundId ?? null,
          returnId: input.returnId ?? null,
        })
        .onConflictDoNothing()
        .returning({ id: ledgerTransfers.id });
      if (!transfer) return false;

      const entries: { accountId: string; amountCents: number }[] = [];
      const byAccount = new Map<string, number>();
      for (const posting of input.postings) {
        const accountId = await resolveAccount(tx, posting.account);
        entries.push({ accountId, amountCents: posting.amountCents });
        byAccount.set(accountId, (byAccount.get(accountId) ?? 0) + posting.amountCents);
      }
      const ids = [...byAccount.keys()].sort();
      await tx
        .select({ id: ledgerAccounts.id })
        .from(ledgerAccounts)
        .where(inArray(ledgerAccounts.id, ids))
        .orderBy(ledgerAccounts.id)
        .for('update');
      for (const id of ids) {
        const amount = byAccount.get(id) ?? 0;
        if (amount === 0) continue;
        await tx
          .update(ledgerAccounts)
          .set({ balanceCents: sql`${ledgerAccounts.balanceCents} + ${amount}` })
          .where(eq(ledgerAccounts.id, id));
      }
      await tx
        .insert(ledgerEntries)
        .values(entries.map((entry) => ({ transferId: transfer.id, ...entry })));
      return true;
    });
  } catch (error) {
    if (isCheckViolation(error)) throw new InsufficientFundsError();
    throw error;
  }
}
