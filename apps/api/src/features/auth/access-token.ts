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

/** Verified tokens remembered per process; a full cache starts over rather than growing. */
const MAX_VERIFIED_TOKENS = 10_000;

export function createAccessTokens(
  secret: string,
  ttlSeconds: number,
  now: () => number = Date.now,
): AccessTokens {
  const sign = createSigner({ key: secret, algorithm: 'HS256', expiresIn: ttlSeconds * 1000 });
  const verifier = createVerifier({ key: secret, algorithms: ['HS256'] });
  // A token is checked once: its signature cannot change, so until it expires the same string
  // has the same claims. Keyed by the token itself, so a hit costs no hashing at all.
  const verified = new Map<string, { claims: AccessClaims; expiresAt: number }>();

  function verifyOnce(token: string): AccessClaims | null {
    const payload: unknown = verifier(token);
    if (
      typeof payload === 'object' &&
      payload !== null &&
      'sub' in payload &&
      'sid' in payload &&
      'exp' in payload &&
      typeof payload.sub === 'string' &&
      typeof payload.sid === 'string' &&
      typeof payload.exp === 'number'
    ) {
      const claims = { sub: payload.sub, sid: payload.sid };
      if (verified.size >= MAX_VERIFIED_TOKENS) verified.clear();
      verified.set(token, { claims, expiresAt: payload.exp * 1000 });
      return claims;
    }
    return null;
  }

  return {
    issue(claims) {
      return { token: sign({ sub: claims.sub, sid: claims.sid }), expiresInSeconds: ttlSeconds };
    },
    verify(token) {
      const known = verified.get(token);
      if (known) {
        if (now() < known.expiresAt) return known.claims;
        verified.delete(token);
        return null;
      }
      try {
        return verifyOnce(token);
      } catch {
        return null;
      }
    },
  };
}
