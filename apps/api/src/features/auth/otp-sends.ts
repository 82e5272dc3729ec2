import { and, desc, eq, gte, inArray, sql, type SQL } from 'drizzle-orm';
import { OTP_RESEND_SECONDS, OTP_TTL_SECONDS, type OtpChallenge } from '@refund/contracts/auth';
import { maskEmail, maskPhone } from '@refund/contracts/format';
import type { Queryable, Tx } from '../../db/database';
import { otpSends } from '../../db/schema';
import { DomainError, minutesToWait } from '../../domain/domain-error';
import type { JobQueue, OutboundMessage } from '../../jobs/job-queue';
import type { Channel, Purpose } from './otp-attempts';

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

const HOUR_MS = 3_600_000;
/** Where a sign-in to a number with no account queues its job: it delivers nothing. */
const NO_RECIPIENT_QUEUE = 'otp-no-recipient';

export interface OtpSendsDeps {
  /**
   * Code messages go through sendMessageIn, in the transaction that stores the code. With
   * sendIn and work too, sign-in to a number with no account queues a job that sends nothing,
   * so its timing matches a real send (ADR 0011).
   */
  jobs: Pick<JobQueue, 'sendMessageIn'> & Partial<Pick<JobQueue, 'sendIn' | 'work'>>;
  brandName: string;
  /** Codes one phone or email may be sent in an hour, per allowance (ADR 0029). */
  sendsPerHour: Record<SendAllowance, number>;
  /** Codes one IP address may ask for in an hour, across destinations (ADR 0029). */
  sendsPerIpPerHour: number;
}

/** Sending codes: the hourly allowances a send is held to, and the message that carries it. */
export function createOtpSends(deps: OtpSendsDeps) {
  /**
   * Counts this send against its destination's allowance for `purpose` and the IP's hourly limit,
   * refusing past either with the wait until the oldest counted send leaves the hour.
   * `alsoCounted` are further destinations the same request answers about (a sign-up's email):
   * each is held to the destination limit, while the request counts once against the IP.
   */
  async function admit(
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

  let noRecipientQueue: Promise<void> | null = null;

  /** The queue of sends with no recipient must exist before a transaction queues into it. */
  async function prepare(): Promise<void> {
    const { sendIn, work } = deps.jobs;
    if (!sendIn || !work) return;
    noRecipientQueue ??= work(NO_RECIPIENT_QUEUE, { retryLimit: 0 }, async () => undefined);
    await noRecipientQueue;
  }

  /**
   * Queues the code's message in the transaction that stores the code, so a code never exists
   * without its message (ADR 0013). Where there is none to send (sign-in to a number with no
   * account), a job that delivers nothing is queued in its place: both answers then make the
   * same writes and cannot be told apart by their timing. Call prepare first.
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

  return { admit, prepare, deliver };
}

export type OtpSends = ReturnType<typeof createOtpSends>;

/** What the client is told of a code sent: where to (masked), for how long, when to resend. */
export function challenge(attemptId: string, channel: Channel, destination: string): OtpChallenge {
  return {
    attempt_id: attemptId,
    channel,
    destination: channel === 'sms' ? maskPhone(destination) : maskEmail(destination),
    expires_in_seconds: OTP_TTL_SECONDS,
    resend_available_in_seconds: OTP_RESEND_SECONDS,
  };
}
