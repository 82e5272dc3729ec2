import type { FastifyRequest } from 'fastify';
import { DomainError } from '../../domain/domain-error';
import type { AccessTokens } from './access-token';
import type { SessionStore } from './sessions';

export interface Principal {
  userId: string;
  sessionId: string;
}

const MAX_CACHED_SESSIONS = 10_000;

/**
 * Resolves the bearer token to a signed-in customer. Logout revokes the session on the server;
 * this process sees that at once, other instances within `sessionCheckMs` (how long a process
 * trusts that a session is still live before asking the database again; 0 asks every time).
 */
export function createAuthenticator(
  accessTokens: AccessTokens,
  sessions: SessionStore,
  sessionCheckMs = 5_000,
) {
  const checked = new Map<string, { active: boolean; at: number }>();

  async function sessionActive(claims: { sid: string; sub: string }): Promise<boolean> {
    const cached = checked.get(claims.sid);
    if (cached && Date.now() - cached.at < sessionCheckMs) return cached.active;
    const active = await sessions.isActive(claims.sid, claims.sub);
    if (checked.size >= MAX_CACHED_SESSIONS) checked.clear();
    checked.set(claims.sid, { active, at: Date.now() });
    return active;
  }

  return {
    async principal(request: FastifyRequest): Promise<Principal> {
      const header = request.headers.authorization;
      const token = header?.startsWith('Bearer ') ? header.slice(7).trim() : null;
      const claims = token ? accessTokens.verify(token) : null;
      if (!claims || !(await sessionActive(claims))) throw new DomainError('UNAUTHORIZED');
      return { userId: claims.sub, sessionId: claims.sid };
    },
    forget(sessionId: string): void {
      checked.set(sessionId, { active: false, at: Date.now() });
    },
  };
}

export type Authenticator = ReturnType<typeof createAuthenticator>;
