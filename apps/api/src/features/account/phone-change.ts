import type { OtpChallenge } from '@refund/contracts/auth';
import { maskPhone } from '@refund/contracts/format';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { otpAttempts, users } from '../../db/schema';
import { DomainError } from '../../domain/domain-error';
import type { JobQueue } from '../../jobs/job-queue';
import type { OtpService } from '../auth/otp-service';
import { findUserIdByPhone, revokeOtherSessions, uniqueViolation } from '../auth/users';
import { recordAudit, type AuditContext } from '../auth/audit';
import type { ContactChangeReports } from './contact-change-reports';
import type { ProveStepUp } from './contact-step-up';

export interface PhoneChangeDeps {
  db: Db;
  otp: Pick<OtpService, 'begin' | 'resend' | 'consumeOwnCode'>;
  jobs: Pick<JobQueue, 'sendMessageIn'>;
  brandName: string;
  contactChanges: Pick<ContactChangeReports, 'noticeIn'>;
  /** The account's other sessions ended: this process checks its sessions again. */
  onSessionsEnded?: (userId: string) => void;
}

const PURPOSE = ['CHANGE_PHONE'] as const;

/**
 * A change of phone number: it starts with a code texted to the current number (the step-up),
 * then a code goes to the new number, and only that code changes it. The old number is then told
 * by SMS (with the new number's last four digits at most) with a link to say "This wasn't me",
 * and every other session of the account ends (ADR 0026).
 */
export function createPhoneChange(deps: PhoneChangeDeps) {
  const { db } = deps;

  async function currentPhone(userId: string): Promise<string> {
    const [row] = await db
      .select({ phone: users.phoneNumber })
      .from(users)
      .where(eq(users.id, userId));
    if (!row) throw new DomainError('UNAUTHORIZED');
    return row.phone;
  }

  return {
    async start(
      userId: string,
      phone: string,
      proveStepUp: ProveStepUp,
      ip: string,
    ): Promise<OtpChallenge> {
      if ((await currentPhone(userId)) === phone) throw new DomainError('PHONE_UNCHANGED');
      if (await findUserIdByPhone(db, phone)) {
        throw new DomainError('PHONE_TAKEN', 'This phone number belongs to another account.');
      }
      // The current number's code is spent only once the new number is known to be usable; a
      // wrong one is counted though the request fails, so the refusal is thrown after commit.
      const refusal = await db.transaction(proveStepUp);
      if (refusal) throw refusal;
      return deps.otp.begin(
        {
          purpose: 'CHANGE_PHONE',
          channel: 'sms',
          destination: phone,
          userId,
          refundId: null,
          signupDetails: null,
        },
        ip,
      );
    },

    async resend(userId: string, attemptId: string, ip: string): Promise<OtpChallenge> {
      const [attempt] = await db
        .select({ userId: otpAttempts.userId })
        .from(otpAttempts)
        .where(eq(otpAttempts.id, attemptId));
      // Someone else's attempt is not resent: it would text their new number on our request.
      if (attempt?.userId !== userId) throw new DomainError('NOT_FOUND', 'No such phone change.');
      return deps.otp.resend(attemptId, PURPOSE, ip);
    },

    async verify(
      userId: string,
      attemptId: string,
      code: string,
      context: AuditContext,
    ): Promise<void> {
      // A wrong code must be counted though the request fails: the refusal is thrown after commit.
      const refusal = await db.transaction(async (tx) => {
        const [user] = await tx
          .select({ phone: users.phoneNumber })
          .from(users)
          .where(eq(users.id, userId))
          .for('update');
        if (!user) return new DomainError('UNAUTHORIZED');
        const checked = await deps.otp.consumeOwnCode(tx, userId, attemptId, code, PURPOSE);
        if (checked instanceof DomainError) return checked;
        const phone = checked.destination;
        if (phone === user.phone) return new DomainError('PHONE_UNCHANGED');
        try {
          // In a savepoint: a number another account took meanwhile fails on the unique index.
          await tx.transaction((inner) =>
            inner.update(users).set({ phoneNumber: phone }).where(eq(users.id, userId)),
          );
        } catch (error) {
          if (uniqueViolation(error) !== 'phone') throw error;
          return new DomainError('PHONE_TAKEN', 'This phone number belongs to another account.');
        }
        await recordAudit(tx, userId, 'phone_changed', ['phone_number'], context);
        // The number signs the account in: every other device signs in again with the new one.
        await revokeOtherSessions(tx, userId, context.sessionId, 'contact_changed');
        const link = await deps.contactChanges.noticeIn(tx, {
          userId,
          kind: 'phone',
          previousValue: user.phone,
          newValue: phone,
        });
        await deps.jobs.sendMessageIn(tx, {
          channel: 'sms',
          to: user.phone,
          body: `The phone number on your ${deps.brandName} account was changed to ${maskPhone(phone)}. If this wasn't you, open ${link}`,
        });
        return null;
      });
      if (refusal) throw refusal;
      deps.onSessionsEnded?.(userId);
    },
  };
}

export type PhoneChange = ReturnType<typeof createPhoneChange>;
