import { and, eq, gt, gte, inArray, isNull, lt, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { OTP_MAX_ATTEMPTS, OTP_RESEND_SECONDS, OTP_TTL_SECONDS } from '@refund/contracts/auth';
import type { Db, Queryable, Tx } from '../../db/database';
import { otpAttempts } from '../../db/schema';
import { DomainError } from '../../domain/domain-error';
import { generateOtpCode, hashOtpCode, otpCodeMatches } from './otp-code';
import type { NewUser } from './users';

/**
 * One-time-code attempts, whatever their purpose: a code is made, stored hashed, resent, and
 * used up at most once, with a bounded number of wrong tries. Who may ask for one and where it is
 * sent belong to the purposes (otp-service.ts, sign-in-codes.ts).
 */
export type Attempt = typeof otpAttempts.$inferSelect;
export type Purpose = Attempt['purpose'];
export type Channel = Attempt['channel'];

/** An attempt can be resent or verified for this long after it began. */
const ATTEMPT_LIFETIME_MS = 30 * 60_000;

/**
 * The rules of a code, each written once as a condition on its otp_attempts row. consumeCode
 * reads them one by one, to say which failed; a statement that checks many codes at once (group
 * commit) reads them together as openAttempt.
 */
function attemptRules(purposes: readonly Purpose[], now: Date) {
  return {
    /** Of one of these purposes, not used yet, and within the attempt's lifetime. */
    live: and(
      inArray(otpAttempts.purpose, [...purposes]),
      isNull(otpAttempts.consumedAt),
      gte(otpAttempts.createdAt, new Date(now.getTime() - ATTEMPT_LIFETIME_MS)),
    ) as SQL,
    /** Wrong tries left. */
    triesLeft: lt(otpAttempts.failedTries, OTP_MAX_ATTEMPTS),
    /** The code itself still valid. */
    unexpired: gt(otpAttempts.codeExpiresAt, now),
  };
}

/**
 * An attempt whose code can be checked now: live, with tries left, its code unexpired. The
 * statement must also compare `otp_attempts.code_hash` with codeHash(attempt, code); a code that
 * fails it changes nothing (no try is counted), and the caller then answers through consumeCode,
 * which says why.
 */
export function openAttempt(purposes: readonly Purpose[], now = new Date()): SQL {
  const rule = attemptRules(purposes, now);
  return and(rule.live, rule.triesLeft, rule.unexpired) as SQL;
}

/** The attempt is this person's: someone else's code is never checked (or counted) for them. */
export const attemptOf = (userId: string | SQLWrapper): SQL => eq(otpAttempts.userId, userId);

export interface NewAttempt {
  purpose: Purpose;
  channel: Channel;
  destination: string;
  userId: string | null;
  refundId: string | null;
  signupDetails: NewUser | null;
}

export type LockedAttempt = Attempt & { triesLeft: boolean; unexpired: boolean };

export function createOtpAttempts(deps: { db: Db; secret: string }) {
  const { db, secret } = deps;

  /**
   * Writes a new attempt in the caller's transaction, with its code's hash when a code will be
   * sent. Sign-in to a number with no account looks the same from outside, and takes the same
   * work: a code is made and hashed all the same, but none is stored and none is sent.
   */
  async function insert(
    tx: Queryable,
    attempt: NewAttempt,
  ): Promise<{ id: string; code: string | null }> {
    const sendsCode = attempt.purpose === 'SIGN_UP' || attempt.userId !== null;
    const id = crypto.randomUUID();
    const code = generateOtpCode();
    const codeHash = hashOtpCode(secret, id, code);
    await tx.insert(otpAttempts).values({
      id,
      ...attempt,
      codeHash: sendsCode ? codeHash : null,
      codeExpiresAt: new Date(Date.now() + OTP_TTL_SECONDS * 1000),
      resendAvailableAt: new Date(Date.now() + OTP_RESEND_SECONDS * 1000),
    });
    return { id, code: sendsCode ? code : null };
  }

  /**
   * The attempt, locked, when it is live (attemptRules); with whether it has tries left and its
   * code is unexpired, as the same rules say. Null when it is not live for these purposes.
   */
  async function lockOpen(
    tx: Tx,
    attemptId: string,
    purposes: readonly Purpose[],
  ): Promise<LockedAttempt | null> {
    const rule = attemptRules(purposes, new Date());
    const [row] = await tx
      .select({
        attempt: otpAttempts,
        live: sql<boolean>`${rule.live}`,
        triesLeft: sql<boolean>`${rule.triesLeft}`,
        unexpired: sql<boolean>`${rule.unexpired}`,
      })
      .from(otpAttempts)
      .where(eq(otpAttempts.id, attemptId))
      .for('update');
    return row?.live
      ? { ...row.attempt, triesLeft: row.triesLeft, unexpired: row.unexpired }
      : null;
  }

  /**
   * A new code for a locked attempt, its tries counted afresh: answered only where the attempt
   * sends one (as in `insert`, a code is made and hashed even where none is stored or sent).
   */
  async function renew(tx: Tx, attempt: LockedAttempt): Promise<string | null> {
    const fresh = generateOtpCode();
    const freshHash = hashOtpCode(secret, attempt.id, fresh);
    const code = attempt.codeHash ? fresh : null;
    await tx
      .update(otpAttempts)
      .set({
        codeHash: code ? freshHash : null,
        codeExpiresAt: new Date(Date.now() + OTP_TTL_SECONDS * 1000),
        resendAvailableAt: new Date(Date.now() + OTP_RESEND_SECONDS * 1000),
        failedTries: 0,
      })
      .where(eq(otpAttempts.id, attempt.id));
    return code;
  }

  /**
   * Checks a code inside the caller's transaction and marks it used when it matches. A wrong
   * code counts a try; the caller must commit for the count to stick, and answer the error.
   */
  async function consumeCode(
    tx: Tx,
    attemptId: string,
    code: string,
    purposes: readonly Purpose[],
  ): Promise<Attempt | DomainError> {
    const attempt = await lockOpen(tx, attemptId, purposes);
    if (!attempt) {
      return new DomainError(
        'OTP_EXPIRED',
        'This code is no longer valid. Please request a new one.',
      );
    }
    if (!attempt.triesLeft) return new DomainError('OTP_ATTEMPTS_EXCEEDED');
    if (!attempt.unexpired) return new DomainError('OTP_EXPIRED');
    if (!otpCodeMatches(secret, attempt.id, code, attempt.codeHash)) {
      await tx
        .update(otpAttempts)
        .set({ failedTries: sql`${otpAttempts.failedTries} + 1` })
        .where(eq(otpAttempts.id, attempt.id));
      return new DomainError('INCORRECT_OTP');
    }
    await tx
      .update(otpAttempts)
      .set({ consumedAt: sql`now()` })
      .where(eq(otpAttempts.id, attempt.id));
    return attempt;
  }

  /**
   * consumeCode for a code the signed-in customer sends: someone else's attempt is refused
   * before it is checked (checking it would use it up, or count a wrong try against its owner).
   */
  async function consumeOwnCode(
    tx: Tx,
    userId: string,
    attemptId: string,
    code: string,
    purposes: readonly Purpose[],
  ): Promise<Attempt | DomainError> {
    const [owner] = await tx
      .select({ mine: sql<boolean>`${attemptOf(userId)}` })
      .from(otpAttempts)
      .where(eq(otpAttempts.id, attemptId));
    if (owner && !owner.mine) return new DomainError('INCORRECT_OTP');
    return consumeCode(tx, attemptId, code, purposes);
  }

  /**
   * Uses up a passcode the signed-in customer sends for something shown only with one (a gift
   * card's code on a new device, a prepaid card's number), in a transaction of its own with
   * `onValid`; a refusal is thrown after the commit, so a wrong try is counted though the
   * request fails.
   */
  async function useOwnCode(
    userId: string,
    passcode: { attemptId: string; code: string },
    purposes: readonly Purpose[],
    onValid?: (tx: Tx) => Promise<void>,
  ): Promise<void> {
    const refusal = await db.transaction(async (tx) => {
      const checked = await consumeOwnCode(tx, userId, passcode.attemptId, passcode.code, purposes);
      if (checked instanceof DomainError) return checked;
      await onValid?.(tx);
      return null;
    });
    if (refusal) throw refusal;
  }

  return {
    insert,
    lockOpen,
    renew,
    consumeCode,
    consumeOwnCode,
    useOwnCode,
    /** What a code of this attempt is stored as, for statements that compare it (openAttempt). */
    codeHash: (attemptId: string, code: string) => hashOtpCode(secret, attemptId, code),
  };
}

export type OtpAttempts = ReturnType<typeof createOtpAttempts>;
