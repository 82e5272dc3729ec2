import { and, eq } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import type { Transaction } from '@refund/contracts/redemptions';
import type { Db } from '../../db/database';
import { redemptions } from '../../db/schema';
import { runStatement } from '../../db/statement';
import { DomainError } from '../../domain/domain-error';
import { decodeCursor, encodeCursor } from '../../http/cursor';
import type { DestinationView } from './redemption-method';
import type { MethodRegistry } from './redemption-method-registry';
import { keysetPage, pageLimit } from '../../db/keyset';

type Row = typeof redemptions.$inferSelect;

/** What a transaction shows of its redemption row. */
export type ViewRow = Pick<
  Row,
  | 'id'
  | 'mode'
  | 'status'
  | 'amountCents'
  | 'feeCents'
  | 'networkReference'
  | 'failureReason'
  | 'createdAt'
  | 'completedAt'
>;

const statusLabel = {
  pending: 'Pending',
  succeeded: 'Successful',
  failed: 'Failed',
  returned: 'Failed',
} as const;

export function transactionView(row: ViewRow, destination: DestinationView): Transaction {
  return {
    transaction_id: row.id,
    mode: row.mode,
    status: statusLabel[row.status],
    amount_in_cents: row.amountCents,
    fee_in_cents: row.feeCents,
    net_amount_in_cents: row.amountCents - row.feeCents,
    destination,
    network_reference: row.networkReference,
    failure_reason: row.failureReason,
    returned: row.status === 'returned',
    created_at: row.createdAt.toISOString(),
    completed_at: row.completedAt ? row.completedAt.toISOString() : null,
  };
}

/**
 * A page of the customer's redemptions, newest first. Written out rather than built per request:
 * the history's first page is read on every visit to the home screen, and one text per shape is
 * prepared once per connection (db/statement.ts). The row-value condition lets the index on
 * (user_id, created_at, id) bound the scan at the cursor.
 */
const LIST_COLUMNS = `id, mode, status, amount_cents, fee_cents, network_reference, failure_reason,
  created_at, completed_at`;
const LIST_FIRST = `select ${LIST_COLUMNS} from "redemptions" where user_id = $1::uuid
  order by created_at desc, id desc limit $2`;
const LIST_AFTER = `select ${LIST_COLUMNS} from "redemptions" where user_id = $1::uuid
  and (created_at, id) < ($3::timestamptz, $4::uuid)
  order by created_at desc, id desc limit $2`;

interface ListedRow {
  id: string;
  mode: Row['mode'];
  status: Row['status'];
  /** bigint: a string from node-postgres, a number from the embedded engine. */
  amount_cents: string | number;
  fee_cents: string | number;
  network_reference: string | null;
  failure_reason: string | null;
  created_at: Date;
  completed_at: Date | null;
}

const viewRowOf = (row: ListedRow): ViewRow => ({
  id: row.id,
  mode: row.mode,
  status: row.status,
  amountCents: Number(row.amount_cents),
  feeCents: Number(row.fee_cents),
  networkReference: row.network_reference,
  failureReason: row.failure_reason,
  createdAt: row.created_at,
  completedAt: row.completed_at,
});

/**
 * Destinations kept by redemption id, for the methods whose description never changes: the
 * history's first page is read on every visit to the home screen, and its transactions are
 * mostly the same from one visit to the next. A few megabytes at most.
 */
const KEPT_DESCRIPTIONS = 20_000;

/** The customer's redemptions as transactions, each destination described by its method. */
export function createRedemptionViews(deps: {
  db: Db;
  methods: MethodRegistry;
  /** How many descriptions to keep; 0 keeps none. */
  keptDescriptions?: number;
}) {
  const { db } = deps;
  const max = deps.keptDescriptions ?? KEPT_DESCRIPTIONS;
  // Keyed by the redemption alone: a page holds only the customer's own redemptions, read from
  // the database for them, and a kept description is looked up for those ids only.
  const kept = max > 0 ? new LRUCache<string, DestinationView>({ max }) : null;

  async function withDestinations(rows: ViewRow[], on: Db): Promise<Transaction[]> {
    const described = new Map<string, DestinationView>();
    const byMode = new Map<Row['mode'], string[]>();
    for (const row of rows) {
      const view = kept?.get(row.id);
      if (view) described.set(row.id, view);
      else byMode.set(row.mode, [...(byMode.get(row.mode) ?? []), row.id]);
    }
    for (const [mode, ids] of byMode) {
      const method = deps.methods.of(mode);
      // Methods are switched off by configuration, never unregistered while their redemptions
      // exist (ADR 0014): a redemption no method describes is a defect, not a blank row.
      if (!method) throw new Error(`no registered method describes ${mode} redemptions`);
      for (const [id, view] of await method.describe(on, ids)) {
        described.set(id, view);
        if (method.describesOnceForAll) kept?.set(id, view);
      }
    }
    return rows.map((row) => {
      const destination = described.get(row.id);
      if (!destination) throw new Error(`redemption ${row.id} has no payout record to describe`);
      return transactionView(row, destination);
    });
  }

  return {
    /**
     * One of the customer's transactions; anyone else's answers not found. Read on `on` (the
     * replica, when the caller may read it), by default the database.
     */
    async load(userId: string, id: string, on: Db = db): Promise<Transaction> {
      const [row] = await on
        .select()
        .from(redemptions)
        .where(and(eq(redemptions.id, id), eq(redemptions.userId, userId)));
      if (!row) throw new DomainError('NOT_FOUND', 'No transaction with this id.');
      const [view] = await withDestinations([row], on);
      if (!view) throw new Error(`transaction ${id} not described`);
      return view;
    },

    /** Newest first, keyset pages over (created_at, id); read on `on` like `load`. */
    async list(userId: string, limit: number, cursor: string | undefined, on: Db = db) {
      const after = cursor ? decodeCursor(cursor) : null;
      const rows = (
        await runStatement<ListedRow>(
          on,
          after ? LIST_AFTER : LIST_FIRST,
          after
            ? [
                userId,
                pageLimit(limit),
                after.at instanceof Date ? after.at.toISOString() : after.at,
                after.id,
              ]
            : [userId, pageLimit(limit)],
        )
      ).map(viewRowOf);
      const { page, next_cursor } = keysetPage(rows, limit, (last) =>
        encodeCursor(last.createdAt, last.id),
      );
      return { data: await withDestinations(page, on), next_cursor };
    },
  };
}

export type RedemptionViews = ReturnType<typeof createRedemptionViews>;
