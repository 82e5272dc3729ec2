import { parse, serialize } from 'cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';

export const REFRESH_COOKIE_NAME = 'refresh_token';
const COOKIE_PATH = '/v1/users';

/**
 * The refresh token travels only in this HttpOnly cookie, scoped to the endpoints that refresh
 * and end sessions. It is the API's only cookie, so it is read and written here rather than by
 * a plugin whose hooks would run on every request.
 */
export function createRefreshCookie(options: { secure: boolean; maxAgeSeconds: number }) {
  const write = (reply: FastifyReply, value: string, extra: { maxAge: number; expires?: Date }) =>
    reply.header(
      'set-cookie',
      serialize(REFRESH_COOKIE_NAME, value, {
        path: COOKIE_PATH,
        httpOnly: true,
        secure: options.secure,
        sameSite: 'lax',
        ...extra,
      }),
    );
  return {
    name: REFRESH_COOKIE_NAME,
    read(request: FastifyRequest): string | null {
      const header = request.headers.cookie;
      if (!header) return null;
      return parse(header)[REFRESH_COOKIE_NAME] || null;
    },
    set(reply: FastifyReply, token: string): void {
      write(reply, token, { maxAge: options.maxAgeSeconds });
    },
    clear(reply: FastifyReply): void {
      write(reply, '', { maxAge: 0, expires: new Date(0) });
    },
  };
}

export type RefreshCookie = ReturnType<typeof createRefreshCookie>;
