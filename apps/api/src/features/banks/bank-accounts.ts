import { and, desc, eq, isNull } from 'drizzle-orm';
import type { BankAccount, BankAccountType } from '@refund/contracts/banks';
import type { Db, Queryable } from '../../db/database';
import { bankAccounts } from '../../db/schema';
import { DomainError } from '../../domain/domain-error';
import { noAuditContext, recordAudit, type AuditContext } from '../auth/audit';
import type { BankVault } from './bank-vault';
import type { RoutingDirectory } from './routing-directory';

type BankAccountRow = typeof bankAccounts.$inferSelect;

export const bankAccountView = (row: BankAccountRow): BankAccount => ({
  bank_account_uuid: row.id,
  bank_name: row.bankName,
  account_type: row.accountType,
  last4: row.last4,
  source: row.source,
  created_at: row.createdAt.toISOString(),
});

export interface NewBankAccount {
  routingNumber: string;
  /** Already checked: digits only, 4 to 17 of them. */
  accountNumber: string;
  accountType: BankAccountType;
  holderName: string;
  bankName?: string | null;
  source: 'manual' | 'linked';
}

/** What adding a bank account stores, by name (an audit event never holds the values). */
const BANK_ACCOUNT_FIELDS = [
  'routing_number',
  'bank_name',
  'account_type',
  'last4',
  'account_holder_name',
] as const;

/** The customer's bank accounts. Full account numbers go straight to the vault. */
export function createBankAccounts(deps: {
  db: Db;
  vault: BankVault;
  directory: Pick<RoutingDirectory, 'bankNameFor'>;
}) {
  return {
    /** The vault entry and the account commit together: a failure leaves neither behind. */
    async add(
      userId: string,
      input: NewBankAccount,
      context: AuditContext = noAuditContext,
    ): Promise<BankAccount> {
      const row = await deps.db.transaction(async (tx) => {
        const token = await deps.vault.store(input.accountNumber, tx);
        const [inserted] = await tx
          .insert(bankAccounts)
          .values({
            userId,
            vaultToken: token,
            routingNumber: input.routingNumber,
            bankName: input.bankName ?? deps.directory.bankNameFor(input.routingNumber),
            accountType: input.accountType,
            last4: input.accountNumber.slice(-4),
            holderName: input.holderName,
            source: input.source,
          })
          .returning();
        if (inserted) {
          await recordAudit(tx, userId, 'bank_account_added', BANK_ACCOUNT_FIELDS, context);
        }
        return inserted;
      });
      if (!row) throw new Error('bank account not stored');
      return bankAccountView(row);
    },

    async list(userId: string): Promise<BankAccount[]> {
      const rows = await deps.db
        .select()
        .from(bankAccounts)
        .where(and(eq(bankAccounts.userId, userId), isNull(bankAccounts.removedAt)))
        .orderBy(desc(bankAccounts.createdAt), desc(bankAccounts.id));
      return rows.map(bankAccountView);
    },

    /**
     * Payouts already on their way still reach the account, and the history still shows it; new
     * ones cannot choose it. Someone else's account, or one removed already, is not found.
     */
    async remove(
      userId: string,
      id: string,
      context: AuditContext = noAuditContext,
    ): Promise<void> {
      const removed = await deps.db.transaction(async (tx) => {
        const rows = await tx
          .update(bankAccounts)
          .set({ removedAt: new Date() })
          .where(
            and(
              eq(bankAccounts.id, id),
              eq(bankAccounts.userId, userId),
              isNull(bankAccounts.removedAt),
            ),
          )
          .returning({ id: bankAccounts.id });
        if (rows.length > 0) {
          await recordAudit(tx, userId, 'bank_account_removed', [], context);
        }
        return rows.length > 0;
      });
      if (!removed) throw new DomainError('NOT_FOUND', 'No bank account with this id.');
    },
  };
}

export type BankAccounts = ReturnType<typeof createBankAccounts>;

/** A bank account of this customer that can still be paid to; anyone else's answers not found. */
export async function usableBankAccount(
  db: Queryable,
  userId: string,
  id: string,
): Promise<BankAccountRow> {
  const [row] = await db
    .select()
    .from(bankAccounts)
    .where(
      and(eq(bankAccounts.id, id), eq(bankAccounts.userId, userId), isNull(bankAccounts.removedAt)),
    );
  if (!row) throw new DomainError('NOT_FOUND', 'No bank account with this id.');
  return row;
}
