import { createHash, randomBytes } from 'node:crypto';
import { maskPhone } from '@refund/contracts/format';
import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/database';
import { emailVerifications, users } from '../../db/schema';
import { DomainError } from '../../domain/domain-error';
import type { JobQueue } from '../../jobs/job-queue';
import { proveEmail } from './users';

const LINK_LIFETIME_MS = 7 * 86_400_000;
const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export interface EmailVerificationDeps {
  db: Db;
  jobs: Pick<JobQueue, 'sendMessageIn'>;
  publicUrl: string;
  brandName: string;
  onVerified: (userId: string) => void;
}

/** Magic links that prove an email address: random, stored hashed, single use, a week long. */
export function createEmailVerification(deps: EmailVerificationDeps) {
  return {
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
      const token = randomBytes(32).toString('base64url');
      await tx.insert(emailVerifications).values({
        userId,
        email: user.email,
        tokenHash: hashToken(token),
        expiresAt: new Date(Date.now() + LINK_LIFETIME_MS),
      });
      const link = `${deps.publicUrl.replace(/\/$/, '')}/intent?id=${token}`;
      await deps.jobs.sendMessageIn(tx, {
        channel: 'email',
        to: user.email,
        subject: `Verify your email for ${deps.brandName}`,
        // Anyone can type any address at sign-up: the message names the account that asked, so
        // its recipient does not prove the address for someone else's account.
        text: `Hi ${user.firstName},\n\nPlease verify your email address for the ${deps.brandName} account with the phone number ${maskPhone(user.phoneNumber)} by opening this link:\n${link}\n\nThe link works for 7 days. If you did not sign up with that number, ignore this email.`,
      });
    },

    async verify(token: string): Promise<{ message: string }> {
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
        // The link proves the address it was sent to, for the account that asked. If the
        // account's email changed since, or another account proved the address first, it
        // proves nothing (ADR 0011).
        if ((await proveEmail(tx, row.userId, row.email)) !== 'verified') {
          return new DomainError('EMAIL_LINK_INVALID');
        }
        return row.userId;
      });
      // A spent link stays spent even when it proved nothing: commit, then answer the refusal.
      if (outcome instanceof DomainError) throw outcome;
      deps.onVerified(outcome);
      return { message: 'Your email has been verified.' };
    },
  };
}

export type EmailVerification = ReturnType<typeof createEmailVerification>;
