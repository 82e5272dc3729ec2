import { and, eq, isNull } from 'drizzle-orm';
import type { Queryable, Tx } from '../../db/database';
import { sqlState } from '../../db/sql-state';
import { ledgerAccounts, ledgerEntries, ledgerTransfers } from '../../db/schema';
import { runStatement, Statement } from '../../db/statement';

export type OwnerType = 'customer' | 'merchant' | 'system';
/**
 * The system accounts and whether each may go below zero. Money only ever arrives in transit,
 * settled and fee revenue before it leaves them (a give-back takes from the shard the payout
 * went to), so they never may; expense and settlement accounts pay out what the business funds
 * and may.
 */
const SYSTEM_ACCOUNTS = {
  payouts_settled: { allowNegative: false },
  payouts_in_transit: { allowNegative: false },
  fee_revenue: { allowNegative: false },
  bonus_expense: { allowNegative: true },
  /**
   * Promotions a merchant or brand funds (the free play, earn-rewards rewards): what they owe us
   * for what was credited.
   */
  sponsored_promotions: { allowNegative: true },
  cashback_expense: { allowNegative: true },
  giftcard_settlement: { allowNegative: true },
  /** The issuer's discount on the gift cards it issued: income, only ever credited. */
  giftcard_discount_income: { allowNegative: false },
} as const satisfies Record<string, { allowNegative: boolean }>;

export type SystemAccount = keyof typeof SYSTEM_ACCOUNTS;

export interface AccountRef {
  ownerType: OwnerType;
  ownerId: string | null;
  kind: string;
  /** Written on the account when it is made; the database refuses a negative balance otherwise. */
  allowNegative: boolean;
}

/** A customer's wallet: never below zero. */
export const customerAvailable = (userId: string): AccountRef => ({
  ownerType: 'customer',
  ownerId: userId,
  kind: 'available',
  allowNegative: false,
});
export const customerHeld = (userId: string): AccountRef => ({
  ownerType: 'customer',
  ownerId: userId,
  kind: 'held',
  allowNegative: false,
});
/**
 * A customer's bonus: money the business gave (a welcome bonus), spend-only (gift cards and
 * prepaid cards, never a payout to a card or bank), never below zero.
 */
export const customerBonus = (userId: string): AccountRef => ({
  ownerType: 'customer',
  ownerId: userId,
  kind: 'bonus',
  allowNegative: false,
});
/** What a merchant has funded less what its refunds took: negative while the merchant owes. */
export const merchantFunding = (merchantId: string): AccountRef => ({
  ownerType: 'merchant',
  ownerId: merchantId,
  kind: 'funding',
  allowNegative: true,
});
export const systemAccount = (kind: SystemAccount): AccountRef => ({
  ownerType: 'system',
  ownerId: null,
  kind,
  allowNegative: SYSTEM_ACCOUNTS[kind].allowNegative,
});

const SYSTEM_SHARDS = 16;

/**
 * A system account every payout touches would make every payout wait for the one before it.
 * Spread over shards (chosen by a stable key, or given by number), payouts lock different rows;
 * the account's balance is the sum of its shards.
 */
export function systemShard(kind: SystemAccount, key: string | number): AccountRef {
  let hash = 0;
  if (typeof key === 'number') hash = Math.abs(Math.trunc(key));
  else for (let i = 0; i < key.length; i += 1) hash = (hash * 31 + key.charCodeAt(i)) >>> 0;
  return {
    ownerType: 'system',
    ownerId: null,
    kind: `${kind}:${hash % SYSTEM_SHARDS}`,
    allowNegative: SYSTEM_ACCOUNTS[kind].allowNegative,
  };
}

/** The same shard of another system account: where a payout's in-transit amount settles. */
export function sameShard(account: AccountRef, from: SystemAccount, to: SystemAccount): AccountRef {
  if (account.ownerType !== 'system' || !account.kind.startsWith(`${from}:`)) return account;
  return {
    ...account,
    kind: `${to}:${account.kind.slice(from.length + 1)}`,
    allowNegative: SYSTEM_ACCOUNTS[to].allowNegative,
  };
}

export interface Posting {
  account: AccountRef;
  /** Integer cents; positive credits the account, negative debits it. */
  amountCents: number;
}

/** What a transfer is about, e.g. `{ kind: 'redemption', id }`: a payout's transfers name it. */
export interface TransferReference {
  kind: 'refund' | 'refund_return' | 'redemption';
  id: string;
}

export interface TransferInput {
  /** The same key never moves money twice. */
  idempotencyKey: string;
  kind: string;
  reference?: TransferReference | null;
  postings: Posting[];
}

/** An account that may not go below zero would: nothing of the transfer was written. */
export class AccountWouldGoNegativeError extends Error {
  constructor(readonly ownerType: OwnerType) {
    super(`a ${ownerType} ledger account would go below zero`);
    this.name = 'AccountWouldGoNegativeError';
  }
}

/** A customer account would go below zero: nothing of the transfer was written. */
export class InsufficientFundsError extends Error {
  constructor() {
    super('insufficient funds');
    this.name = 'InsufficientFundsError';
  }
}

/**
 * Where each account sits in the lock order. Every transfer locks system accounts first, then
 * merchants, then customers, each group in id order: one order for all transfers, so two of them
 * touching the same accounts cannot deadlock, and a customer's row (the one a busy customer's
 * payouts queue on) is held for the shortest time.
 */
const LOCK_RANK: Record<OwnerType, number> = { system: 0, merchant: 1, customer: 2 };

const refKey = (ref: AccountRef) => `${ref.ownerType}|${ref.ownerId ?? ''}|${ref.kind}`;

/**
 * Account ids by owner and kind. An account's id never changes once it exists, so a process
 * remembers it; every statement that relies on a remembered id also checks it against the
 * account's owner and kind, so an id from another database, or from a transaction that rolled
 * back, is noticed, forgotten and looked up again.
 */
const knownAccounts = new Map<string, string>();
const MAX_KNOWN_ACCOUNTS = 200_000;

/**
 * Forgets every remembered account id, for a process that moves to another database (the test
 * runner, which runs files on databases of their own one after the other in one process).
 */
export function forgetRememberedAccounts(): void {
  knownAccounts.clear();
}

function forget(refs: readonly AccountRef[]): void {
  for (const ref of refs) knownAccounts.delete(refKey(ref));
}

async function resolveAccount(q: Queryable, ref: AccountRef, useRemembered: boolean) {
  const key = refKey(ref);
  const remembered = useRemembered ? knownAccounts.get(key) : undefined;
  if (remembered) return remembered;
  const owner =
    ref.ownerId === null ? isNull(ledgerAccounts.ownerId) : eq(ledgerAccounts.ownerId, ref.ownerId);
  const where = and(
    eq(ledgerAccounts.ownerType, ref.ownerType),
    owner,
    eq(ledgerAccounts.kind, ref.kind),
  );
  const [found] = await q.select({ id: ledgerAccounts.id }).from(ledgerAccounts).where(where);
  if (found) {
    if (knownAccounts.size >= MAX_KNOWN_ACCOUNTS) knownAccounts.clear();
    knownAccounts.set(key, found.id);
    return found.id;
  }
  await q
    .insert(ledgerAccounts)
    .values({
      ownerType: ref.ownerType,
      ownerId: ref.ownerId,
      kind: ref.kind,
      allowNegative: ref.allowNegative,
    })
    .onConflictDoNothing();
  // Not remembered: the row may be this transaction's own and vanish if it rolls back.
  const [created] = await q.select({ id: ledgerAccounts.id }).from(ledgerAccounts).where(where);
  if (!created) throw new Error(`ledger account ${ref.ownerType}/${ref.kind} could not be created`);
  return created.id;
}

/** Opens a new customer's wallet accounts, in the caller's transaction. */
export async function openCustomerAccounts(q: Queryable, userId: string): Promise<void> {
  await q.insert(ledgerAccounts).values(
    [customerAvailable(userId), customerHeld(userId)].map((ref) => ({
      ownerType: ref.ownerType,
      ownerId: ref.ownerId,
      kind: ref.kind,
      allowNegative: ref.allowNegative,
    })),
  );
}

/** A checked transfer whose accounts are resolved to ids: what the statements below write. */
export interface PlannedTransfer {
  input: TransferInput;
  /** One per posting, in the order given. */
  entries: { accountId: string; amountCents: number }[];
  /** One per account touched, with its net movement, in lock order. */
  accounts: { ref: AccountRef; id: string; amountCents: number; rank: number }[];
}

function checkBalanced(input: TransferInput): void {
  const total = input.postings.reduce((sum, p) => sum + p.amountCents, 0);
  if (input.postings.length < 2 || total !== 0)
    throw new Error(`unbalanced transfer ${input.kind}: ${total}`);
  for (const p of input.postings) {
    if (!Number.isSafeInteger(p.amountCents) || p.amountCents === 0) {
      throw new Error(`posting of ${p.amountCents} cents in ${input.kind}`);
    }
  }
}

/**
 * Checks a transfer and resolves its accounts, creating missing ones (in the caller's
 * transaction, when given one). `fresh` looks every account up instead of trusting remembered ids.
 */
export async function planTransfer(
  q: Queryable,
  input: TransferInput,
  fresh = false,
): Promise<PlannedTransfer> {
  checkBalanced(input);
  const ids: string[] = [];
  for (const posting of input.postings) ids.push(await resolveAccount(q, posting.account, !fresh));
  return planWith(input, ids);
}

/**
 * The plan at once, with no round trip, when every account of the transfer is remembered
 * (`planTransfer` remembers the ones it finds); null otherwise.
 */
export function planRemembered(input: TransferInput): PlannedTransfer | null {
  checkBalanced(input);
  const ids: string[] = [];
  for (const posting of input.postings) {
    const id = knownAccounts.get(refKey(posting.account));
    if (!id) return null;
    ids.push(id);
  }
  return planWith(input, ids);
}

/** The plan of a checked transfer whose postings' accounts have the ids `ids`, in order. */
function planWith(input: TransferInput, ids: readonly string[]): PlannedTransfer {
  const entries: PlannedTransfer['entries'] = [];
  const byAccount = new Map<string, PlannedTransfer['accounts'][number]>();
  input.postings.forEach((posting, i) => {
    const accountId = ids[i] as string;
    entries.push({ accountId, amountCents: posting.amountCents });
    const account = byAccount.get(accountId);
    if (account) account.amountCents += posting.amountCents;
    else
      byAccount.set(accountId, {
        ref: posting.account,
        id: accountId,
        amountCents: posting.amountCents,
        rank: LOCK_RANK[posting.account.ownerType],
      });
  });
  const accounts = [...byAccount.values()].sort((a, b) =>
    a.rank !== b.rank ? a.rank - b.rank : a.id < b.id ? -1 : a.id > b.id ? 1 : 0,
  );
  return { input, entries, accounts };
}

/**
 * The plan as common table expressions, their parameters added to `st`: `ledger_v`, each account
 * with its owner, kind, net movement and lock rank; `ledger_p`, each posting; `ledger_known` (one
 * row, `n`), how many of the remembered account ids match their owner and kind.
 */
function planValues(plan: PlannedTransfer, st: Statement): string {
  const accounts = plan.accounts
    .map(
      (a) =>
        `(${st.param(a.id, 'uuid')}, ${st.param(a.ref.ownerType, 'text')}, ` +
        `${st.param(a.ref.ownerId, 'uuid')}, ${st.param(a.ref.kind, 'text')}, ` +
        `${st.param(a.amountCents, 'bigint')}, ${st.param(a.rank, 'int')})`,
    )
    .join(', ');
  const entries = plan.entries
    .map(
      (e, ord) =>
        `(${st.param(e.accountId, 'uuid')}, ${st.param(e.amountCents, 'bigint')}, ${ord})`,
    )
    .join(', ');
  return `
  ledger_v (id, owner_type, owner_id, kind, amount, rank) as (values ${accounts}),
  ledger_p (account_id, amount, ord) as (values ${entries}),
  ledger_known as (
    select count(*)::int as n from ledger_accounts a join ledger_v v
      on a.id = v.id and a.owner_type = v.owner_type
      and a.owner_id is not distinct from v.owner_id and a.kind = v.kind
  )`;
}

/**
 * The ledger half of one statement that writes several transfers with fresh idempotency keys,
 * each beside a row of the caller's, for group commit. Each plan carries the caller's integer key
 * `k`; the parts are common table expressions to follow a `with`, their parameters (three JSON
 * documents, so the text is the same for any number of transfers) added to `st`:
 *
 * - `head`: `ledger_t (k, key, kind)`, `ledger_p (k, account_id, amount)` and `ledger_known`
 *   (one row, `n`), which the caller's first write must require to equal `ledgerAccountCount`.
 * - `lock(candidates)`: `ledger_locked (id, owner_type, allow_negative, balance_cents)`, the
 *   accounts of the transfers whose `k` the caller's expression yields, locked in lock order.
 * - `funded(candidates)`: `ledger_funded (k)` (with `ledger_running` and `ledger_short`), the
 *   candidates that keep every account that may not go below zero at or above it, each taken
 *   after the candidates before it (in `k` order) as if they all went ahead: the ledger's own
 *   rule, as postTransfer applies it to one transfer. A candidate refused here may still fit
 *   alone; the caller sends it the step-by-step way.
 * - `tail(gate)`: the transfers whose `k` the caller's expression `gate` yields are written, each
 *   account moving once by its net amount over all of them. `ledger_moved` and
 *   `ledger_entries_written` return what was written, for wroteWholeTransfers.
 *
 * Each entry records the balance after it: the locked balance plus the running sum of the
 * batch's entries on that account, in transfer and posting order (the order they are inserted in).
 */
export function batchTransferStatementParts(
  plans: readonly { k: number; plan: PlannedTransfer }[],
  st: Statement,
): {
  head: string;
  lock: (candidates: string) => string;
  funded: (candidates: string) => string;
  tail: (gate: string) => string;
} {
  const accounts = new Map<string, PlannedTransfer['accounts'][number]>();
  for (const { plan } of plans) {
    for (const a of plan.accounts) accounts.set(a.id, a);
  }
  const transfers = plans.map(({ k, plan }) => ({
    k,
    key: plan.input.idempotencyKey,
    kind: plan.input.kind,
    ref_kind: plan.input.reference?.kind ?? null,
    ref_id: plan.input.reference?.id ?? null,
  }));
  const postings = plans.flatMap(({ k, plan }) =>
    plan.entries.map((e, ord) => ({ k, ord, account_id: e.accountId, amount: e.amountCents })),
  );
  const owners = [...accounts.values()].map((a) => ({
    id: a.id,
    owner_type: a.ref.ownerType,
    owner_id: a.ref.ownerId,
    kind: a.ref.kind,
    rank: a.rank,
  }));
  const head = `
  ledger_t as (
    ${st.selectRows(transfers, 't', 'k int, key text, kind text, ref_kind text, ref_id uuid')}
  ),
  ledger_p as (
    ${st.selectRows(postings, 'p', 'k int, ord int, account_id uuid, amount bigint')}
  ),
  ledger_v as (
    ${st.selectRows(owners, 'v', 'id uuid, owner_type text, owner_id uuid, kind text, rank int')}
  ),
  ledger_known as (
    select count(*)::int as n from ledger_accounts a join ledger_v v
      on a.id = v.id and a.owner_type = v.owner_type
      and a.owner_id is not distinct from v.owner_id and a.kind = v.kind
  )`;
  const lock = (candidates: string) => `
  ledger_locked as materialized (
    select a.id, a.owner_type, a.allow_negative, a.balance_cents
    from ledger_accounts a join ledger_v v on a.id = v.id
    where a.id in (select account_id from ledger_p where k in (select k from ${candidates}))
    order by v.rank, a.id
    for update of a
  )`;
  // Computed once for the batch (not per candidate): each account's running movement over the
  // candidates in `k` order; a candidate goes ahead unless it takes such an account below zero.
  const funded = (candidates: string) => `
  ledger_running as (
    select n.k, n.account_id,
      sum(n.amount) over (partition by n.account_id order by n.k) as running
    from (
      select k, account_id, sum(amount) as amount from ledger_p
      where k in (select k from ${candidates})
      group by k, account_id
    ) n
  ),
  ledger_short as (
    select distinct r.k from ledger_running r join ledger_locked l on l.id = r.account_id
    where not l.allow_negative and l.balance_cents + r.running < 0
  ),
  ledger_funded as (
    select c.k from ${candidates} c
    where (select count(*) from ledger_locked) > 0
      and c.k not in (select k from ledger_short)
  )`;
  const tail = (gate: string) => `
  ledger_transfer as (
    insert into ledger_transfers (idempotency_key, kind, reference_kind, reference_id)
    select t.key, t.kind, t.ref_kind, t.ref_id from ledger_t t where t.k in (select k from ${gate})
    returning id, idempotency_key
  ),
  ledger_net as (
    select account_id, sum(amount)::bigint as amount from ledger_p
    where k in (select k from ${gate})
    group by account_id
    having sum(amount) <> 0
  ),
  ledger_moved as (
    update ledger_accounts a set balance_cents = a.balance_cents + n.amount
    from ledger_net n
    where a.id = n.account_id and (select count(*) from ledger_locked) >= 0
    returning a.id
  ),
  ledger_entries_written as (
    insert into ledger_entries (transfer_id, account_id, amount_cents, balance_after_cents)
    select lt.id, p.account_id, p.amount,
      l.balance_cents + sum(p.amount) over (partition by p.account_id order by p.k, p.ord)
    from ledger_transfer lt join ledger_t t on t.key = lt.idempotency_key
      join ledger_p p on p.k = t.k join ledger_locked l on l.id = p.account_id
    order by p.account_id, p.k, p.ord
    returning 1
  )`;
  return { head, lock, funded, tail };
}

/** How many accounts batchTransferStatementParts names: what `ledger_known` must count. */
export function ledgerAccountCount(plans: readonly { plan: PlannedTransfer }[]): number {
  return new Set(plans.flatMap(({ plan }) => plan.accounts.map((a) => a.id))).size;
}

/** Whether a batch statement's counts show exactly the `written` transfers written whole. */
export function wroteWholeTransfers(
  written: readonly PlannedTransfer[],
  counts: { moved: number; entries: number },
): boolean {
  const net = new Map<string, number>();
  for (const plan of written) {
    for (const e of plan.entries) net.set(e.accountId, (net.get(e.accountId) ?? 0) + e.amountCents);
  }
  const moving = [...net.values()].filter((amount) => amount !== 0).length;
  const entries = written.reduce((sum, plan) => sum + plan.entries.length, 0);
  return counts.moved === moving && counts.entries === entries;
}

/** Whether a statement's counts show the whole transfer written. */
export function wroteWholeTransfer(
  plan: PlannedTransfer,
  written: { moved: number; entries: number },
): boolean {
  const moving = plan.accounts.filter((a) => a.amountCents !== 0).length;
  return written.moved === moving && written.entries === plan.entries.length;
}

/** Forgets the plan's remembered accounts, after a statement found one of them not as remembered. */
export function forgetAccounts(plan: PlannedTransfer): void {
  forget(plan.accounts.map((a) => a.ref));
}

interface PostedRow {
  duplicate: boolean;
  known: number;
  matched: number;
  /** The owner type of an account the transfer would take below zero, when it may not go there. */
  short: OwnerType | null;
  transfer_id: string | null;
  moved: number;
  entries: number;
}

/**
 * One statement: unless a transfer with this key exists or a remembered account id is stale, lock
 * the accounts (in lock order), check that no account that may not go below zero would, and only
 * then write the transfer, move the balances and write the entries (each with the balance after
 * it). A refusal writes nothing and raises no database error, so the caller's transaction stays
 * usable.
 */
async function postPlanned(tx: Queryable, plan: PlannedTransfer): Promise<PostedRow> {
  const { input } = plan;
  const n = plan.accounts.length;
  const st = new Statement();
  const key = st.param(input.idempotencyKey, 'text');
  const [row] = await runStatement<PostedRow>(
    tx,
    `with ${planValues(plan, st)},
    ledger_duplicate as (select 1 from ledger_transfers where idempotency_key = ${key}),
    ledger_locked as materialized (
      select a.id, a.owner_type, a.allow_negative, a.balance_cents, v.amount
      from ledger_accounts a join ledger_v v on a.id = v.id
      where not exists (select 1 from ledger_duplicate)
        and (select n from ledger_known) = ${n}
      order by v.rank, a.id
      for update of a
    ),
    ledger_check as (
      select count(*)::int as matched,
        min(owner_type) filter (where not allow_negative and balance_cents + amount < 0) as short
      from ledger_locked
    ),
    ledger_transfer as (
      insert into ledger_transfers (idempotency_key, kind, reference_kind, reference_id)
      select ${key}, ${st.param(input.kind, 'text')},
        ${st.param(input.reference?.kind ?? null, 'text')},
        ${st.param(input.reference?.id ?? null, 'uuid')}
      from ledger_check where matched = ${n} and short is null
      on conflict (idempotency_key) do nothing
      returning id
    ),
    ledger_moved as (
      update ledger_accounts a set balance_cents = a.balance_cents + v.amount
      from ledger_v v
      where a.id = v.id and v.amount <> 0 and exists (select 1 from ledger_transfer)
      returning a.id
    ),
    ledger_entries_written as (
      insert into ledger_entries (transfer_id, account_id, amount_cents, balance_after_cents)
      select t.id, p.account_id, p.amount,
        l.balance_cents + sum(p.amount) over (partition by p.account_id order by p.ord)
      from ledger_transfer t, ledger_p p join ledger_locked l on l.id = p.account_id
      order by p.account_id, p.ord
      returning 1
    )
    select exists (select 1 from ledger_duplicate) as duplicate,
      (select n from ledger_known) as known, c.matched, c.short,
      (select id from ledger_transfer) as transfer_id,
      (select count(*)::int from ledger_moved) as moved,
      (select count(*)::int from ledger_entries_written) as entries
    from ledger_check c`,
    st.values,
  );
  if (!row) throw new Error(`transfer ${input.kind} answered nothing`);
  return row;
}

/**
 * Writes a balanced transfer and moves the balances, all in the caller's transaction and in one
 * statement. Accounts are locked in one order for all transfers (see LOCK_RANK), so two transfers
 * touching the same accounts cannot deadlock. A customer balance that would go below zero is
 * refused with InsufficientFundsError (another account that may not go negative with
 * AccountWouldGoNegativeError) before anything is written; the caller's transaction stays
 * usable. Answers false when a transfer with this idempotency key already exists (nothing moves
 * again).
 */
export async function postTransfer(outer: Tx, input: TransferInput): Promise<boolean> {
  let plan = await planTransfer(outer, input);
  for (let attempt = 0; ; attempt += 1) {
    let row: PostedRow;
    try {
      row = await postPlanned(outer, plan);
    } catch (error) {
      // The CHECK constraint stays the last word on a customer balance.
      if (sqlState(error) === '23514') throw new InsufficientFundsError();
      throw error;
    }
    if (row.duplicate) return false;
    if (row.known !== plan.accounts.length) {
      // A remembered account id is not (or no longer) this database's; nothing was locked or
      // written. Look the accounts up afresh, once.
      forgetAccounts(plan);
      if (attempt > 0) throw new Error(`ledger accounts of ${input.kind} could not be found`);
      plan = await planTransfer(outer, input, true);
      continue;
    }
    if (row.matched !== plan.accounts.length) {
      throw new Error(`transfer ${input.kind} locked ${row.matched} of its accounts`);
    }
    if (row.short === 'customer') throw new InsufficientFundsError();
    // A business account that may not go negative would: a wrong transfer, never the customer's.
    if (row.short) throw new AccountWouldGoNegativeError(row.short);
    // A parallel transfer with this key was committed first.
    if (!row.transfer_id) return false;
    if (!wroteWholeTransfer(plan, row)) {
      throw new Error(`transfer ${input.kind} wrote ${row.moved} balances, ${row.entries} entries`);
    }
    return true;
  }
}

/**
 * The postings of a transfer as it was posted, in order; empty when there is none under this
 * key. What a compensation reverses, so it gives back exactly what moved.
 */
export async function postedTransfer(q: Queryable, idempotencyKey: string): Promise<Posting[]> {
  const rows = await q
    .select({
      ownerType: ledgerAccounts.ownerType,
      ownerId: ledgerAccounts.ownerId,
      kind: ledgerAccounts.kind,
      allowNegative: ledgerAccounts.allowNegative,
      amountCents: ledgerEntries.amountCents,
    })
    .from(ledgerTransfers)
    .innerJoin(ledgerEntries, eq(ledgerEntries.transferId, ledgerTransfers.id))
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
    .where(eq(ledgerTransfers.idempotencyKey, idempotencyKey))
    .orderBy(ledgerEntries.seq);
  return rows.map(({ amountCents, ...account }) => ({ account, amountCents }));
}
