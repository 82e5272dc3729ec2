import { and, count, eq, gte, sql } from 'drizzle-orm';
import {
  OTP_MAX_ATTEMPTS,
  OTP_RESEND_SECONDS,
  OTP_TTL_SECONDS,
  type AccessTokenResponse,
  type OtpChallenge,
} from '@refund/contracts/auth';
import { maskPhone } from '@refund/contracts/format';
import type { Db, Queryable } from '../../db/database';
import { otpAttempts, otpSends } from '../../db/schema';
import { AppError } from '../../http/app-error';
import type { JobQueue } from '../../jobs/job-queue';
import type { AccessTokens } from './access-token';
import { generateOtpCode, hashOtpCode, otpCodeMatches } from './otp-code';
import type { SessionStore } from './sessions';
import { findTakenIdentifiers, findUserIdByPhone, insertUser, uniqueViolation, type NewUser } from './users';

export interface OtpServiceDeps {
  db: Db;
  jobs: Pick<JobQueue, 'sendMessage'>;
  sessions: SessionStore;
  accessTokens: AccessTokens;
  secret: string;
  brandName: string;
  sendsPerPhonePerHour: number;
  sendsPerIpPerHour: number;
}

/** An attempt can be resent or verified for this long after it began. */
const ATTEMPT_LIFETIME_MS = 30 * 60_000;
const HOUR_MS = 3_600_000;

export interface SignedIn extends AccessTokenResponse {
  refreshToken: string;
}

export function createOtpService(deps: OtpServiceDeps) {
  const { db } = deps;

  /** Counts this send against the phone's and the IP's hourly limits, refusing past either. */
  async function admitSend(tx: Queryable, phoneNumber: string, ip: string): Promise<void> {
    // Serialises sends per number so two parallel requests cannot both squeeze under the limit.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`otp:${phoneNumber}`}))`);
    const since = new Date(Date.now() - HOUR_MS);
    const [byPhone] = await tx
      .select({ n: count() })
      .from(otpSends)
      .where(and(eq(otpSends.phoneNumber, phoneNumber), gte(otpSends.createdAt, since)));
    const [byIp] = await tx
      .select({ n: count() })
      .from(otpSends)
      .where(and(eq(otpSends.ip, ip), gte(otpSends.createdAt, since)));
    if ((byPhone?.n ?? 0) >= deps.sendsPerPhonePerHour || (byIp?.n ?? 0) >= deps.sendsPerIpPerHour) {
      throw new AppError('OTP_SEND_LIMIT');
    }
    await tx.insert(otpSends).values({ phoneNumber, ip });
  }

  function smsText(code: string): string {
    return `${code} is your ${deps.brandName} verification code. It expires in ${OTP_TTL_SECONDS / 60} minutes. Never share it with anyone.`;
  }

  function challenge(attemptId: string, phoneNumber: string): OtpChallenge {
    return {
      attempt_id: attemptId,
      channel: 'sms',
      destination: maskPhone(phoneNumber),
      expires_in_seconds: OTP_TTL_SECONDS,
      resend_available_in_seconds: OTP_RESEND_SECONDS,
    };
  }

  async function begin(
    purpose: 'SIGN_IN' | 'SIGN_UP',
    phoneNumber: string,
    ip: string,
    userId: string | null,
    signupDetails: NewUser | null,
  ): Promise<OtpChallenge> {
    // Sign-in to a number with no account looks the same from outside, but no code exists.
    const sendsCode = purpose === 'SIGN_UP' || userId !== null;
    const code = sendsCode ? generateOtpCode() : null;
    const attemptId = await db.transaction(async (tx) => {
      await admitSend(tx, phoneNumber, ip);
      const id = crypto.randomUUID();
      await tx.insert(otpAttempts).values({
        id,
        purpose,
        phoneNumber,
        userId,
        signupDetails,
        codeHash: code ? hashOtpCode(deps.secret, id, code) : null,
        codeExpiresAt: new Date(Date.now() + OTP_TTL_SECONDS * 1000),
        resendAvailableAt: new Date(Date.now() + OTP_RESEND_SECONDS * 1000),
      });
      return id;
    });
    if (code) await deps.jobs.sendMessage({ channel: 'sms', to: phoneNumber, body: smsText(code) });
    return challenge(attemptId, phoneNumber);
  }

  return {
    async signUp(details: NewUser, ip: string): Promise<OtpChallenge> {
      const taken = await findTakenIdentifiers(db, details.phone_number, details.email);
      if (taken.phone) throw new AppError('PHONE_TAKEN');
      if (taken.email) throw new AppError('EMAIL_TAKEN');
      return begin('SIGN_UP', details.phone_number, ip, null, details);
    },

    async signIn(phoneNumber: string, ip: string): Promise<OtpChallenge> {
      const userId = await findUserIdByPhone(db, phoneNumber);
      return begin('SIGN_IN', phoneNumber, ip, userId, null);
    },

    async resend(attemptId: string, ip: string): Promise<OtpChallenge> {
      const sent = await db.transaction(async (tx) => {
        const [attempt] = await tx.select().from(otpAttempts).where(eq(otpAttempts.id, attemptId)).for('update');
        if (!attempt || attempt.consumedAt || attempt.createdAt.getTime() + ATTEMPT_LIFETIME_MS < Date.now()) {
          throw new AppError('OTP_EXPIRED', 'This sign-in attempt has ended. Please start again.');
        }
        const waitMs = attempt.resendAvailableAt.getTime() - Date.now();
        if (waitMs > 0) {
          throw new AppError('RESEND_TOO_SOON', `Please wait ${Math.ceil(waitMs / 1000)} seconds before requesting a new code.`);
        }
        await admitSend(tx, attempt.phoneNumber, ip);
        const code = attempt.codeHash ? generateOtpCode() : null;
        await tx
          .update(otpAttempts)
          .set({
            codeHash: code ? hashOtpCode(deps.secret, attempt.id, code) : null,
            codeExpiresAt: new Date(Date.now() + OTP_TTL_SECONDS * 1000),
            resendAvailableAt: new Date(Date.now() + OTP_RESEND_SECONDS * 1000),
            failedTries: 0,
          })
          .where(eq(otpAttempts.id, attempt.id));
        return { code, phoneNumber: attempt.phoneNumber };
      });
      if (sent.code) await deps.jobs.sendMessage({ channel: 'sms', to: sent.phoneNumber, body: smsText(sent.code) });
      return challenge(attemptId, sent.phoneNumber);
    },

    /** Checks the code; on success the account exists (created now for a sign-up) and is signed in. */
    async verify(attemptId: string, code: string): Promise<SignedIn> {
      // Wrong tries must be counted even though the request fails, so the transaction returns
      // an outcome and the error is thrown after it commits.
      const outcome = await db.transaction(async (tx) => {
        const [attempt] = await tx.select().from(otpAttempts).where(eq(otpAttempts.id, attemptId)).for('update');
        if (!attempt || attempt.consumedAt || attempt.createdAt.getTime() + ATTEMPT_LIFETIME_MS < Date.now()) {
          return { error: new AppError('OTP_EXPIRED', 'This code is no longer valid. Please request a new one.') };
        }
        if (attempt.failedTries >= OTP_MAX_ATTEMPTS) return { error: new AppError('OTP_ATTEMPTS_EXCEEDED') };
        if (attempt.codeExpiresAt.getTime() <= Date.now()) return { error: new AppError('OTP_EXPIRED') };
        if (!otpCodeMatches(deps.secret, attempt.id, code, attempt.codeHash)) {
          await tx
            .update(otpAttempts)
            .set({ failedTries: sql`${otpAttempts.failedTries} + 1` })
            .where(eq(otpAttempts.id, attempt.id));
          return { error: new AppError('INCORRECT_OTP') };
        }
        await tx.update(otpAttempts).set({ consumedAt: sql`now()` }).where(eq(otpAttempts.id, attempt.id));
        let userId = attempt.userId;
        if (attempt.purpose === 'SIGN_UP') {
          try {
            userId = await tx.transaction((inner) => insertUser(inner, attempt.signupDetails as NewUser));
          } catch (error) {
            const which = uniqueViolation(error);
            if (which === 'phone') return { error: new AppError('PHONE_TAKEN') };
            if (which === 'email') return { error: new AppError('EMAIL_TAKEN') };
            throw error;
          }
        }
        if (!userId) return { error: new AppError('INCORRECT_OTP') };
        const session = await deps.sessions.start(tx, userId);
        return { userId, ...session };
      });
      if ('error' in outcome) throw outcome.error;
      const access = deps.accessTokens.issue({ sub: outcome.userId, sid: outcome.sessionId });
      return {
        access_token: access.token,
        access_token_expiry_in_seconds: access.expiresInSeconds,
        refreshToken: outcome.refreshToken,
      };
    },
  };
}

export type OtpService = ReturnType<typeof createOtpService>;
