import { and, eq, gt, isNull } from 'drizzle-orm';
import {
  isBankAccountNumber,
  type BankAccount,
  type BankLinkSession,
} from '@refund/contracts/banks';
import { isAbaRoutingNumber } from '@refund/contracts/validation';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database';
import { bankLinkSessions, users } from '../../db/schema';
import { DomainError } from '../../domain/domain-error';
import {
  BankLinkCodeRejectedError,
  type BankLinking,
  type LinkedAccount,
} from '../../providers/ports';
import { noAuditContext, type AuditContext } from '../auth/audit';
import type { BankAccounts } from './bank-accounts';

/** How long a customer has to finish at the provider and come back with the code. */
export const BANK_LINK_TTL_MS = 10 * 60_000;

/** The first account that can take an ACH credit, checking before savings. */
function payoutAccount(accounts: LinkedAccount[]): LinkedAccount | null {
  const usable = accounts.filter(
    (a) => isAbaRoutingNumber(a.routingNumber) && isBankAccountNumber(a.accountNumber),
  );
  return usable.find((a) => a.accountType === 'checking') ?? usable[0] ?? null;
}

/**
 * Bank linking: a session per attempt, whose id travels through the provider as `state`. The
 * exchange first claims the session (its owner, once, before it expires), so a replayed,
 * foreign or stale code stores nothing; then the provider turns the code into the accounts.
 */
export function createBankLinks(deps: {
  db: Db;
  linking: BankLinking;
  accounts: Pick<BankAccounts, 'add'>;
  logger: FastifyBaseLogger;
}) {
  const { db } = deps;
  return {
    async start(userId: string): Promise<BankLinkSession> {
      const [session] = await db
        .insert(bankLinkSessions)
        .values({ userId, expiresAt: new Date(Date.now() + BANK_LINK_TTL_MS) })
        .returning({ id: bankLinkSessions.id });
      if (!session) throw new Error('bank link session not stored');
      const { redirectUrl } = await deps.linking.start({ state: session.id });
      return { session_id: session.id, redirect_url: redirectUrl };
    },

    async exchange(
      userId: string,
      input: { code: string; state: string },
      context: AuditContext = noAuditContext,
    ): Promise<BankAccount> {
      const [claimed] = await db
        .update(bankLinkSessions)
        .set({ usedAt: new Date() })
        .where(
          and(
            eq(bankLinkSessions.id, input.state),
            eq(bankLinkSessions.userId, userId),
            isNull(bankLinkSessions.usedAt),
            gt(bankLinkSessions.expiresAt, new Date()),
          ),
        )
        .returning({ id: bankLinkSessions.id });
      if (!claimed) throw new DomainError('BANK_LINK_INVALID');

      let shared: LinkedAccount[];
      try {
        shared = await deps.linking.exchange(input);
      } catch (error) {
        if (error instanceof BankLinkCodeRejectedError) throw new DomainError('BANK_LINK_INVALID');
        deps.logger.error({ err: error }, 'bank linking failed');
        throw new DomainError('BANK_LINK_UNAVAILABLE');
      }
      const account = payoutAccount(shared);
      if (!account) throw new DomainError('NO_ELIGIBLE_BANK_ACCOUNT');
      const holderName = account.holderName ?? (await customerName(db, userId));
      return deps.accounts.add(
        userId,
        {
          routingNumber: account.routingNumber,
          accountNumber: account.accountNumber,
          accountType: account.accountType,
          holderName,
          bankName: account.bankName,
          source: 'linked',
        },
        context,
      );
    },
  };
}

async function customerName(db: Db, userId: string): Promise<string> {
  const [user] = await db
    .select({ first: users.firstName, last: users.lastName })
    .from(users)
    .where(eq(users.id, userId));
  if (!user) throw new DomainError('UNAUTHORIZED');
  return `${user.first} ${user.last}`.trim();
}

export type BankLinks = ReturnType<typeof createBankLinks>;
