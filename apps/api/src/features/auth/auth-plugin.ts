import type { FastifyPluginAsync } from 'fastify';
import { authRoutes, type AuthRoutesOptions } from './auth-routes';

export type AuthContext = AuthRoutesOptions;

/** Signing up and in, refreshing and ending sessions, with the services the app shares. */
export const authPlugin: FastifyPluginAsync<AuthContext> = async (v1, context) => {
  await v1.register(authRoutes, {
    db: context.db,
    profiles: context.profiles,
    otp: context.otp,
    sessions: context.sessions,
    authenticator: context.authenticator,
    accessTokens: context.accessTokens,
    bot: context.bot,
    refreshCookie: context.refreshCookie,
  });
};
