import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { emailVerifications, users } from '../../db/schema';
import { AppError } from '../../http/app-error';
import type { JobQueue } from '../../jobs/job-queue';

const LINK_LIFETIME_MS = 7 * 86_400_000;
const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export interface EmailVerificationDeps {
  db: Db;
  jobs: Pick<JobQueue, 'sendMessage'>;
  publicUrl: string;
  brandName: string;
  onVerified: (userId: string) => void;
}

/** Magic links that prove an email address: random, stored hashed, single use, a week long. */
export function createEmailVerification(deps: EmailVerificationDeps) {
  return {
    async send(userId: string): Promise<void> {
      const [user] = await deps.db
        .select({ email: users.email, firstName: users.firstName, verified: users.emailVerifiedAt })
        .from(users)
        .where(eq(users.id, userId));
      if (!user || user.verified) return;
      const token = randomBytes(32).toString('base64url');
      await deps.db.insert(emailVerifications).values({
        userId,
        email: user.email,
        tokenHash: hashToken(token),
        expiresAt: new Date(Date.now() + LINK_LIFETIME_MS),
      });
      const link = `${deps.publicUrl.replace(/\/$/, '')}/intent?id=${token}`;
      await deps.jobs.sendMessage({
        channel: 'email',
        to: user.email,
        subject: `Verify your email for ${deps.brandName}`,
        text: `Hi ${user.firstName},\n\nPlease verify your email address by opening this link:\n${link}\n\nThe link works for 7 days.`,
      });
    },

    async verify(token: string): Promise<{ message: string }> {
      const userId = await deps.db.transaction(async (tx) => {
        const [row] = await tx
          .select()
          .from(emailVerifications)
          .where(eq(emailVerifications.tokenHash, hashToken(token)))
          .for('update');
        if (!row || row.usedAt || row.expiresAt.getTime() <= Date.now())
          throw new AppError('EMAIL_LINK_INVALID');
        await tx
          .update(emailVerifications)
          .set({ usedAt: new Date() })
          .where(eq(emailVerifications.id, row.id));
        // The link proves the address it was sent to; if the account's email changed since, it
        // proves nothing about the new one.
        const updated = await tx
          .update(users)
          .set({ emailVerifiedAt: new Date() })
          .where(
            and(
              eq(users.id, row.userId),
              eq(users.email, row.email),
              isNull(users.emailVerifiedAt),
            ),
          )
          .returning({ id: users.id });
        if (updated.length === 0) {
          const [user] = await tx
            .select({ email: users.email })
            .from(users)
            .where(eq(users.id, row.userId));
          if (user?.email !== row.email) throw new AppError('EMAIL_LINK_INVALID');
        }
        return row.userId;
      });
      deps.onVerified(userId);
      return { message: 'Your email has been verified.' };
    },
  };
}

export type EmailVerification = ReturnType<typeof createEmailVerification>;
