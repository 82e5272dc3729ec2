import { eq } from 'drizzle-orm';
import { maskEmail, maskPhone } from '@refund/contracts/format';
import type { ClaimNextStep, ClaimPage, ClaimRefundResponse } from '@refund/contracts/refunds';
import type { OtpChallenge } from '@refund/contracts/auth';
import type { Db, Queryable, Tx } from '../../db/database';
import { transactionRetrying } from '../../db/sql-state';
import { merchants, refunds, users } from '../../db/schema';
import { DomainError } from '../../domain/domain-error';
import type { JobQueue } from '../../jobs/job-queue';
import type { OtpService, SignedIn } from '../auth/otp-service';
import { findUserIdByPhone, findUserIdByVerifiedEmail, proveEmail } from '../auth/users';
import { recordWebhookEvent } from '../webhooks/webhook-events';
import { claimRefund, ownsRefund } from './claim-refund';
import { lockRefund } from './refund-money';
import type { RefundRow } from './refund-views';
import { noAuditContext, type AuditContext } from '../auth/audit';

export interface CustomerClaimDeps {
  db: Db;
  jobs: JobQueue;
  otp: OtpService;
  /** Drops cached profile data when a claim verification proves an email. */
  onEmailVerified: (userId: string) => void;
  /** More to do for the customer who claimed, in the claim's transaction (a welcome bonus). */
  onClaimed?: (tx: Tx, userId: string) => Promise<void>;
  /** Told once a claim committed, with the cents claimed (analytics). Must not throw. */
  afterClaim?: (userId: string, claimedCents: number) => void;
}

const notClaimable = () => new DomainError('REFUND_NOT_CLAIMABLE');

/** A refund that can still be claimed or sent back to the original payment method. */
function isOpen(refund: RefundRow): boolean {
  return refund.status === 'pending' && refund.expiresAt.getTime() > Date.now();
}

async function findRefund(db: Queryable, refundId: string): Promise<RefundRow | null> {
  const [refund] = await db.select().from(refunds).where(eq(refunds.id, refundId));
  return refund ?? null;
}

async function openRefund(db: Queryable, refundId: string): Promise<RefundRow> {
  const refund = await findRefund(db, refundId);
  if (!refund || !isOpen(refund)) throw notClaimable();
  return refund;
}

/** The account holding this phone number: every account's phone was proven at sign-up. */
async function accountByPhone(db: Queryable, phone: string | null): Promise<string | null> {
  return phone ? findUserIdByPhone(db, phone) : null;
}

async function emailOf(db: Queryable, userId: string): Promise<string | null> {
  const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  return row?.email ?? null;
}

/** The account's email while it is not verified yet, else null. */
async function unverifiedEmailOf(db: Queryable, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ email: users.email, verifiedAt: users.emailVerifiedAt })
    .from(users)
    .where(eq(users.id, userId));
  return row && row.verifiedAt === null ? row.email : null;
}

export function createCustomerClaims(deps: CustomerClaimDeps) {
  const { db } = deps;

  return {
    /** The claim page: merchant, amount, images. Nothing about any account. */
    async page(refundId: string): Promise<ClaimPage> {
      const refund = await openRefund(db, refundId);
      const [merchant] = await db
        .select({ name: merchants.name })
        .from(merchants)
        .where(eq(merchants.id, refund.merchantId));
      return {
        refund_uuid: refund.id,
        merchant_name: merchant?.name ?? '',
        customer_first_name: refund.customerFirstName,
        amount_in_cents: refund.amountCents,
        order_number: refund.orderNumber,
        logo_file_key: refund.logoFileKey,
        splash_file_key: refund.splashFileKey,
        expires_at: refund.expiresAt.toISOString(),
      };
    },

    /**
     * Where the customer goes next (SPEC §4). Anyone holding the link asks this, so the phone
     * and email are always answered masked; the code goes to the stored contact, and the
     * customer types their own details to sign up. Only a proven contact names an account: the
     * phone (proven at sign-up) or a verified email (ADR 0011). VERIFY_EMAIL is for the signed-in
     * `viewer` whose account has the refund's email, not yet verified.
     */
    async nextStep(refundId: string, viewer: string | null): Promise<ClaimNextStep> {
      const refund = await findRefund(db, refundId);
      if (refund?.status === 'claimed')
        return { goto: 'CLAIM_SUCCESS', phone_number: null, email: null };
      if (!refund || !isOpen(refund)) throw notClaimable();
      const phone = refund.customerPhone ? maskPhone(refund.customerPhone) : null;
      const email = maskEmail(refund.customerEmail);
      if (await accountByPhone(db, refund.customerPhone)) {
        return { goto: 'ACCOUNT_VERIFICATION', phone_number: phone, email: null };
      }
      if (await findUserIdByVerifiedEmail(db, refund.customerEmail)) {
        return { goto: 'ACCOUNT_VERIFICATION', phone_number: null, email };
      }
      if (viewer && (await unverifiedEmailOf(db, viewer)) === refund.customerEmail) {
        return { goto: 'VERIFY_EMAIL', phone_number: null, email };
      }
      return phone
        ? { goto: 'ACCOUNT_SIGNUP', phone_number: phone, email }
        : { goto: 'ADD_PHONE_NUMBER', phone_number: null, email };
    },

    /**
     * Sends a code to the refund's own phone or email; proving it proves the claim. A claim code
     * goes to the account holding that phone or verified email, and signs only that account in:
     * with no such account nothing is sent, though the answer looks the same. An email
     * verification is for the signed-in `viewer` whose account has the refund's email.
     */
    async startVerification(
      refundId: string,
      channel: 'mobile' | 'email',
      purpose: 'REFUND_CLAIM' | 'VERIFY_EMAIL',
      ip: string,
      viewer: string | null,
    ): Promise<OtpChallenge> {
      const refund = await openRefund(db, refundId);
      if (purpose === 'VERIFY_EMAIL' && channel !== 'email') {
        throw new DomainError('VALIDATION_FAILED', 'channel: email verification goes by email');
      }
      if (channel === 'mobile' && !refund.customerPhone) {
        throw new DomainError(
          'VALIDATION_FAILED',
          'channel: this refund has no phone number; use email',
        );
      }
      let userId: string | null;
      if (purpose === 'VERIFY_EMAIL') {
        if (!viewer) throw new DomainError('UNAUTHORIZED');
        if ((await emailOf(db, viewer)) !== refund.customerEmail) {
          throw new DomainError('CLAIM_NOT_ALLOWED');
        }
        const owner = await findUserIdByVerifiedEmail(db, refund.customerEmail);
        if (owner && owner !== viewer) throw new DomainError('EMAIL_TAKEN');
        userId = viewer;
      } else {
        userId =
          channel === 'mobile'
            ? await accountByPhone(db, refund.customerPhone)
            : await findUserIdByVerifiedEmail(db, refund.customerEmail);
      }
      const destination =
        channel === 'mobile' ? (refund.customerPhone as string) : refund.customerEmail;
      return deps.otp.begin(
        {
          purpose,
          channel: channel === 'mobile' ? 'sms' : 'email',
          destination,
          userId,
          refundId: refund.id,
          signupDetails: null,
        },
        ip,
      );
    },

    resend(attemptId: string, ip: string): Promise<OtpChallenge> {
      return deps.otp.resend(attemptId, ['REFUND_CLAIM', 'VERIFY_EMAIL'], ip);
    },

    /**
     * A matching code signs its account in. A claim code by email still needs the account to own
     * that verified email; an email verification code proves the email for the account that
     * asked, unless another account proved it first (EMAIL_TAKEN).
     */
    async verify(
      attemptId: string,
      code: string,
      context: AuditContext = noAuditContext,
    ): Promise<SignedIn> {
      const signedIn = await deps.otp.verify(
        attemptId,
        code,
        ['REFUND_CLAIM', 'VERIFY_EMAIL'],
        async (tx, attempt) => {
          if (!attempt.userId) return new DomainError('INCORRECT_OTP');
          if (attempt.purpose === 'VERIFY_EMAIL') {
            const proven = await proveEmail(tx, attempt.userId, attempt.destination);
            if (proven === 'taken') return new DomainError('EMAIL_TAKEN');
            if (proven === 'changed') return new DomainError('OTP_EXPIRED');
          } else if (
            attempt.channel === 'email' &&
            (await findUserIdByVerifiedEmail(tx, attempt.destination)) !== attempt.userId
          ) {
            return new DomainError('OTP_EXPIRED');
          }
          return attempt.userId;
        },
        context,
      );
      deps.onEmailVerified(signedIn.userId);
      return signedIn;
    },

    claim(userId: string, refundId: string): Promise<ClaimRefundResponse> {
      return claimRefund(deps, userId, refundId);
    },

    /**
     * The customer prefers the original payment method: no money enters the wallet. This takes
     * the refund away from the wallet for good, so it needs the same proof as a claim: the
     * signed-in owner of the refund's phone or verified email.
     */
    async chooseOriginalMethod(userId: string, refundId: string): Promise<void> {
      // Safe to run again after a deadlock, a serialization failure or a lost connection: a
      // run that committed is found with the refund's status set and its event queued with it.
      await transactionRetrying(
        db,
        async (tx) => {
          const refund = await lockRefund(tx, refundId);
          if (!refund || (refund.status !== 'original_method' && !isOpen(refund))) {
            throw notClaimable();
          }
          if (!(await ownsRefund(tx, userId, refund))) {
            // Like a claim: a closed refund tells a stranger nothing about why.
            throw refund.status === 'pending'
              ? new DomainError('CLAIM_NOT_ALLOWED')
              : notClaimable();
          }
          if (refund.status === 'original_method') return;
          await tx
            .update(refunds)
            .set({
              status: 'original_method',
              originalMethodUserId: userId,
              originalMethodAt: new Date(),
            })
            .where(eq(refunds.id, refund.id));
          await recordWebhookEvent(tx, deps.jobs, {
            merchantId: refund.merchantId,
            type: 'refund.original_method_chosen',
            dedupeKey: `${refund.id}:refund.original_method_chosen`,
            data: {
              refund_uuid: refund.id,
              order_number: refund.orderNumber,
              amount_in_cents: refund.amountCents,
            },
          });
        },
        { conflicts: true, connectionLoss: true },
      );
    },
  };
}

export type CustomerClaims = ReturnType<typeof createCustomerClaims>;
