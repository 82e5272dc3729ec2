import { createHash, randomBytes } from 'node:crypto';
import { maskEmail, maskPhone } from '@refund/contracts/format';
import { and, desc, eq, gte, isNull, ne } from 'drizzle-orm';
import type { EmailLink } from '@refund/contracts/refunds';
import type { Db, Queryable, Tx } from '../../db/database';
import { emailVerifications, users } from '../../db/schema';
import { DomainError, minutesToWait } from '../../domain/domain-error';
import type { JobQueue } from '../../jobs/job-queue';
import { noAuditContext, recordAudit, type AuditContext } from './audit';
import { findUserIdByVerifiedEmail, proveEmail, revokeOtherSessions } from './users';

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
  /** Records the change told to the replaced address; answers the link its notice carries. */
  contactChanges: {
    noticeIn(
      tx: Tx,
      change: { userId: string; kind: 'email'; previousValue: string; newValue: string },
    ): Promise<string>;
  };
  onVerified: (userId: string) => void;
}

/** Thrown inside a savepoint to undo a change of e-mail whose address another account owns. */
class AddressTaken extends Error {}

/**
 * Magic links that prove an email address: random, stored hashed, single use, a week long. A link
 * to an address other than the account's is a change of e-mail: confirming it makes the address
 * the account's, verified. Only the account that asked can confirm its link, in its own signed-in
 * session; whoever holds the link can see which account asked and refuse it (ADR 0011).
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
    // Claims follow the e-mail: every other device signs in again (the confirming one stays).
    await revokeOtherSessions(tx, userId, context.sessionId, 'contact_changed');
    const link = await deps.contactChanges.noticeIn(tx, {
      userId,
      kind: 'email',
      previousValue: oldEmail,
      newValue: newEmail,
    });
    await deps.jobs.sendMessageIn(tx, {
      channel: 'email',
      to: oldEmail,
      subject: `Your ${deps.brandName} e-mail address was changed`,
      text: `Hello,\n\nThe e-mail address of your ${deps.brandName} account was changed to ${maskEmail(newEmail)}. Messages about your account now go there.\n\nIf you did not make this change, open this link and choose "This wasn't me": we will put this address back, sign every device out of your account and pause withdrawals until you sign in again.\n${link}\n\nThe link works for 7 days.`,
    });
    return null;
  }

  /** A live link by its token, or null when it is unknown, spent or expired. */
  async function liveLink(q: Queryable, token: string, lock: boolean) {
    const query = q
      .select()
      .from(emailVerifications)
      .where(eq(emailVerifications.tokenHash, hashToken(token)));
    const [row] = lock ? await query.for('update') : await query;
    if (!row || row.usedAt || row.expiresAt.getTime() <= Date.now()) return null;
    return row;
  }

  return {
    /**
     * What the link asks, for whoever opened it: the address, the account that asked (its phone,
     * masked), and whether the signed-in account (`viewerId`) is that account.
     */
    async inspect(token: string, viewerId: string | null): Promise<EmailLink> {
      const row = await liveLink(deps.db, token, false);
      if (!row) throw new DomainError('EMAIL_LINK_INVALID');
      const [user] = await deps.db
        .select({ email: users.email, phoneNumber: users.phoneNumber })
        .from(users)
        .where(eq(users.id, row.userId));
      if (!user) throw new DomainError('EMAIL_LINK_INVALID');
      return {
        email: row.email,
        phone_number: maskPhone(user.phoneNumber),
        purpose: user.email === row.email ? 'verify' : 'change',
        for_signed_in_account: viewerId === null ? null : viewerId === row.userId,
      };
    },

    /**
     * "This wasn't me": the link is spent without proving anything, and the account that asked
     * for it finds the refusal in its security activity. Anyone holding the link may refuse it.
     */
    async decline(token: string, context: AuditContext): Promise<{ message: string }> {
      const userId = await deps.db.transaction(async (tx) => {
        const row = await liveLink(tx, token, true);
        if (!row) throw new DomainError('EMAIL_LINK_INVALID');
        await tx
          .update(emailVerifications)
          .set({ usedAt: new Date() })
          .where(eq(emailVerifications.id, row.id));
        // Recorded against the account that asked, without the decliner's own session.
        await recordAudit(tx, row.userId, 'email_link_declined', ['email'], {
          ...context,
          sessionId: null,
        });
        return row.userId;
      });
      deps.onVerified(userId);
      return { message: 'Thank you. This link has been cancelled and will not be used.' };
    },

    /**
     * Starts a change of e-mail: a link goes to the new address, and the account keeps its
     * e-mail until the link is opened. A newer request supersedes an older one's link.
     */
    async requestChange(
      userId: string,
      email: string,
      /** Uses up the code texted to the current phone, in `tx`; answers a refusal (ADR 0026). */
      proveStepUp: (tx: Tx) => Promise<DomainError | null>,
      context: AuditContext,
    ): Promise<void> {
      const refusal = await deps.db.transaction(async (tx) => {
        const [user] = await tx
          .select({
            email: users.email,
            firstName: users.firstName,
            phoneNumber: users.phoneNumber,
          })
          .from(users)
          .where(eq(users.id, userId))
          .for('update');
        if (!user) throw new DomainError('UNAUTHORIZED');
        if (user.email === email) throw new DomainError('EMAIL_UNCHANGED');
        const owner = await findUserIdByVerifiedEmail(tx, email);
        if (owner && owner !== userId) throw new DomainError('EMAIL_TAKEN');
        // Checked once the address is known to be usable: a wrong code is counted (committed)
        // though the request fails.
        const stepUp = await proveStepUp(tx);
        if (stepUp) return stepUp;
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
          // Names the account that asked, as the sign-up's link does: its recipient can tell a
          // request that is not theirs, and refuse it from the page the link opens.
          text: `Hi ${user.firstName},\n\nPlease confirm that this is the new e-mail address of your ${deps.brandName} account with the phone number ${maskPhone(user.phoneNumber)} by opening this link and signing in to that account:\n${link}\n\nThe link works for 7 days. Until you confirm it, your account keeps its current e-mail address. If you did not ask for this, open the link and choose "This wasn't me".`,
        });
        await recordAudit(tx, userId, 'email_change_requested', ['email'], context);
        return null;
      });
      if (refusal) throw refusal;
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
        text: `Hi ${user.firstName},\n\nPlease verify your email address for the ${deps.brandName} account with the phone number ${maskPhone(user.phoneNumber)} by opening this link and signing in to that account:\n${link}\n\nThe link works for 7 days. If you did not sign up with that number, open the link and choose "This wasn't me".`,
      });
    },

    /**
     * Confirms the link, for the signed-in account `userId` only: a link another account asked
     * for is refused and left as it is, so opening a link can never give its address to an
     * account other than the one whose owner confirms it.
     */
    async verify(
      token: string,
      userId: string,
      context: AuditContext = noAuditContext,
    ): Promise<{ message: string }> {
      const outcome = await deps.db.transaction(async (tx) => {
        const row = await liveLink(tx, token, true);
        if (!row) throw new DomainError('EMAIL_LINK_INVALID');
        if (row.userId !== userId) throw new DomainError('EMAIL_LINK_OTHER_ACCOUNT');
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
