import type { FastifyRequest } from 'fastify';
import { DomainError } from '../../domain/domain-error';
import type { AccessTokens } from './access-token';
import type { CustomerCache } from './customer-cache';
import type { SessionStore } from './sessions';

export interface Principal {
  userId: string;
  sessionId: string;
}

/**
 * Resolves the bearer token to a signed-in customer. Logout revokes the session on the server;
 * this process sees that at once, other instances once the database announces the change
 * (`sessionChecks`, customer-cache.ts).
 */
export function createAuthenticator(
  accessTokens: AccessTokens,
  sessions: Pick<SessionStore, 'isActive'>,
  sessionChecks: CustomerCache<boolean>,
) {
  function sessionActive(claims: { sid: string; sub: string }): Promise<boolean> {
    return sessionChecks.get(claims.sid, claims.sub, async () => {
      const { active, expiresAt } = await sessions.isActive(claims.sid, claims.sub);
      return { value: active, ...(expiresAt === null ? {} : { until: expiresAt }) };
    });
  }

  return {
    async principal(request: FastifyRequest): Promise<Principal> {
      const header = request.headers.authorization;
      const token = header?.startsWith('Bearer ') ? header.slice(7).trim() : null;
      const claims = token ? accessTokens.verify(token) : null;
      if (!claims || !(await sessionActive(claims))) throw new DomainError('UNAUTHORIZED');
      return { userId: claims.sub, sessionId: claims.sid };
    },
    /** The customer's sessions changed here (a sign-out): checked again from now on. */
    forget(userId: string): void {
      sessionChecks.invalidate(userId);
    },
  };
}

export type Authenticator = ReturnType<typeof createAuthenticator>;
