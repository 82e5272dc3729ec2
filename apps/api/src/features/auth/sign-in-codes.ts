import type { AccessTokenResponse, OtpChallenge } from '@refund/contracts/auth';
import type { Db, Tx } from '../../db/database';
import { DomainError } from '../../domain/domain-error';
import type { AccessTokens } from './access-token';
import { noAuditContext, recordAudit, type AuditContext } from './audit';
import type { Attempt, NewAttempt, OtpAttempts, Purpose } from './otp-attempts';
import { challenge, type OtpSends } from './otp-sends';
import type { SessionStore } from './sessions';
import {
  findTakenIdentifiers,
  findUserIdByPhone,
  insertUser,
  uniqueViolation,
  type NewUser,
} from './users';

export interface SignedIn extends AccessTokenResponse {
  refreshToken: string;
  userId: string;
  /** True when this verification created the account (a sign-up). */
  createdAccount: boolean;
}

/**
 * What a verified code answers, on every route that signs in: the access token in the body, the
 * refresh token handed to `setRefreshCookie` (an HttpOnly cookie), never in the body.
 */
export function answerSignedIn(
  signedIn: SignedIn,
  setRefreshCookie: (refreshToken: string) => void,
): AccessTokenResponse {
  setRefreshCookie(signedIn.refreshToken);
  return {
    access_token: signedIn.access_token,
    access_token_expiry_in_seconds: signedIn.access_token_expiry_in_seconds,
  };
}

export interface SignInCodesDeps {
  db: Db;
  attempts: OtpAttempts;
  sends: OtpSends;
  /** Sends a code for a new attempt (otp-service.ts). */
  begin(attempt: NewAttempt, ip: string): Promise<OtpChallenge>;
  sessions: SessionStore;
  accessTokens: AccessTokens;
  /** Runs in the transaction that creates an account at sign-up (its email's verification). */
  onAccountCreated?: (tx: Tx, userId: string) => Promise<void>;
  /** Runs in the transaction of every sign-in, after its session starts (a pause it ends). */
  onSignedIn?: (tx: Tx, userId: string, context: AuditContext) => Promise<void>;
}

/** Codes that sign a person in: sign-up, sign-in, and any code that starts a session (a claim's). */
export function createSignInCodes(deps: SignInCodesDeps) {
  const { db, attempts, sends } = deps;

  /**
   * Checks a code and, when it matches, signs the attempt's person in. `onVerified` runs in the
   * same transaction and names the account (creating it for a sign-up).
   */
  async function verify(
    attemptId: string,
    code: string,
    purposes: readonly Purpose[],
    onVerified: (tx: Tx, attempt: Attempt) => Promise<string | DomainError>,
    context: AuditContext = noAuditContext,
  ): Promise<SignedIn> {
    // Wrong tries must be counted even though the request fails, so the transaction returns
    // an outcome and the error is thrown after it commits.
    const outcome = await db.transaction(async (tx) => {
      const checked = await attempts.consumeCode(tx, attemptId, code, purposes);
      if (checked instanceof DomainError) return { error: checked };
      const attempt = checked;
      const userId = await onVerified(tx, attempt);
      if (userId instanceof DomainError) return { error: userId };
      const signUp = attempt.purpose === 'SIGN_UP';
      // A device is new when this customer never signed in from it (or it sent no id).
      const knownDevice = await deps.sessions.knowsDevice(tx, userId, context.deviceHash);
      const session = await deps.sessions.start(tx, userId, context);
      await recordAudit(
        tx,
        userId,
        signUp ? 'signed_up' : 'signed_in',
        signUp || knownDevice ? [] : ['new_device'],
        { ...context, sessionId: session.sessionId },
      );
      await deps.onSignedIn?.(tx, userId, { ...context, sessionId: session.sessionId });
      return { userId, createdAccount: signUp, ...session };
    });
    if ('error' in outcome) throw outcome.error;
    const access = deps.accessTokens.issue({ sub: outcome.userId, sid: outcome.sessionId });
    return {
      access_token: access.token,
      access_token_expiry_in_seconds: access.expiresInSeconds,
      refreshToken: outcome.refreshToken,
      userId: outcome.userId,
      createdAccount: outcome.createdAccount,
    };
  }

  return {
    verify,

    /**
     * Starts a sign-up. Its answer says whether the phone or email has an account, so it is
     * held to the code-send limits like a send, per IP and per phone and email, whether or not
     * a code goes out. Only a verified email is taken (ADR 0011).
     */
    async signUp(details: NewUser, ip: string): Promise<OtpChallenge> {
      const attempt: NewAttempt = {
        purpose: 'SIGN_UP',
        channel: 'sms',
        destination: details.phone_number,
        userId: null,
        refundId: null,
        signupDetails: details,
      };
      await sends.prepare();
      const outcome = await db.transaction(async (tx) => {
        await sends.admit(tx, 'SIGN_UP', details.phone_number, ip, [details.email]);
        const taken = await findTakenIdentifiers(tx, details.phone_number, details.email);
        // The count must stick even when the answer is a refusal: return it, throw after commit.
        if (taken.phone) return { refused: new DomainError('PHONE_TAKEN') };
        if (taken.email) return { refused: new DomainError('EMAIL_TAKEN') };
        const inserted = await attempts.insert(tx, attempt);
        await sends.deliver(tx, inserted.id, attempt.channel, attempt.destination, inserted.code);
        return inserted;
      });
      if ('refused' in outcome) throw outcome.refused;
      return challenge(outcome.id, attempt.channel, attempt.destination);
    },

    async signIn(phoneNumber: string, ip: string): Promise<OtpChallenge> {
      const userId = await findUserIdByPhone(db, phoneNumber);
      return deps.begin(
        {
          purpose: 'SIGN_IN',
          channel: 'sms',
          destination: phoneNumber,
          userId,
          refundId: null,
          signupDetails: null,
        },
        ip,
      );
    },

    /** Sign-in and sign-up codes; a sign-up's account is created here, once its phone is proven. */
    async verifySignIn(
      attemptId: string,
      code: string,
      context: AuditContext = noAuditContext,
    ): Promise<SignedIn> {
      return verify(
        attemptId,
        code,
        ['SIGN_IN', 'SIGN_UP'],
        async (tx, attempt) => {
          if (attempt.purpose !== 'SIGN_UP')
            return attempt.userId ?? new DomainError('INCORRECT_OTP');
          let created: string;
          try {
            created = await tx.transaction((inner) =>
              insertUser(inner, attempt.signupDetails as NewUser),
            );
          } catch (error) {
            const which = uniqueViolation(error);
            if (which === 'phone') return new DomainError('PHONE_TAKEN');
            if (which === 'email') return new DomainError('EMAIL_TAKEN');
            throw error;
          }
          await deps.onAccountCreated?.(tx, created);
          return created;
        },
        context,
      );
    },
  };
}
