import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  accessTokenResponseSchema,
  otpChallengeSchema,
  resendCodeRequestSchema,
  signInRequestSchema,
  signUpRequestSchema,
  verifyCodeRequestSchema,
  type BotAction,
} from '@refund/contracts/auth';
import { errorBodySchema } from '@refund/contracts/errors';
import { profileSchema, updateAddressRequestSchema } from '@refund/contracts/profile';
import type { Db } from '../../db/database';
import { setPrimaryAddress } from './addresses';
import { auditContextOf } from './audit';
import { AppError } from '../../http/app-error';
import type { BotVerifier } from '../../providers/ports';
import type { AccessTokens } from './access-token';
import type { RefreshCookie } from './refresh-cookie';
import type { Authenticator } from './authenticate';
import { answerSignedIn, type OtpService } from './otp-service';
import type { SessionStore } from './sessions';
import type { ProfileReader } from './profile-reader';

export interface AuthRoutesOptions {
  db: Db;
  profiles: ProfileReader;
  otp: OtpService;
  sessions: SessionStore;
  authenticator: Authenticator;
  accessTokens: AccessTokens;
  bot: BotVerifier;
  refreshCookie: RefreshCookie;
}

const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  409: errorBodySchema,
  429: errorBodySchema,
};

export const authRoutes: FastifyPluginAsync<AuthRoutesOptions> = async (app, options) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { otp, sessions, authenticator, refreshCookie } = options;

  async function requireHuman(token: string, action: BotAction, ip: string): Promise<void> {
    if (!(await options.bot.verify({ token, action, remoteIp: ip })))
      throw new AppError('BOT_CHECK_FAILED');
  }

  r.post(
    '/users/signup',
    {
      config: { auth: 'none' },
      schema: {
        tags: ['auth'],
        summary:
          'Start a sign-up: sends a one-time code by SMS; the account is created when it is verified',
        body: signUpRequestSchema,
        response: { 201: otpChallengeSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { bot_token, accepted_terms: _accepted, ...details } = request.body;
      await requireHuman(bot_token, 'customer_signup', request.ip);
      return reply.status(201).send(await otp.signUp(details, request.ip));
    },
  );

  r.post(
    '/users/signin',
    {
      config: { auth: 'none' },
      schema: {
        tags: ['auth'],
        summary: 'Start a sign-in: answers the same whether or not the number has an account',
        body: signInRequestSchema,
        response: { 200: otpChallengeSchema, ...errors },
      },
    },
    async (request) => {
      await requireHuman(request.body.bot_token, 'customer_signin', request.ip);
      return otp.signIn(request.body.phone_number, request.ip);
    },
  );

  r.post(
    '/users/resend-code',
    {
      config: { auth: 'none' },
      schema: {
        tags: ['auth'],
        summary: 'Send a new code for a sign-in or sign-up attempt, after the resend countdown',
        body: resendCodeRequestSchema,
        response: { 200: otpChallengeSchema, ...errors },
      },
    },
    async (request) => {
      await requireHuman(request.body.bot_token, 'customer_resend_signin_code', request.ip);
      return otp.resend(request.body.attempt_id, ['SIGN_IN', 'SIGN_UP'], request.ip);
    },
  );

  r.post(
    '/users/verify',
    {
      config: { auth: 'none' },
      schema: {
        tags: ['auth'],
        summary: 'Verify the one-time code; signs in and sets the refresh-token cookie',
        body: verifyCodeRequestSchema,
        response: { 200: accessTokenResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      // A new account's email verification link was queued with the account, in its transaction.
      const signedIn = await otp.verifySignIn(
        request.body.attempt_id,
        request.body.code,
        auditContextOf(request),
      );
      return answerSignedIn(signedIn, (token) => refreshCookie.set(reply, token));
    },
  );

  r.post(
    '/users/refresh',
    {
      config: { auth: 'none' },
      schema: {
        tags: ['auth'],
        summary: 'Trade the refresh-token cookie for a new access token (the cookie is rotated)',
        response: { 200: accessTokenResponseSchema, 401: errorBodySchema },
      },
    },
    async (request, reply) => {
      const presented = refreshCookie.read(request);
      const result = presented ? await sessions.rotate(presented) : null;
      if (!result?.ok) {
        refreshCookie.clear(reply);
        throw new AppError('REFRESH_INVALID');
      }
      refreshCookie.set(reply, result.refreshToken);
      const access = options.accessTokens.issue({ sub: result.userId, sid: result.sessionId });
      return {
        access_token: access.token,
        access_token_expiry_in_seconds: access.expiresInSeconds,
      };
    },
  );

  r.post(
    '/users/logout',
    {
      config: { auth: 'customer-optional' },
      schema: {
        tags: ['auth'],
        summary: 'End the session on the server and clear the refresh-token cookie',
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      const presented = refreshCookie.read(request);
      const fromCookie = presented ? await sessions.revokeByToken(presented) : null;
      if (fromCookie) authenticator.forget(fromCookie.userId);
      if (request.viewer && request.viewer.sessionId !== fromCookie?.sessionId) {
        await sessions.revoke(request.viewer.sessionId);
        authenticator.forget(request.viewer.userId);
      }
      refreshCookie.clear(reply);
      return reply.status(204).send(null);
    },
  );

  r.get(
    '/users/profile',
    {
      config: { auth: 'customer' },
      schema: {
        tags: ['auth'],
        summary: 'The signed-in customer profile',
        response: { 200: profileSchema, 401: errorBodySchema },
      },
    },
    async (request, reply) => {
      const { userId } = request.customer;
      // Serialized by the schema when it was read (profile-reader.ts), so sent as it is; the type
      // provider types send() as the schema's object, not its JSON.
      const answer = await options.profiles.answer(userId);
      if (answer === null) throw new AppError('UNAUTHORIZED');
      return reply.type('application/json; charset=utf-8').send(answer as never);
    },
  );

  r.put(
    '/users/profile/address',
    {
      config: { auth: 'customer' },
      schema: {
        tags: ['auth'],
        summary: 'Set the primary (billing) address; answers the updated profile',
        body: updateAddressRequestSchema,
        response: {
          200: profileSchema,
          400: errorBodySchema,
          401: errorBodySchema,
          409: errorBodySchema,
        },
      },
    },
    async (request) => {
      const { userId } = request.customer;
      await setPrimaryAddress(options.db, userId, request.body, auditContextOf(request));
      options.profiles.invalidate(userId);
      const profile = await options.profiles.get(userId);
      if (!profile) throw new AppError('UNAUTHORIZED');
      return profile;
    },
  );
};
