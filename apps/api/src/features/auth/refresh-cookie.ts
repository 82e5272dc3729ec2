import type { FastifyReply } from 'fastify';

export const REFRESH_COOKIE_NAME = 'refresh_token';
const COOKIE_PATH = '/v1/users';

/** The refresh token travels only in this HttpOnly cookie, scoped to the endpoints that refresh and end sessions. */
export function createRefreshCookie(options: { secure: boolean; maxAgeSeconds: number }) {
  return {
    name: REFRESH_COOKIE_NAME,
    set(reply: FastifyReply, token: string): void {
      reply.setCookie(REFRESH_COOKIE_NAME, token, {
        path: COOKIE_PATH,
        httpOnly: true,
        secure: options.secure,
        sameSite: 'lax',
        maxAge: options.maxAgeSeconds,
      });
    },
    clear(reply: FastifyReply): void {
      reply.clearCookie(REFRESH_COOKIE_NAME, { path: COOKIE_PATH });
    },
  };
}

export type RefreshCookie = ReturnType<typeof createRefreshCookie>;
