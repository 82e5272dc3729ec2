import { and, eq } from 'drizzle-orm';
import { maskEmail, maskPhone } from '@refund/contracts/format';
import type { ClaimNextStep, ClaimPage, ClaimRefundResponse } from '@refund/contracts/refunds';
import type { OtpChallenge } from '@refund/contracts/auth';
import type { Db, Queryable } from '../../db/database';
import { merchants, refunds, users } from '../../db/schema';
import { AppError } from '../../http/app-error';
import type { JobQueue } from '../../jobs/job-queue';
import type { OtpService, SignedIn } from '../auth/otp-service';
import { enqueueWebhookDelivery, recordWebhookEvent } from '../webhooks/webhook-events';
import { claimRefund } from './claim-refund';
import type { RefundRow } from './refund-views';

export interface CustomerClaimDeps {
  db: Db;
  jobs: JobQueue;
  otp: OtpService;
  /** Drops cached profile data when a claim verification proves an email. */
  onEmailVerified: (userId: string) => void;
}

const notClaimable = () => new AppError('REFUND_NOT_CLAIMABLE');

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

async function accountBy(db: Queryable, by: 'phone' | 'email', value: string | null) {
  if (!value) return null;
  const [row] = await db
    .select({ id: users.id, emailVerifiedAt: users.emailVerifiedAt })
    .from(users)
    .where(by === 'phone' ? eq(users.phoneNumber, value) : eq(users.email, value));
  return row ?? null;
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
     * Where the customer goes next (SPEC §4). An existing account's identifiers are answered
     * masked; only for a sign-up (no account yet) are the merchant's contact details given back
     * to fill the form.
     */
    async nextStep(refundId: string): Promise<ClaimNextStep> {
      const refund = await findRefund(db, refundId);
      if (refund?.status === 'claimed')
        return { goto: 'CLAIM_SUCCESS', phone_number: null, email: null };
      if (!refund || !isOpen(refund)) throw notClaimable();
      const byPhone = await accountBy(db, 'phone', refund.customerPhone);
      if (byPhone && refund.customerPhone) {
        return {
          goto: 'ACCOUNT_VERIFICATION',
          phone_number: maskPhone(refund.customerPhone),
          email: null,
        };
      }
      const byEmail = await accountBy(db, 'email', refund.customerEmail);
      if (byEmail) {
        return {
          goto: byEmail.emailVerifiedAt ? 'ACCOUNT_VERIFICATION' : 'VERIFY_EMAIL',
          phone_number: null,
          email: maskEmail(refund.customerEmail),
        };
      }
      return refund.customerPhone
        ? {
            goto: 'ACCOUNT_SIGNUP',
            phone_number: refund.customerPhone,
            email: refund.customerEmail,
          }
        : { goto: 'ADD_PHONE_NUMBER', phone_number: null, email: refund.customerEmail };
    },

    /** Sends a code to the refund's own phone or email; proving it proves the claim. */
    async startVerification(
      refundId: string,
      channel: 'mobile' | 'email',
      purpose: 'REFUND_CLAIM' | 'VERIFY_EMAIL',
      ip: string,
    ): Promise<OtpChallenge> {
      const refund = await openRefund(db, refundId);
      if (purpose === 'VERIFY_EMAIL' && channel !== 'email') {
        throw new AppError('VALIDATION_FAILED', 'channel: email verification goes by email');
      }
      if (channel === 'mobile' && !refund.customerPhone) {
        throw new AppError(
          'VALIDATION_FAILED',
          'channel: this refund has no phone number; use email',
        );
      }
      const destination =
        channel === 'mobile' ? (refund.customerPhone as string) : refund.customerEmail;
      const account = await accountBy(db, channel === 'mobile' ? 'phone' : 'email', destination);
      return deps.otp.begin(
        {
          purpose,
          channel: channel === 'mobile' ? 'sms' : 'email',
          destination,
          userId: account?.id ?? null,
          refundId: refund.id,
          signupDetails: null,
        },
        ip,
      );
    },

    resend(attemptId: string, ip: string): Promise<OtpChallenge> {
      return deps.otp.resend(attemptId, ['REFUND_CLAIM', 'VERIFY_EMAIL'], ip);
    },

    /** A matching code signs the account in; a code that went by email also verifies the email. */
    async verify(attemptId: string, code: string): Promise<SignedIn> {
      const signedIn = await deps.otp.verify(
        attemptId,
        code,
        ['REFUND_CLAIM', 'VERIFY_EMAIL'],
        async (tx, attempt) => {
          if (!attempt.userId) return new AppError('INCORRECT_OTP');
          if (attempt.channel === 'email') {
            await tx
              .update(users)
              .set({ emailVerifiedAt: new Date() })
              .where(and(eq(users.id, attempt.userId), eq(users.email, attempt.destination)));
          }
          return attempt.userId;
        },
      );
      deps.onEmailVerified(signedIn.userId);
      return signedIn;
    },

    claim(userId: string, refundId: string): Promise<ClaimRefundResponse> {
      return claimRefund(deps, userId, refundId);
    },

    /** The customer prefers the original payment method: no money enters the wallet. */
    async chooseOriginalMethod(refundId: string): Promise<void> {
      const eventIds = await db.transaction(async (tx) => {
        const [refund] = await tx
          .select()
          .from(refunds)
          .where(eq(refunds.id, refundId))
          .for('update');
        if (refund?.status === 'original_method') return [];
        if (!refund || !isOpen(refund)) throw notClaimable();
        await tx
          .update(refunds)
          .set({ status: 'original_method' })
          .where(eq(refunds.id, refund.id));
        return [
          await recordWebhookEvent(tx, {
            merchantId: refund.merchantId,
            type: 'refund.original_method_chosen',
            dedupeKey: `${refund.id}:refund.original_method_chosen`,
            data: {
              refund_uuid: refund.id,
              order_number: refund.orderNumber,
              amount_in_cents: refund.amountCents,
            },
          }),
        ];
      });
      await enqueueWebhookDelivery(deps.jobs, eventIds);
    },
  };
}

export type CustomerClaims = ReturnType<typeof createCustomerClaims>;
