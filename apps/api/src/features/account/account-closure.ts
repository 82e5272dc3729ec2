import { and, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { ClosureBlocker, ClosureStatus } from '@refund/contracts/account-rights';
import type { OtpChallenge } from '@refund/contracts/auth';
import type { WalletBalance } from '@refund/contracts/wallet';
import type { Db, Queryable, Tx } from '../../db/database';
import { transactionRetrying } from '../../db/sql-state';
import {
  addresses,
  analyticsEvents,
  auditEvents,
  bankAccounts,
  cards,
  contactChangeNotices,
  emailVerifications,
  otpAttempts,
  redemptions,
  refreshTokens,
  sessions,
  users,
  vaultBankAccounts,
  vaultCards,
} from '../../db/schema';
import { DomainError } from '../../domain/domain-error';
import type { OtpService } from '../auth/otp-service';
import { revokeOtherSessions } from '../auth/users';
import { bonusBalance, returnBonus } from '../bonuses/welcome-bonus';
import { recordAudit, type AuditContext } from '../auth/audit';

/**
 * Closing an account (ADR 0033): refused while the wallet holds money or a redemption is on its
 * way; otherwise, with a passcode texted to the account's phone, every session ends, the phone
 * and e-mail are freed for a new sign-up and what names the person is erased, while the ledger,
 * refunds and payout records stay under the account's id, which then names no one.
 */
export interface AccountClosureDeps {
  db: Db;
  otp: Pick<OtpService, 'beginForCustomer' | 'consumeOwnCode'>;
  /** The customer's balance, read in the caller's transaction (the wallet's reader). */
  balance: (q: Queryable, userId: string) => Promise<WalletBalance>;
  /** The account was closed: this process forgets what it read of the customer. */
  onClosed: (userId: string) => void;
}

const CLOSE_ACCOUNT = ['CLOSE_ACCOUNT'] as const;

/** A date of birth is required of every open account; a closed one keeps this placeholder. */
export const ERASED_DATE_OF_BIRTH = '1900-01-01';

/**
 * What keeps the account open. Redemptions are read before the balance: a redemption found
 * final has already given back whatever it returned, so the balance read next includes it.
 */
async function closureStatus(
  deps: Pick<AccountClosureDeps, 'balance'>,
  q: Queryable,
  userId: string,
): Promise<ClosureStatus> {
  const [pending] = await q
    .select({ n: count() })
    .from(redemptions)
    .where(and(eq(redemptions.userId, userId), eq(redemptions.status, 'pending')));
  const balance = await deps.balance(q, userId);
  const pendingRedemptions = Number(pending?.n ?? 0);
  const blockers: ClosureBlocker[] = [];
  if (balance.available_in_cents > 0) blockers.push('available_balance');
  if (balance.pending_in_cents > 0) blockers.push('held_balance');
  if (pendingRedemptions > 0) blockers.push('pending_redemption');
  return {
    closable: blockers.length === 0,
    blockers,
    available_in_cents: balance.available_in_cents,
    pending_in_cents: balance.pending_in_cents,
    pending_redemptions: pendingRedemptions,
  };
}

function refusal(status: ClosureStatus): DomainError {
  if (status.blockers.includes('pending_redemption') && status.blockers.length === 1) {
    return new DomainError(
      'ACCOUNT_NOT_EMPTY',
      'A redemption is still on its way. You can close your account once it has completed.',
    );
  }
  return new DomainError('ACCOUNT_NOT_EMPTY');
}

/** A spend-only bonus the product gave is not the customer's money: it goes back on closure. */
async function forfeitBonus(tx: Tx, userId: string): Promise<void> {
  const cents = await bonusBalance(tx, userId);
  if (cents > 0) await returnBonus(tx, userId, cents, `bonus-closed:${userId}`);
}

/** Erases what names the person, in the closing transaction; the records of money stay. */
async function erasePersonalData(tx: Tx, userId: string): Promise<void> {
  await tx
    .update(users)
    .set({
      firstName: '',
      lastName: '',
      email: sql`'closed-' || ${users.id} || '@closed.invalid'`,
      emailVerifiedAt: null,
      phoneNumber: sql`'closed:' || ${users.id}`,
      dateOfBirth: ERASED_DATE_OF_BIRTH,
      closedAt: sql`now()`,
    })
    .where(eq(users.id, userId));
  await tx.delete(addresses).where(eq(addresses.userId, userId));
  await tx.delete(emailVerifications).where(eq(emailVerifications.userId, userId));
  // A notice names the old and new contact; its "This wasn't me" link has nothing left to undo.
  await tx.delete(contactChangeNotices).where(eq(contactChangeNotices.userId, userId));
  await revokeOtherSessions(tx, userId, null, 'account_closed');
  const own = tx.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, userId));
  await tx.delete(refreshTokens).where(inArray(refreshTokens.sessionId, own));
  await tx
    .update(sessions)
    .set({ deviceHash: null, userAgent: null })
    .where(eq(sessions.userId, userId));
  await tx
    .update(auditEvents)
    .set({ deviceHash: null, userAgent: null, ip: null })
    .where(eq(auditEvents.userId, userId));
  // A code sent before the closure can never sign in or act for the account afterwards.
  await tx
    .update(otpAttempts)
    .set({
      consumedAt: sql`coalesce(${otpAttempts.consumedAt}, now())`,
      destination: '',
      signupDetails: null,
    })
    .where(eq(otpAttempts.userId, userId));
  await tx.delete(analyticsEvents).where(eq(analyticsEvents.userId, userId));
  // The sealed card and account numbers are shredded: the rows stay (payout records point at
  // them through the card and the account), holding nothing that can be opened.
  await tx
    .update(vaultCards)
    .set({ sealedNumber: '' })
    .where(
      inArray(
        vaultCards.token,
        tx.select({ token: cards.vaultToken }).from(cards).where(eq(cards.userId, userId)),
      ),
    );
  await tx
    .update(vaultBankAccounts)
    .set({ sealedNumber: '' })
    .where(
      inArray(
        vaultBankAccounts.token,
        tx
          .select({ token: bankAccounts.vaultToken })
          .from(bankAccounts)
          .where(eq(bankAccounts.userId, userId)),
      ),
    );
  await tx
    .update(cards)
    .set({ removedAt: new Date() })
    .where(and(eq(cards.userId, userId), isNull(cards.removedAt)));
  await tx
    .update(bankAccounts)
    .set({ removedAt: new Date() })
    .where(and(eq(bankAccounts.userId, userId), isNull(bankAccounts.removedAt)));
}

export function createAccountClosure(deps: AccountClosureDeps) {
  const { db } = deps;

  return {
    /** Whether the account can be closed now, and what keeps it open. */
    status: (userId: string): Promise<ClosureStatus> => closureStatus(deps, db, userId),

    /** Texts the passcode that closes the account; refused at once while money remains. */
    async startClosure(userId: string, ip: string): Promise<OtpChallenge> {
      const status = await closureStatus(deps, db, userId);
      if (!status.closable) throw refusal(status);
      return deps.otp.beginForCustomer(userId, 'CLOSE_ACCOUNT', ip);
    },

    /**
     * Closes the account with the passcode texted for it. Under the account's row lock, which
     * every credit to the customer takes first (lockOpenCustomer): a claim racing the closure
     * either lands before the balance is read here, and the closure is refused, or waits and
     * is refused itself. A refusal for money leaves the passcode unused; a wrong passcode is
     * counted (the transaction commits) and changes nothing else.
     */
    async close(
      userId: string,
      passcode: { attempt_id: string; code: string },
      context: AuditContext,
    ): Promise<{ closed_at: string }> {
      const outcome = await transactionRetrying(
        db,
        async (tx) => {
          const [user] = await tx
            .select({ id: users.id })
            .from(users)
            .where(and(eq(users.id, userId), isNull(users.closedAt)))
            .for('update');
          if (!user) return { refused: new DomainError('UNAUTHORIZED') };
          const status = await closureStatus(deps, tx, userId);
          if (!status.closable) return { refused: refusal(status) };
          const checked = await deps.otp.consumeOwnCode(
            tx,
            userId,
            passcode.attempt_id,
            passcode.code,
            CLOSE_ACCOUNT,
          );
          if (checked instanceof DomainError) return { refused: checked };
          await forfeitBonus(tx, userId);
          await erasePersonalData(tx, userId);
          await recordAudit(tx, userId, 'account_closed', [], {
            ...context,
            deviceHash: null,
            userAgent: null,
            ip: null,
          });
          const [closed] = await tx
            .select({ at: users.closedAt })
            .from(users)
            .where(eq(users.id, userId));
          return { closedAt: closed?.at ?? new Date() };
        },
        { conflicts: true },
      );
      if ('refused' in outcome) throw outcome.refused;
      deps.onClosed(userId);
      return { closed_at: outcome.closedAt.toISOString() };
    },
  };
}

export type AccountClosure = ReturnType<typeof createAccountClosure>;
