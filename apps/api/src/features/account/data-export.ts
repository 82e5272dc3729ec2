import { desc, eq } from 'drizzle-orm';
import type { DataExport, ExportedSession } from '@refund/contracts/account-rights';
import type { BankAccount } from '@refund/contracts/banks';
import type { Card } from '@refund/contracts/cards';
import type { GiftCard } from '@refund/contracts/giftcards';
import type { PrepaidCard } from '@refund/contracts/prepaid-cards';
import type { Profile } from '@refund/contracts/profile';
import type { Refund } from '@refund/contracts/refunds';
import type { SecurityEvent } from '@refund/contracts/security-activity';
import type { StatementLine, WalletBalance } from '@refund/contracts/wallet';
import type { Queryable } from '../../db/database';
import { sessions } from '../../db/schema';
import { DomainError } from '../../domain/domain-error';
import { deviceName } from './device-name';

/** One keyset page of a history list, as every list reader answers it. */
export interface Page<T> {
  data: T[];
  next_cursor: string | null;
}
export type PageReader<T> = (
  viewer: { userId: string; sessionId: string },
  limit: number,
  cursor: string | undefined,
) => Promise<Page<T>>;

/**
 * The readers the screens use, each handed in by the app: the data file holds exactly what the
 * customer's own screens show them, through the same code, so it can never show more (a gift
 * card's code, a card's number) or someone else's rows.
 */
export interface DataExportDeps {
  db: Queryable;
  profile: (userId: string) => Promise<Profile | null>;
  balance: (userId: string) => Promise<WalletBalance>;
  securityActivity: PageReader<SecurityEvent>;
  statement: PageReader<StatementLine>;
  refunds: PageReader<Refund>;
  /** The gift card wallet's lists (active and archived). */
  giftCards: readonly PageReader<GiftCard>[];
  /** Absent when no prepaid card issuer is configured. */
  prepaidCards: PageReader<PrepaidCard> | null;
  cards: (userId: string) => Promise<Card[]>;
  bankAccounts: (userId: string) => Promise<BankAccount[]>;
}

const PAGE = 100;

/** Every row of a list, page after page. */
async function everyRow<T>(
  read: PageReader<T>,
  viewer: { userId: string; sessionId: string },
): Promise<T[]> {
  const rows: T[] = [];
  let cursor: string | undefined;
  do {
    const page = await read(viewer, PAGE, cursor);
    rows.push(...page.data);
    cursor = page.next_cursor ?? undefined;
  } while (cursor);
  return rows;
}

async function sessionsOf(db: Queryable, userId: string): Promise<ExportedSession[]> {
  const rows = await db
    .select()
    .from(sessions)
    .where(eq(sessions.userId, userId))
    .orderBy(desc(sessions.createdAt), desc(sessions.id));
  return rows.map((row) => ({
    id: row.id,
    created_at: row.createdAt.toISOString(),
    expires_at: row.expiresAt.toISOString(),
    ended_at: row.revokedAt?.toISOString() ?? null,
    ended_because: row.revokedReason,
    device: deviceName(row.userAgent),
  }));
}

export function createDataExport(deps: DataExportDeps) {
  return {
    /** Everything kept about the signed-in customer (ADR 0033), their own rows only. */
    async export(viewer: { userId: string; sessionId: string }): Promise<DataExport> {
      const { userId } = viewer;
      const exportedAt = new Date().toISOString();
      const profile = await deps.profile(userId);
      if (!profile) throw new DomainError('UNAUTHORIZED');
      const [
        balance,
        sessionList,
        securityActivity,
        statement,
        refunds,
        giftCards,
        prepaidCards,
        cards,
        bankAccounts,
      ] = await Promise.all([
        deps.balance(userId),
        sessionsOf(deps.db, userId),
        everyRow(deps.securityActivity, viewer),
        everyRow(deps.statement, viewer),
        everyRow(deps.refunds, viewer),
        Promise.all(deps.giftCards.map((read) => everyRow(read, viewer))),
        deps.prepaidCards ? everyRow(deps.prepaidCards, viewer) : Promise.resolve([]),
        deps.cards(userId),
        deps.bankAccounts(userId),
      ]);
      return {
        exported_at: exportedAt,
        profile,
        balance,
        sessions: sessionList,
        security_activity: securityActivity,
        statement,
        refunds,
        gift_cards: giftCards.flat(),
        prepaid_cards: prepaidCards,
        payment_methods: { cards, bank_accounts: bankAccounts },
      };
    },
  };
}

export type DataExportService = ReturnType<typeof createDataExport>;
