import { createSigner, createVerifier } from 'fast-jwt';
import { z } from 'zod';

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

/**
 * What a token must claim to be ours: user and session ids are uuids (any version) (as every token we sign has),
 * so a signed token with anything else in them is refused here, never reaching a database query.
 */
const claimsSchema = z.object({ sub: z.guid(), sid: z.guid(), exp: z.number() });

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
    const payload = claimsSchema.safeParse(verifier(token));
    if (!payload.success) return null;
    const claims = { sub: payload.data.sub, sid: payload.data.sid };
    if (verified.size >= MAX_VERIFIED_TOKENS) verified.clear();
    verified.set(token, { claims, expiresAt: payload.data.exp * 1000 });
    return claims;
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
