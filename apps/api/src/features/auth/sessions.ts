import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db, Queryable } from '../../db/database';
import { refreshTokens, sessions } from '../../db/schema';

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export type RotateResult =
  | { ok: true; userId: string; sessionId: string; refreshToken: string }
  | { ok: false; reason: 'unknown' | 'reused' | 'revoked' | 'expired' };

/** Refresh tokens: opaque, stored hashed, rotated on every use, one family per session. */
export function createSessionStore(db: Db, refreshTtlDays: number) {
  async function issueToken(tx: Queryable, sessionId: string): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    await tx.insert(refreshTokens).values({ sessionId, tokenHash: hashToken(token) });
    return token;
  }

  return {
    async start(
      tx: Queryable,
      userId: string,
    ): Promise<{ sessionId: string; refreshToken: string }> {
      const expiresAt = new Date(Date.now() + refreshTtlDays * 86_400_000);
      const [session] = await tx
        .insert(sessions)
        .values({ userId, expiresAt })
        .returning({ id: sessions.id });
      if (!session) throw new Error('session not created');
      return { sessionId: session.id, refreshToken: await issueToken(tx, session.id) };
    },

    /**
     * Trades a refresh token for a new one. A token already used means it was copied: the whole
     * family is revoked, so neither the thief nor the owner can go on with it.
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
          await tx
            .update(sessions)
            .set({ revokedAt: sql`now()`, revokedReason: 'refresh_token_reuse' })
            .where(eq(sessions.id, row.sessionId));
          return { ok: false, reason: 'reused' } as const;
        }
        const refreshToken = await issueToken(tx, row.sessionId);
        return { ok: true, userId: row.userId, sessionId: row.sessionId, refreshToken } as const;
      });
    },

    /** Ends the session a refresh token belongs to. Unknown tokens are ignored. */
    async revokeByToken(token: string): Promise<string | null> {
      const [row] = await db
        .select({ sessionId: refreshTokens.sessionId })
        .from(refreshTokens)
        .where(eq(refreshTokens.tokenHash, hashToken(token)));
      if (!row) return null;
      await this.revoke(row.sessionId);
      return row.sessionId;
    },

    async revoke(sessionId: string): Promise<void> {
      await db
        .update(sessions)
        .set({ revokedAt: sql`now()`, revokedReason: 'logout' })
        .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
    },

    /** Whether a session can still be used (not revoked, not expired). */
    async isActive(sessionId: string, userId: string): Promise<boolean> {
      const [row] = await db
        .select({ revokedAt: sessions.revokedAt, expiresAt: sessions.expiresAt })
        .from(sessions)
        .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId)));
      return !!row && !row.revokedAt && row.expiresAt.getTime() > Date.now();
    },
  };
}

export type SessionStore = ReturnType<typeof createSessionStore>;
