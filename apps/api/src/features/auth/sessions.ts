import { createHash, createHmac, randomBytes } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db, Queryable } from '../../db/database';
import { refreshTokens, sessions } from '../../db/schema';

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * How long a refresh token that was just traded in still answers: two tabs (or a retried
 * request) refreshing with the same cookie at once all get the same new token instead of one
 * of them revoking the session. After this, presenting it again is reuse and ends the session.
 */
export const REFRESH_REUSE_GRACE_SECONDS = 20;

/** How many rotations a token presented within the grace window may be behind. */
const MAX_GRACE_STEPS = 5;

export type RotateResult =
  | { ok: true; userId: string; sessionId: string; refreshToken: string }
  | { ok: false; reason: 'unknown' | 'reused' | 'revoked' | 'expired' };

/** The device a session was started on: the hashed device id and the browser's User-Agent. */
export interface SessionDevice {
  deviceHash: string | null;
  userAgent: string | null;
}

export interface SessionStoreOptions {
  /**
   * Keys the derivation of each token's successor. Without it a random key is used, which only
   * this process knows (enough for tools and tests that never refresh across processes).
   */
  secret?: string;
  graceSeconds?: number;
}

/**
 * Refresh tokens: opaque, stored hashed, rotated on every use, one family per session.
 *
 * The token that replaces a refresh token is derived from it with an HMAC under a server
 * secret, so the store never holds a token in clear and can still answer the same new token to
 * a parallel refresh that arrives within the grace window. Without the secret, an old token
 * tells nothing about its successor.
 */
export function createSessionStore(
  db: Db,
  refreshTtlDays: number,
  options: SessionStoreOptions = {},
) {
  const successorKey = createHmac('sha256', options.secret ?? randomBytes(32))
    .update('refresh-token-successor')
    .digest();
  const graceSeconds = options.graceSeconds ?? REFRESH_REUSE_GRACE_SECONDS;
  const successorOf = (token: string) =>
    createHmac('sha256', successorKey).update(token).digest('base64url');

  async function issueToken(
    tx: Queryable,
    sessionId: string,
    token: string = randomBytes(32).toString('base64url'),
  ): Promise<string> {
    await tx.insert(refreshTokens).values({ sessionId, tokenHash: hashToken(token) });
    return token;
  }

  /** A token's row: whether it was used, and whether that was within the grace window. */
  async function tokenState(tx: Queryable, token: string) {
    const [row] = await tx
      .select({
        id: refreshTokens.id,
        sessionId: refreshTokens.sessionId,
        used: sql<boolean>`${refreshTokens.usedAt} is not null`,
        usedWithinGrace: sql<boolean>`coalesce(${refreshTokens.usedAt} > now() - make_interval(secs => ${graceSeconds}::float8), false)`,
      })
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, hashToken(token)));
    return row;
  }

  /**
   * The newest token of the chain that starts after `token`, when every link of it was traded
   * in within the grace window; null when the chain leaves the window (or the session).
   */
  async function currentSuccessor(
    tx: Queryable,
    sessionId: string,
    token: string,
  ): Promise<string | null> {
    let current = successorOf(token);
    for (let step = 0; step < MAX_GRACE_STEPS; step += 1) {
      const state = await tokenState(tx, current);
      if (!state || state.sessionId !== sessionId) return null;
      if (!state.used) return current;
      if (!state.usedWithinGrace) return null;
      current = successorOf(current);
    }
    return null;
  }

  return {
    async start(
      tx: Queryable,
      userId: string,
      device: SessionDevice = { deviceHash: null, userAgent: null },
    ): Promise<{ sessionId: string; refreshToken: string }> {
      const expiresAt = new Date(Date.now() + refreshTtlDays * 86_400_000);
      const [session] = await tx
        .insert(sessions)
        .values({ userId, expiresAt, deviceHash: device.deviceHash, userAgent: device.userAgent })
        .returning({ id: sessions.id });
      if (!session) throw new Error('session not created');
      return { sessionId: session.id, refreshToken: await issueToken(tx, session.id) };
    },

    /**
     * Whether this customer signed in from this device before. Without a device id nothing can
     * be recognised, so the answer is no.
     */
    async knowsDevice(tx: Queryable, userId: string, deviceHash: string | null): Promise<boolean> {
      if (!deviceHash) return false;
      const [row] = await tx
        .select({ id: sessions.id })
        .from(sessions)
        .where(and(eq(sessions.userId, userId), eq(sessions.deviceHash, deviceHash)))
        .limit(1);
      return !!row;
    },

    /**
     * Trades a refresh token for a new one. A token traded in moments ago (within the grace
     * window) answers the same new token again: parallel refreshes all succeed. A token used
     * before that means it was copied: the whole family is revoked, so neither the thief nor the
     * owner can go on with it.
     */
    async rotate(token: string): Promise<RotateResult> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .select({
            id: refreshTokens.id,
            usedAt: refreshTokens.usedAt,
            sessionId: sessions.id,
            userId: sessions.userId,
            revokedAt: sessions.revokedAt,
            expiresAt: sessions.expiresAt,
          })
          .from(refreshTokens)
          .innerJoin(sessions, eq(sessions.id, refreshTokens.sessionId))
          .where(eq(refreshTokens.tokenHash, hashToken(token)))
          .for('update', { of: sessions });
        if (!row) return { ok: false, reason: 'unknown' } as const;
        if (row.revokedAt) return { ok: false, reason: 'revoked' } as const;
        if (row.expiresAt.getTime() <= Date.now()) return { ok: false, reason: 'expired' } as const;
        const used = await tx
          .update(refreshTokens)
          .set({ usedAt: sql`now()` })
          .where(and(eq(refreshTokens.id, row.id), isNull(refreshTokens.usedAt)))
          .returning({ id: refreshTokens.id });
        if (used.length === 0) {
          const state = await tokenState(tx, token);
          const current = state?.usedWithinGrace
            ? await currentSuccessor(tx, row.sessionId, token)
            : null;
          if (current) {
            return {
              ok: true,
              userId: row.userId,
              sessionId: row.sessionId,
              refreshToken: current,
            } as const;
          }
          await tx
            .update(sessions)
            .set({ revokedAt: sql`now()`, revokedReason: 'refresh_token_reuse' })
            .where(eq(sessions.id, row.sessionId));
          return { ok: false, reason: 'reused' } as const;
        }
        const refreshToken = await issueToken(tx, row.sessionId, successorOf(token));
        return { ok: true, userId: row.userId, sessionId: row.sessionId, refreshToken } as const;
      });
    },

    /** Ends the session a refresh token belongs to. Unknown tokens are ignored. */
    /** Revokes the session a refresh token belongs to; answers whose it was, if anyone's. */
    async revokeByToken(token: string): Promise<{ sessionId: string; userId: string } | null> {
      const [row] = await db
        .select({ sessionId: refreshTokens.sessionId, userId: sessions.userId })
        .from(refreshTokens)
        .innerJoin(sessions, eq(sessions.id, refreshTokens.sessionId))
        .where(eq(refreshTokens.tokenHash, hashToken(token)));
      if (!row) return null;
      await this.revoke(row.sessionId);
      return row;
    },

    async revoke(sessionId: string): Promise<void> {
      await db
        .update(sessions)
        .set({ revokedAt: sql`now()`, revokedReason: 'logout' })
        .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
    },

    /** Whether the customer's session is live, and until when it stays so unless revoked. */
    async isActive(
      sessionId: string,
      userId: string,
    ): Promise<{ active: boolean; expiresAt: number | null }> {
      const [row] = await db
        .select({ revokedAt: sessions.revokedAt, expiresAt: sessions.expiresAt })
        .from(sessions)
        .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId)));
      const expiresAt = row?.expiresAt.getTime() ?? null;
      const active = !!row && !row.revokedAt && expiresAt !== null && expiresAt > Date.now();
      return { active, expiresAt: active ? expiresAt : null };
    },
  };
}

export type SessionStore = ReturnType<typeof createSessionStore>;
