import type { OtpChallenge } from '@refund/contracts/auth';
import type { CurrentPhonePasscode } from '@refund/contracts/profile';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/database';
import { users } from '../../db/schema';
import { DomainError } from '../../domain/domain-error';
import type { OtpService } from '../auth/otp-service';

const CONTACT_CHANGE = ['CONTACT_CHANGE'] as const;

/**
 * The proof a change of e-mail or phone number asks for besides the session: a code texted to
 * the account's current phone (ADR 0026). Someone holding only a copied session cannot give it.
 */
export function createContactStepUp(otp: Pick<OtpService, 'beginForCustomer' | 'consumeOwnCode'>) {
  return {
    /** Texts a code to the account's current phone. */
    begin(userId: string, ip: string): Promise<OtpChallenge> {
      return otp.beginForCustomer(userId, 'CONTACT_CHANGE', ip);
    },

    /**
     * Uses up the code in `tx`; answers the refusal instead of throwing it, so the caller can
     * commit a wrong try's count before it answers.
     */
    async prove(
      tx: Tx,
      userId: string,
      passcode: CurrentPhonePasscode,
    ): Promise<DomainError | null> {
      const checked = await otp.consumeOwnCode(
        tx,
        userId,
        passcode.attempt_id,
        passcode.code,
        CONTACT_CHANGE,
      );
      if (checked instanceof DomainError) return checked;
      // A code sent to a number the account no longer has proves nothing about it now.
      const [user] = await tx
        .select({ phone: users.phoneNumber })
        .from(users)
        .where(eq(users.id, userId));
      return user?.phone === checked.destination ? null : new DomainError('INCORRECT_OTP');
    },
  };
}

export type ContactStepUp = ReturnType<typeof createContactStepUp>;

/** What a change of contact runs to check the step-up code in its own transaction. */
export type ProveStepUp = (tx: Tx) => Promise<DomainError | null>;
