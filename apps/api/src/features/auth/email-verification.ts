import { createHash, randomBytes } from 'node:crypto';
import { maskEmail, maskPhone } from '@refund/contracts/format';
import { and, desc, eq, gte, isNull, ne } from 'drizzle-orm';
import type { Db, Tx } from '../../db/database';
import { emailVerifications, users } from '../../db/schema';
import { DomainError, minutesToWait } from '../../domain/domain-error';
import type { JobQueue } from '../../jobs/job-queue';
import { noAuditContext, recordAudit, type AuditContext } from '../account/audit';
import { findUserIdByVerifiedEmail, proveEmail } from './users';

const LINK_LIFETIME_MS = 7 * 86_400_000;
/** Changes of e-mail one account can ask for in an hour: each sends an e-mail to any address. */
const CHANGES_PER_HOUR = 5;
const HOUR_MS = 3_600_000;
const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export interface EmailVerificationDeps {
  db: Db;
  jobs: Pick<JobQueue, 'sendMessageIn'>;
  publicUrl: string;
  brandName: string;
  onVerified: (userId: string) => void;
}

/** Thrown inside a savepoint to undo a change of e-mail whose address another account owns. */
class AddressTaken extends Error {}

/**
 * Magic links that prove an email address: random, stored hashed, single use, a week long. A link
 * to an address other than the account's is a change of e-mail: opening it makes the address the
 * account's, verified.
 */
export function createEmailVerification(deps: EmailVerificationDeps) {
  const base = deps.publicUrl.replace(/\/$/, '');

  async function storeLink(tx: Tx, userId: string, email: string): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    await tx.insert(emailVerifications).values({
      userId,
      email,
      tokenHash: hashToken(token),
      expiresAt: new Date(Date.now() + LINK_LIFETIME_MS),
    });
    return `${base}/intent?id=${token}`;
  }

  /**
   * Makes the link's address the account's e-mail, verified, and tells the old address. Answers
   * a refusal when another account proved the address since the link was sent.
   */
  async function applyChange(
    tx: Tx,
    userId: string,
    newEmail: string,
    oldEmail: string,
    context: AuditContext,
  ): Promise<DomainError | null> {
    try {
      await tx.transaction(async (inner) => {
        await inner
          .update(users)
          .set({ email: newEmail, emailVerifiedAt: null })
          .where(eq(users.id, userId));
        if ((await proveEmail(inner, userId, newEmail)) !== 'verified') throw new AddressTaken();
      });
    } catch (error) {
      if (!(error instanceof AddressTaken)) throw error;
      return new DomainError(
        'EMAIL_TAKEN',
        'This e-mail address now belongs to another account, so it cannot be used for yours.',
      );
    }
    // Links to the old address, or to another new one, prove nothing for this account any more.
    await tx
      .update(emailVerifications)
      .set({ usedAt: new Date() })
      .where(and(eq(emailVerifications.userId, userId), isNull(emailVerifications.usedAt)));
    await recordAudit(tx, userId, 'email_changed', ['email'], context);
    await deps.jobs.sendMessageIn(tx, {
      channel: 'email',
      to: oldEmail,
      subject: `Your ${deps.brandName} e-mail address was changed`,
      text: `Hello,\n\nThe e-mail address of your ${deps.brandName} account was changed to ${maskEmail(newEmail)}. Messages about your account now go there.\n\nIf you did not make this change, please contact our support right away.`,
    });
    return null;
  }

  return {
    /**
     * Starts a change of e-mail: a link goes to the new address, and the account keeps its
     * e-mail until the link is opened. A newer request supersedes an older one's link.
     */
    async requestChange(userId: string, email: string, context: AuditContext): Promise<void> {
      await deps.db.transaction(async (tx) => {
        const [user] = await tx
          .select({ email: users.email, firstName: users.firstName })
          .from(users)
          .where(eq(users.id, userId))
          .for('update');
        if (!user) throw new DomainError('UNAUTHORIZED');
        if (user.email === email) throw new DomainError('EMAIL_UNCHANGED');
        const owner = await findUserIdByVerifiedEmail(tx, email);
        if (owner && owner !== userId) throw new DomainError('EMAIL_TAKEN');
        // The limit-th most recent change within the hour: once it leaves the hour, one more fits.
        const [oldestCounted] = await tx
          .select({ at: emailVerifications.createdAt })
          .from(emailVerifications)
          .where(
            and(
              eq(emailVerifications.userId, userId),
              ne(emailVerifications.email, user.email),
              gte(emailVerifications.createdAt, new Date(Date.now() - HOUR_MS)),
            ),
          )
          .orderBy(desc(emailVerifications.createdAt))
          .offset(CHANGES_PER_HOUR - 1)
          .limit(1);
        if (oldestCounted) {
          const waitSeconds = (oldestCounted.at.getTime() + HOUR_MS - Date.now()) / 1000;
          throw new DomainError(
            'OTP_SEND_LIMIT',
            `Too many e-mail changes requested. Try again in ${minutesToWait(waitSeconds)}.`,
            { retryAfterSeconds: waitSeconds },
          );
        }
        await tx
          .update(emailVerifications)
          .set({ usedAt: new Date() })
          .where(
            and(
              eq(emailVerifications.userId, userId),
              ne(emailVerifications.email, user.email),
              isNull(emailVerifications.usedAt),
            ),
          );
        const link = await storeLink(tx, userId, email);
        await deps.jobs.sendMessageIn(tx, {
          channel: 'email',
          to: email,
          subject: `Confirm your new e-mail address for ${deps.brandName}`,
          text: `Hi ${user.firstName},\n\nPlease confirm that this is the new e-mail address of your ${deps.brandName} account by opening this link:\n${link}\n\nThe link works for 7 days. Until you open it, your account keeps its current e-mail address. If you did not ask for this, ignore this e-mail.`,
        });
        await recordAudit(tx, userId, 'email_change_requested', ['email'], context);
      });
      deps.onVerified(userId);
    },

    /**
     * Sends a new link, in the caller's transaction (the one that creates the account): the
     * link is stored and its email queued together, or neither (ADR 0013).
     */
    async sendIn(tx: Tx, userId: string): Promise<void> {
      const [user] = await tx
        .select({
          email: users.email,
          firstName: users.firstName,
          phoneNumber: users.phoneNumber,
          verified: users.emailVerifiedAt,
        })
        .from(users)
        .where(eq(users.id, userId));
      if (!user || user.verified) return;
      const link = await storeLink(tx, userId, user.email);
      await deps.jobs.sendMessageIn(tx, {
        channel: 'email',
        to: user.email,
        subject: `Verify your email for ${deps.brandName}`,
        // Anyone can type any address at sign-up: the message names the account that asked, so
        // its recipient does not prove the address for someone else's account.
        text: `Hi ${user.firstName},\n\nPlease verify your email address for the ${deps.brandName} account with the phone number ${maskPhone(user.phoneNumber)} by opening this link:\n${link}\n\nThe link works for 7 days. If you did not sign up with that number, ignore this email.`,
      });
    },

    async verify(
      token: string,
      context: AuditContext = noAuditContext,
    ): Promise<{ message: string }> {
      const outcome = await deps.db.transaction(async (tx) => {
        const [row] = await tx
          .select()
          .from(emailVerifications)
          .where(eq(emailVerifications.tokenHash, hashToken(token)))
          .for('update');
        if (!row || row.usedAt || row.expiresAt.getTime() <= Date.now())
          throw new DomainError('EMAIL_LINK_INVALID');
        await tx
          .update(emailVerifications)
          .set({ usedAt: new Date() })
          .where(eq(emailVerifications.id, row.id));
        const [user] = await tx
          .select({ email: users.email, verifiedAt: users.emailVerifiedAt })
          .from(users)
          .where(eq(users.id, row.userId))
          .for('update');
        if (!user) return new DomainError('EMAIL_LINK_INVALID');
        if (user.email !== row.email) {
          const refused = await applyChange(tx, row.userId, row.email, user.email, context);
          return (
            refused ?? { userId: row.userId, message: 'Your e-mail address has been changed.' }
          );
        }
        // The link proves the address it was sent to, for the account that asked. If another
        // account proved the address first, it proves nothing (ADR 0011).
        if ((await proveEmail(tx, row.userId, row.email)) !== 'verified') {
          return new DomainError('EMAIL_LINK_INVALID');
        }
        if (!user.verifiedAt)
          await recordAudit(tx, row.userId, 'email_verified', ['email'], context);
        return { userId: row.userId, message: 'Your email has been verified.' };
      });
      // A spent link stays spent even when it proved nothing: commit, then answer the refusal.
      if (outcome instanceof DomainError) throw outcome;
      deps.onVerified(outcome.userId);
      return { message: outcome.message };
    },
  };
}

export type EmailVerification = ReturnType<typeof createEmailVerification>;
