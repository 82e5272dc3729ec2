import { createHash, randomBytes } from 'node:crypto';
import { maskEmail, maskPhone } from '@refund/contracts/format';
import type { ContactChangeNotice, ContactChangeReport } from '@refund/contracts/profile';
import { and, eq } from 'drizzle-orm';
import type { Db, Queryable, Tx } from '../../db/database';
import { contactChangeNotices, users } from '../../db/schema';
import { DomainError } from '../../domain/domain-error';
import { proveEmail, revokeOtherSessions, uniqueViolation } from '../auth/users';
import { recordAudit, type AuditContext } from '../auth/audit';

/** A notice's link works as long as an e-mail link does: a week. */
const LINK_LIFETIME_MS = 7 * 86_400_000;
const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export interface ContactChange {
  userId: string;
  kind: 'phone' | 'email';
  previousValue: string;
  newValue: string;
}

export interface ContactChangeReportsDeps {
  db: Db;
  publicUrl: string;
  /** The account's sessions ended or its contact changed: caches read it again. */
  onAccountChanged: (userId: string) => void;
}

/** Thrown inside a savepoint to undo putting back a contact another account now holds. */
class ContactTaken extends Error {}

/**
 * "This wasn't me" on the notice sent to a replaced phone number or e-mail (ADR 0026). The link
 * reached the old contact, which proves its holder owned it: choosing it puts the old contact
 * back, signs every device out and pauses withdrawals until the owner signs in again. When the old
 * contact cannot be put back (another account holds it now), withdrawals stay paused until
 * support has checked the account.
 */
export function createContactChangeReports(deps: ContactChangeReportsDeps) {
  const { db } = deps;
  const base = deps.publicUrl.replace(/\/$/, '');

  async function liveNotice(q: Queryable, token: string, lock: boolean) {
    const query = q
      .select()
      .from(contactChangeNotices)
      .where(eq(contactChangeNotices.tokenHash, hashToken(token)));
    const [row] = lock ? await query.for('update') : await query;
    if (!row || row.expiresAt.getTime() <= Date.now()) return null;
    return row;
  }

  /** Puts the old contact back when the account still has the reported one; false if it can't. */
  async function restore(
    tx: Tx,
    notice: typeof contactChangeNotices.$inferSelect,
    current: { phoneNumber: string; email: string },
  ): Promise<boolean> {
    const { userId, kind, previousValue, newValue } = notice;
    const now = kind === 'phone' ? current.phoneNumber : current.email;
    if (now === previousValue) return true;
    // Changed again since: the account's contact is no longer the one reported.
    if (now !== newValue) return false;
    try {
      await tx.transaction(async (inner) => {
        if (kind === 'phone') {
          await inner.update(users).set({ phoneNumber: previousValue }).where(eq(users.id, userId));
          return;
        }
        await inner
          .update(users)
          .set({ email: previousValue, emailVerifiedAt: null })
          .where(eq(users.id, userId));
        // The link reached the old address: that proves it, unless another account proved it.
        if ((await proveEmail(inner, userId, previousValue)) !== 'verified') {
          throw new ContactTaken();
        }
      });
      return true;
    } catch (error) {
      if (error instanceof ContactTaken || uniqueViolation(error) === 'phone') return false;
      throw error;
    }
  }

  return {
    /** Records a change told to the contact it replaced; answers the link the notice carries. */
    async noticeIn(tx: Tx, change: ContactChange): Promise<string> {
      const token = randomBytes(32).toString('base64url');
      await tx.insert(contactChangeNotices).values({
        ...change,
        tokenHash: hashToken(token),
        expiresAt: new Date(Date.now() + LINK_LIFETIME_MS),
      });
      return `${base}/report-change?id=${token}`;
    },

    /** What changed, for whoever holds the link: the new contact masked, never in full. */
    async inspect(token: string): Promise<ContactChangeNotice> {
      const row = await liveNotice(db, token, false);
      if (!row) throw new DomainError('CONTACT_CHANGE_LINK_INVALID');
      return {
        kind: row.kind,
        new_value: row.kind === 'phone' ? maskPhone(row.newValue) : maskEmail(row.newValue),
        changed_at: row.createdAt.toISOString(),
        reported: row.reportedAt !== null,
      };
    },

    /** "This wasn't me". Choosing it again answers what the first choice did. */
    async report(token: string, context: AuditContext): Promise<ContactChangeReport> {
      const outcome = await db.transaction(async (tx) => {
        const notice = await liveNotice(tx, token, true);
        if (!notice) throw new DomainError('CONTACT_CHANGE_LINK_INVALID');
        const [user] = await tx
          .select({
            phoneNumber: users.phoneNumber,
            email: users.email,
            paused: users.withdrawalsPaused,
          })
          .from(users)
          .where(eq(users.id, notice.userId))
          .for('update');
        if (!user) throw new DomainError('CONTACT_CHANGE_LINK_INVALID');
        if (notice.reportedAt) {
          return { userId: notice.userId, restored: user.paused !== 'until_support' };
        }
        const restored = await restore(tx, notice, user);
        await tx
          .update(contactChangeNotices)
          .set({ reportedAt: new Date() })
          .where(eq(contactChangeNotices.id, notice.id));
        await tx
          .update(users)
          .set({ withdrawalsPaused: restored ? 'until_sign_in' : 'until_support' })
          .where(eq(users.id, notice.userId));
        // Whoever made the change is signed out with every other device; the owner signs in again.
        await revokeOtherSessions(tx, notice.userId, null, 'contact_change_reported');
        await recordAudit(
          tx,
          notice.userId,
          'contact_change_reported',
          [notice.kind === 'phone' ? 'phone_number' : 'email'],
          { ...context, sessionId: null },
        );
        return { userId: notice.userId, restored };
      });
      deps.onAccountChanged(outcome.userId);
      return {
        contact_restored: outcome.restored,
        message: outcome.restored
          ? 'Thank you. We have put your previous contact details back, signed every device out of your account and paused withdrawals. Sign in again to resume them.'
          : 'Thank you. We have signed every device out of your account and paused withdrawals. Please contact our support so that we can give you back your account.',
      };
    },

    /** A sign-in by the account's owner ends a pause that waited for it (in the sign-in's tx). */
    async resumeOnSignIn(tx: Tx, userId: string, context: AuditContext): Promise<void> {
      const resumed = await tx
        .update(users)
        .set({ withdrawalsPaused: null })
        .where(and(eq(users.id, userId), eq(users.withdrawalsPaused, 'until_sign_in')))
        .returning({ id: users.id });
      if (resumed.length > 0) await recordAudit(tx, userId, 'withdrawals_resumed', [], context);
    },
  };
}

export type ContactChangeReports = ReturnType<typeof createContactChangeReports>;
