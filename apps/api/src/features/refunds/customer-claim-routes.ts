import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { accessTokenResponseSchema, otpChallengeSchema } from '@refund/contracts/auth';
import { errorBodySchema } from '@refund/contracts/errors';
import { listQuerySchema, refundIdParamsSchema } from '@refund/contracts/merchant';
import {
  claimNextStepSchema,
  claimOtpRequestSchema,
  claimPageSchema,
  claimRefundRequestSchema,
  claimRefundResponseSchema,
  claimVerifyRequestSchema,
  messageResponseSchema,
  originalMethodResponseSchema,
  refundListSchema,
  refundSchema,
  resendOtpRequestSchema,
  unclaimedRefundListSchema,
  verifyEmailParamsSchema,
  emailLinkSchema,
  type EmailLink,
} from '@refund/contracts/refunds';
import type { Db } from '../../db/database';
import { auditContextOf, type AuditContext } from '../auth/audit';
import { AppError } from '../../http/app-error';
import type { BotVerifier } from '../../providers/ports';
import { answerSignedIn } from '../auth/otp-service';
import type { CustomerClaims } from './customer-claims';
import { claimedRefund, listClaimedRefunds, unclaimedRefunds } from './refund-history';

/** What these routes need from auth is passed in, so refunds depend on no more of it. */
export interface CustomerClaimRoutesOptions {
  db: Db;
  claims: CustomerClaims;
  /** The e-mail magic links (ADR 0011): what one asks, confirming it, refusing it. */
  emailLinks: {
    inspect: (token: string, viewerId: string | null) => Promise<EmailLink>;
    verify: (token: string, userId: string, context: AuditContext) => Promise<{ message: string }>;
    decline: (token: string, context: AuditContext) => Promise<{ message: string }>;
  };
  bot: BotVerifier;
  /** Hands a customer a claim code signed in their refresh token, as sign-in does. */
  setRefreshCookie: (reply: FastifyReply, refreshToken: string) => void;
}

const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  429: errorBodySchema,
};

/** The customer's side of a refund: the claim link, its verification, the claim, the history. */
export const customerClaimRoutes: FastifyPluginAsync<CustomerClaimRoutesOptions> = async (
  app,
  options,
) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { claims } = options;

  async function requireHuman(
    token: string,
    action: 'customer_signin' | 'customer_resend_claim_code',
    ip: string,
  ) {
    if (!(await options.bot.verify({ token, action, remoteIp: ip })))
      throw new AppError('BOT_CHECK_FAILED');
  }

  r.get(
    '/customers/claim-refund/:refund_uuid',
    {
      config: { auth: 'none' },
      schema: {
        tags: ['claims'],
        summary: 'The claim page of an open refund (public: the link is the invitation)',
        params: refundIdParamsSchema,
        response: { 200: claimPageSchema, ...errors },
      },
    },
    async (request) => claims.page(request.params.refund_uuid),
  );

  r.get(
    '/customers/claim-refund/next/:refund_uuid',
    {
      config: { auth: 'customer-optional' },
      schema: {
        tags: ['claims'],
        summary:
          'What the customer does next to claim: verify, sign up, verify email (signed in), add a phone, or already claimed. Phone and email are answered masked',
        params: refundIdParamsSchema,
        response: { 200: claimNextStepSchema, ...errors },
      },
    },
    async (request) => claims.nextStep(request.params.refund_uuid, request.viewer?.userId ?? null),
  );

  r.post(
    '/customers/claim-refund/otp',
    {
      config: { auth: 'customer-optional' },
      schema: {
        tags: ['claims'],
        summary:
          "Send a one-time code to the refund's phone (mobile) or email; VERIFY_EMAIL needs the signed-in account holding that email",
        body: claimOtpRequestSchema,
        response: { 200: otpChallengeSchema, ...errors },
      },
    },
    async (request) => {
      await requireHuman(request.body.bot_token, 'customer_signin', request.ip);
      const { refund_uuid, channel, purpose } = request.body;
      const signedIn = purpose === 'VERIFY_EMAIL' ? (request.viewer?.userId ?? null) : null;
      return claims.startVerification(refund_uuid, channel, purpose, request.ip, signedIn);
    },
  );

  r.post(
    '/customers/resend-otp',
    {
      config: { auth: 'none' },
      schema: {
        tags: ['claims'],
        summary: 'Send a new claim verification code, after the resend countdown',
        body: resendOtpRequestSchema,
        response: { 200: otpChallengeSchema, ...errors },
      },
    },
    async (request) => {
      await requireHuman(request.body.bot_token, 'customer_resend_claim_code', request.ip);
      return claims.resend(request.body.attempt_id, request.ip);
    },
  );

  r.post(
    '/customers/claim-refund/verify',
    {
      config: { auth: 'none' },
      schema: {
        tags: ['claims'],
        summary:
          "Verify the claim code: signs the customer in (and verifies an email code's address)",
        body: claimVerifyRequestSchema,
        response: { 200: accessTokenResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const signedIn = await claims.verify(
        request.body.attempt_id,
        request.body.code,
        auditContextOf(request),
      );
      return answerSignedIn(signedIn, (token) => options.setRefreshCookie(reply, token));
    },
  );

  r.post(
    '/customers/claim-refund',
    {
      config: { auth: 'customer' },
      schema: {
        tags: ['claims'],
        summary: "Claim the refund into the signed-in customer's wallet (exactly once)",
        body: claimRefundRequestSchema,
        response: { 200: claimRefundResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { userId } = request.customer;
      return claims.claim(userId, request.body.refund_uuid);
    },
  );

  r.post(
    '/customers/claim-refund/:refund_uuid/original-method',
    {
      config: { auth: 'customer' },
      schema: {
        tags: ['claims'],
        summary:
          "Send the refund to the original payment method instead of the wallet (the signed-in owner of the refund's phone or verified email)",
        params: refundIdParamsSchema,
        response: { 200: originalMethodResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { userId } = request.customer;
      await claims.chooseOriginalMethod(userId, request.params.refund_uuid);
      return { refund_uuid: request.params.refund_uuid, status: 'original_method' as const };
    },
  );

  r.get(
    '/customers/profile/verify-email/:id',
    {
      config: { auth: 'customer-optional' },
      schema: {
        tags: ['profile'],
        summary:
          'What an e-mail link asks: the address, the account that asked (phone masked), and whether the signed-in account is that one',
        params: verifyEmailParamsSchema,
        response: { 200: emailLinkSchema, ...errors },
      },
    },
    async (request) =>
      options.emailLinks.inspect(request.params.id, request.viewer?.userId ?? null),
  );

  r.post(
    '/customers/profile/verify-email/:id',
    {
      config: { auth: 'customer' },
      schema: {
        tags: ['profile'],
        summary:
          'Confirm the e-mail link, signed in as the account that asked for it (EMAIL_LINK_OTHER_ACCOUNT for any other)',
        params: verifyEmailParamsSchema,
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (request) =>
      options.emailLinks.verify(
        request.params.id,
        request.customer.userId,
        auditContextOf(request),
      ),
  );

  r.post(
    '/customers/profile/verify-email/:id/decline',
    {
      config: { auth: 'none' },
      schema: {
        tags: ['profile'],
        summary: 'Refuse the e-mail link ("This wasn\'t me"): it is spent without proving anything',
        params: verifyEmailParamsSchema,
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (request) => options.emailLinks.decline(request.params.id, auditContextOf(request)),
  );

  r.get(
    '/refunds',
    {
      config: { auth: 'customer' },
      schema: {
        tags: ['refunds'],
        summary:
          "The signed-in customer's refunds, claimed or sent to the original payment method, newest first (keyset pagination)",
        querystring: listQuerySchema,
        response: { 200: refundListSchema, ...errors },
      },
    },
    async (request) => {
      const { userId } = request.customer;
      return listClaimedRefunds(options.db, userId, request.query.limit, request.query.cursor);
    },
  );

  r.get(
    '/refunds/unclaimed',
    {
      config: { auth: 'customer' },
      schema: {
        tags: ['refunds'],
        summary:
          "Open refunds sent to the signed-in customer's phone or verified email, to claim from home",
        response: { 200: unclaimedRefundListSchema, ...errors },
      },
    },
    async (request) => {
      const { userId } = request.customer;
      return unclaimedRefunds(options.db, userId);
    },
  );

  r.get(
    '/refunds/:refund_uuid',
    {
      config: { auth: 'customer' },
      schema: {
        tags: ['refunds'],
        summary: "One of the signed-in customer's refunds",
        params: refundIdParamsSchema,
        response: { 200: refundSchema, ...errors },
      },
    },
    async (request) => {
      const { userId } = request.customer;
      return claimedRefund(options.db, userId, request.params.refund_uuid);
    },
  );
};
