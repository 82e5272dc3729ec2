import type { OtpChallenge } from '@refund/contracts/auth';
import type { Db, Tx } from '../../db/database';
import { DomainError } from '../../domain/domain-error';
import type { AccessTokens } from './access-token';
import type { AuditContext } from './audit';
import { createOtpAttempts, type NewAttempt, type Purpose } from './otp-attempts';
import { challenge, createOtpSends, type OtpSendsDeps } from './otp-sends';
import type { SessionStore } from './sessions';
import { createSignInCodes } from './sign-in-codes';
import { phoneOf } from './users';

export {
  attemptOf,
  openAttempt,
  type Attempt,
  type NewAttempt,
  type Purpose,
} from './otp-attempts';
export type { SendAllowance } from './otp-sends';
export { answerSignedIn, type SignedIn } from './sign-in-codes';

export interface OtpServiceDeps extends OtpSendsDeps {
  db: Db;
  /** Runs in the transaction that creates an account at sign-up (its email's verification). */
  onAccountCreated?: (tx: Tx, userId: string) => Promise<void>;
  /** Runs in the transaction of every sign-in, after its session starts (a pause it ends). */
  onSignedIn?: (tx: Tx, userId: string, context: AuditContext) => Promise<void>;
  sessions: SessionStore;
  accessTokens: AccessTokens;
  secret: string;
}

/**
 * One-time codes, the one service every feature asks: the attempts a code lives in
 * (otp-attempts.ts), the allowances and messages of sending one (otp-sends.ts), and per purpose
 * what a code is for: signing in (sign-in-codes.ts), or a signed-in customer's step-up (a
 * withdrawal, a contact change, a card's number), checked by the feature that asked for it.
 */
export function createOtpService(deps: OtpServiceDeps) {
  const { db } = deps;
  const attempts = createOtpAttempts(deps);
  const sends = createOtpSends(deps);

  async function begin(attempt: NewAttempt, ip: string): Promise<OtpChallenge> {
    await sends.prepare();
    const { id } = await db.transaction(async (tx) => {
      await sends.admit(tx, attempt.purpose, attempt.destination, ip);
      const inserted = await attempts.insert(tx, attempt);
      await sends.deliver(tx, inserted.id, attempt.channel, attempt.destination, inserted.code);
      return inserted;
    });
    return challenge(id, attempt.channel, attempt.destination);
  }

  async function resend(
    attemptId: string,
    purposes: readonly Purpose[],
    ip: string,
  ): Promise<OtpChallenge> {
    await sends.prepare();
    const sent = await db.transaction(async (tx) => {
      const attempt = await attempts.lockOpen(tx, attemptId, purposes);
      if (!attempt) {
        throw new DomainError('OTP_EXPIRED', 'This verification has ended. Please start again.');
      }
      const waitMs = attempt.resendAvailableAt.getTime() - Date.now();
      if (waitMs > 0) {
        throw new DomainError(
          'RESEND_TOO_SOON',
          `Please wait ${Math.ceil(waitMs / 1000)} seconds before requesting a new code.`,
          { retryAfterSeconds: waitMs / 1000 },
        );
      }
      await sends.admit(tx, attempt.purpose, attempt.destination, ip);
      const code = await attempts.renew(tx, attempt);
      await sends.deliver(tx, attempt.id, attempt.channel, attempt.destination, code);
      return { channel: attempt.channel, destination: attempt.destination };
    });
    return challenge(attemptId, sent.channel, sent.destination);
  }

  const signIns = createSignInCodes({ ...deps, attempts, sends, begin });

  return {
    begin,
    resend,
    verify: signIns.verify,
    signUp: signIns.signUp,
    signIn: signIns.signIn,
    verifySignIn: signIns.verifySignIn,
    consumeCode: attempts.consumeCode,
    consumeOwnCode: attempts.consumeOwnCode,
    useOwnCode: attempts.useOwnCode,
    codeHash: attempts.codeHash,

    /** Texts the signed-in customer a code for `purpose` (a withdrawal, opening a gift card). */
    async beginForCustomer(userId: string, purpose: Purpose, ip: string): Promise<OtpChallenge> {
      const phone = await phoneOf(db, userId);
      if (!phone) throw new DomainError('UNAUTHORIZED');
      return begin(
        {
          purpose,
          channel: 'sms',
          destination: phone,
          userId,
          refundId: null,
          signupDetails: null,
        },
        ip,
      );
    },
  };
}

export type OtpService = ReturnType<typeof createOtpService>;
