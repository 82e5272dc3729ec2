import {
  and,
  desc,
  eq,
  gt,
  gte,
  inArray,
  isNull,
  lt,
  sql,
  type SQL,
  type SQLWrapper,
} from 'drizzle-orm';
import {
  OTP_MAX_ATTEMPTS,
  OTP_RESEND_SECONDS,
  OTP_TTL_SECONDS,
  type AccessTokenResponse,
  type OtpChallenge,
} from '@refund/contracts/auth';
import { maskEmail, maskPhone } from '@refund/contracts/format';
import type { Db, Queryable, Tx } from '../../db/database';
import { otpAttempts, otpSends } from '../../db/schema';
import { DomainError, minutesToWait } from '../../domain/domain-error';
import type { JobQueue, OutboundMessage } from '../../jobs/job-queue';
import { noAuditContext, recordAudit, type AuditContext } from './audit';
import type { AccessTokens } from './access-token';
import { generateOtpCode, hashOtpCode, otpCodeMatches } from './otp-code';
import type { SessionStore } from './sessions';
import {
  findTakenIdentifiers,
  findUserIdByPhone,
  insertUser,
  phoneOf,
  uniqueViolation,
  type NewUser,
} from './users';

export interface OtpServiceDeps {
  db: Db;
  /**
   * Code messages go through sendMessageIn, in the transaction that stores the code. With
   * sendIn and work too, sign-in to a number with no account queues a job that sends nothing,
   * so its timing matches a real send (ADR 0011).
   */
  jobs: Pick<JobQueue, 'sendMessageIn'> & Partial<Pick<JobQueue, 'sendIn' | 'work'>>;
  /** Runs in the transaction that creates an account at sign-up (its email's verification). */
  onAccountCreated?: (tx: Tx, userId: string) => Promise<void>;
  /** Runs in the transaction of every sign-in, after its session starts (a pause it ends). */
  onSignedIn?: (tx: Tx, userId: string, context: AuditContext) => Promise<void>;
  sessions: SessionStore;
  accessTokens: AccessTokens;
  secret: string;
  brandName: string;
  /** Codes one phone or email may be sent in an hour, per allowance (ADR 0029). */
  sendsPerHour: Record<SendAllowance, number>;
  /** Codes one IP address may ask for in an hour, across destinations (ADR 0029). */
  sendsPerIpPerHour: number;
}

/** The hourly allowance each purpose's codes count against (ADR 0029). */
export type SendAllowance = (typeof otpSends.$inferInsert)['allowance'] & string;
const allowanceOf: Record<Purpose, SendAllowance> = {
  SIGN_IN: 'sign_in',
  SIGN_UP: 'sign_in',
  REFUND_CLAIM: 'claim',
  VERIFY_EMAIL: 'claim',
  WITHDRAWAL: 'withdrawal',
  GIFT_CARD_VIEW: 'withdrawal',
  PREPAID_CARD_VIEW: 'withdrawal',
  CHANGE_PHONE: 'contact_change',
  CONTACT_CHANGE: 'contact_change',
  CLOSE_ACCOUNT: 'withdrawal',
};
/**
 * The allowances a caller's IP address is held to. A signed-in customer's withdrawal and card
 * codes go only to their own verified phone, so their own allowance bounds them; the IP limit is
 * for requests that name any number (ADR 0029).
 */
const IP_LIMITED: readonly SendAllowance[] = ['sign_in', 'claim', 'contact_change'];

/** An attempt can be resent or verified for this long after it began. */
const ATTEMPT_LIFETIME_MS = 30 * 60_000;
const HOUR_MS = 3_600_000;
/** Where a sign-in to a number with no account queues its job: it delivers nothing. */
const NO_RECIPIENT_QUEUE = 'otp-no-recipient';

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

export type Purpose = Attempt['purpose'];
type Channel = Attempt['channel'];
export type Attempt = typeof otpAttempts.$inferSelect;
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

export function createOtpService(deps: OtpServiceDeps) {
  const { db } = deps;

  /**
   * Counts this send against its destination's allowance for `purpose` and the IP's hourly limit,
   * refusing past either with the wait until the oldest counted send leaves the hour.
   * `alsoCounted` are further destinations the same request answers about (a sign-up's email):
   * each is held to the destination limit, while the request counts once against the IP.
   */
  async function admitSend(
    tx: Queryable,
    purpose: Purpose,
    destination: string,
    ip: string,
    alsoCounted: readonly string[] = [],
  ): Promise<void> {
    const allowance = allowanceOf[purpose];
    const destinations = [destination, ...alsoCounted];
    // Serialises sends per destination so two parallel requests cannot both squeeze under the
    // limit; taken in one order so two requests naming the same pair cannot deadlock.
    for (const each of [...destinations].sort()) {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`otp:${each}`}))`);
    }
    const since = new Date(Date.now() - HOUR_MS);
    const perDestination = deps.sendsPerHour[allowance];
    for (const each of destinations) {
      await refuseWhenFull(
        tx,
        and(
          eq(otpSends.destination, each),
          eq(otpSends.allowance, allowance),
          gte(otpSends.createdAt, since),
        ) as SQL,
        perDestination,
      );
    }
    if (IP_LIMITED.includes(allowance)) {
      await refuseWhenFull(
        tx,
        and(
          eq(otpSends.ip, ip),
          inArray(otpSends.allowance, [...IP_LIMITED]),
          gte(otpSends.createdAt, since),
        ) as SQL,
        deps.sendsPerIpPerHour,
      );
    }
    await tx
      .insert(otpSends)
      .values([
        { destination, ip, allowance },
        ...alsoCounted.map((each) => ({ destination: each, ip: null, allowance })),
      ]);
  }

  /**
   * Refuses when `limit` sends within the hour match `counted`, saying when the limit-th most
   * recent of them leaves the hour: from then on one more send fits.
   */
  async function refuseWhenFull(tx: Queryable, counted: SQL, limit: number): Promise<void> {
    const [oldestCounted] = await tx
      .select({ at: otpSends.createdAt })
      .from(otpSends)
      .where(counted)
      .orderBy(desc(otpSends.createdAt))
      .offset(limit - 1)
      .limit(1);
    if (!oldestCounted) return;
    const waitSeconds = (oldestCounted.at.getTime() + HOUR_MS - Date.now()) / 1000;
    throw new DomainError(
      'OTP_SEND_LIMIT',
      `Too many codes requested. Try again in ${minutesToWait(waitSeconds)}.`,
      { retryAfterSeconds: waitSeconds },
    );
  }

  function codeMessage(channel: Channel, to: string, code: string): OutboundMessage {
    const text = `${code} is your ${deps.brandName} verification code. It expires in ${OTP_TTL_SECONDS / 60} minutes. Never share it with anyone.`;
    return channel === 'sms'
      ? { channel: 'sms', to, body: text }
      : { channel: 'email', to, subject: `Your ${deps.brandName} verification code`, text };
  }

  function challenge(attemptId: string, channel: Channel, destination: string): OtpChallenge {
    return {
      attempt_id: attemptId,
      channel,
      destination: channel === 'sms' ? maskPhone(destination) : maskEmail(destination),
      expires_in_seconds: OTP_TTL_SECONDS,
      resend_available_in_seconds: OTP_RESEND_SECONDS,
    };
  }

  /**
   * Writes a new attempt in the caller's transaction, with its code's hash when a code will be
   * sent. Sign-in to a number with no account looks the same from outside, and takes the same
   * work: a code is made and hashed all the same, but none is stored and none is sent.
   */
  async function insertAttempt(
    tx: Queryable,
    attempt: NewAttempt,
  ): Promise<{ id: string; code: string | null }> {
    const sendsCode = attempt.purpose === 'SIGN_UP' || attempt.userId !== null;
    const id = crypto.randomUUID();
    const code = generateOtpCode();
    const codeHash = hashOtpCode(deps.secret, id, code);
    await tx.insert(otpAttempts).values({
      id,
      ...attempt,
      codeHash: sendsCode ? codeHash : null,
      codeExpiresAt: new Date(Date.now() + OTP_TTL_SECONDS * 1000),
      resendAvailableAt: new Date(Date.now() + OTP_RESEND_SECONDS * 1000),
    });
    return { id, code: sendsCode ? code : null };
  }

  let noRecipientQueue: Promise<void> | null = null;

  /** The queue of sends with no recipient must exist before a transaction queues into it. */
  async function prepareDelivery(): Promise<void> {
    const { sendIn, work } = deps.jobs;
    if (!sendIn || !work) return;
    noRecipientQueue ??= work(NO_RECIPIENT_QUEUE, { retryLimit: 0 }, async () => undefined);
    await noRecipientQueue;
  }

  /**
   * Queues the code's message in the transaction that stores the code, so a code never exists
   * without its message (ADR 0013). Where there is none to send (sign-in to a number with no
   * account), a job that delivers nothing is queued in its place: both answers then make the
   * same writes and cannot be told apart by their timing. Call prepareDelivery first.
   */
  async function deliver(
    tx: Tx,
    attemptId: string,
    channel: Channel,
    to: string,
    code: string | null,
  ): Promise<void> {
    if (code) {
      await deps.jobs.sendMessageIn(tx, codeMessage(channel, to, code));
      return;
    }
    await deps.jobs.sendIn?.(tx, NO_RECIPIENT_QUEUE, { attempt_id: attemptId, channel });
  }

  async function begin(attempt: NewAttempt, ip: string): Promise<OtpChallenge> {
    await prepareDelivery();
    const { id } = await db.transaction(async (tx) => {
      await admitSend(tx, attempt.purpose, attempt.destination, ip);
      const inserted = await insertAttempt(tx, attempt);
      await deliver(tx, inserted.id, attempt.channel, attempt.destination, inserted.code);
      return inserted;
    });
    return challenge(id, attempt.channel, attempt.destination);
  }

  /** The attempt, locked, when it is still open for these purposes; else null. */
  /**
   * The attempt, locked, when it is live (attemptRules); with whether it has tries left and its
   * code is unexpired, as the same rules say.
   */
  async function lockOpenAttempt(
    tx: Tx,
    attemptId: string,
    purposes: readonly Purpose[],
  ): Promise<(Attempt & { triesLeft: boolean; unexpired: boolean }) | null> {
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

  async function resend(
    attemptId: string,
    purposes: readonly Purpose[],
    ip: string,
  ): Promise<OtpChallenge> {
    await prepareDelivery();
    const sent = await db.transaction(async (tx) => {
      const attempt = await lockOpenAttempt(tx, attemptId, purposes);
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
      await admitSend(tx, attempt.purpose, attempt.destination, ip);
      // As in insertAttempt: a code is made and hashed even where none is stored or sent.
      const fresh = generateOtpCode();
      const freshHash = hashOtpCode(deps.secret, attempt.id, fresh);
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
      await deliver(tx, attempt.id, attempt.channel, attempt.destination, code);
      return { channel: attempt.channel, destination: attempt.destination };
    });
    return challenge(attemptId, sent.channel, sent.destination);
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
    const attempt = await lockOpenAttempt(tx, attemptId, purposes);
    if (!attempt) {
      return new DomainError(
        'OTP_EXPIRED',
        'This code is no longer valid. Please request a new one.',
      );
    }
    if (!attempt.triesLeft) return new DomainError('OTP_ATTEMPTS_EXCEEDED');
    if (!attempt.unexpired) return new DomainError('OTP_EXPIRED');
    if (!otpCodeMatches(deps.secret, attempt.id, code, attempt.codeHash)) {
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
      const checked = await consumeCode(tx, attemptId, code, purposes);
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
    begin,
    resend,
    verify,
    consumeCode,
    consumeOwnCode,
    useOwnCode,

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
    /** What a code of this attempt is stored as, for statements that compare it (openAttempt). */
    codeHash: (attemptId: string, code: string) => hashOtpCode(deps.secret, attemptId, code),

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
      await prepareDelivery();
      const outcome = await db.transaction(async (tx) => {
        await admitSend(tx, 'SIGN_UP', details.phone_number, ip, [details.email]);
        const taken = await findTakenIdentifiers(tx, details.phone_number, details.email);
        // The count must stick even when the answer is a refusal: return it, throw after commit.
        if (taken.phone) return { refused: new DomainError('PHONE_TAKEN') };
        if (taken.email) return { refused: new DomainError('EMAIL_TAKEN') };
        const inserted = await insertAttempt(tx, attempt);
        await deliver(tx, inserted.id, attempt.channel, attempt.destination, inserted.code);
        return inserted;
      });
      if ('refused' in outcome) throw outcome.refused;
      return challenge(outcome.id, attempt.channel, attempt.destination);
    },

    async signIn(phoneNumber: string, ip: string): Promise<OtpChallenge> {
      const userId = await findUserIdByPhone(db, phoneNumber);
      return begin(
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

export type OtpService = ReturnType<typeof createOtpService>;
