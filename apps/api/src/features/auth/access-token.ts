import { createSigner, createVerifier } from 'fast-jwt';

export interface AccessClaims {
  /** The user's id. */
  sub: string;
  /** The session (refresh-token family) the token belongs to. */
  sid: string;
}

export interface AccessTokens {
  issue(claims: AccessClaims): { token: string; expiresInSeconds: number };
  /** The claims of a valid, unexpired token; null for anything else. */
  verify(token: string): AccessClaims | null;
}

export function createAccessTokens(secret: string, ttlSeconds: number): AccessTokens {
  const sign = createSigner({ key: secret, algorithm: 'HS256', expiresIn: ttlSeconds * 1000 });
  const verifier = createVerifier({ key: secret, algorithms: ['HS256'], cache: 1000 });
  return {
    issue(claims) {
      return { token: sign({ sub: claims.sub, sid: claims.sid }), expiresInSeconds: ttlSeconds };
    },
    verify(token) {
      try {
        const payload: unknown = verifier(token);
        if (
          typeof payload === 'object' &&
          payload !== null &&
          'sub' in payload &&
          'sid' in payload &&
          typeof payload.sub === 'string' &&
          typeof payload.sid === 'string'
        ) {
          return { sub: payload.sub, sid: payload.sid };
        }
        return null;
      } catch {
        return null;
      }
    },
  };
}
