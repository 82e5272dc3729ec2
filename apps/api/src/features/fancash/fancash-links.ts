import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { FanCashLinkView } from '@refund/contracts/fancash';
import type { Db } from '../../db/database';
import { sqlState } from '../../db/sql-state';
import { fancashLinkAttempts, fancashLinks } from '../../db/schema';
import { DomainError } from '../../domain/domain-error';
import type { FanCashProgram } from '../../providers/ports';
import { ProviderHttpError } from '../../providers/vendor-http';

/**
 * Linking a customer's FanCash account (ADR 0021): the customer is sent to the merchant's sign-in
 * with a state only this customer's link can complete (random, kept hashed, once, ten minutes);
 * the code the sign-in sends back is exchanged for the merchant's id of the fan, kept with the
 * fan's name. A fan belongs to one customer; a customer has one fan at a time.
 */
const ATTEMPT_LIFETIME_MS = 10 * 60_000;

const hashState = (state: string) =>
  createHash('sha256').update(`fancash-state:${state}`).digest('hex');

const view = (row: typeof fancashLinks.$inferSelect): FanCashLinkView => ({
  id: row.id,
  display_name: row.displayName,
  linked_at: row.linkedAt.toISOString(),
});

export function createFanCashLinks(deps: {
  db: Db;
  program: Pick<FanCashProgram, 'authorizeUrl' | 'completeLink'>;
  /** Where the merchant's sign-in sends the customer back: the web app's /redeem/fancash. */
  redirectUri: string;
}) {
  const { db } = deps;

  async function current(userId: string) {
    const [row] = await db.select().from(fancashLinks).where(eq(fancashLinks.userId, userId));
    return row ?? null;
  }

  return {
    async get(userId: string): Promise<FanCashLinkView | null> {
      const row = await current(userId);
      return row ? view(row) : null;
    },

    /** A sign-in address at the merchant, with a fresh state for this customer. */
    async start(userId: string): Promise<{ authorize_url: string }> {
      const state = randomBytes(32).toString('base64url');
      await db.insert(fancashLinkAttempts).values({
        stateHash: hashState(state),
        userId,
        expiresAt: new Date(Date.now() + ATTEMPT_LIFETIME_MS),
      });
      return { authorize_url: deps.program.authorizeUrl({ state, redirectUri: deps.redirectUri }) };
    },

    /**
     * Completes a link with what the sign-in sent back. The state must be this customer's,
     * unused and fresh (it is used up whatever the merchant answers next); a fan linked to
     * another customer is refused.
     */
    async complete(userId: string, input: { state: string; code: string }) {
      const [attempt] = await db
        .update(fancashLinkAttempts)
        .set({ usedAt: new Date() })
        .where(
          and(
            eq(fancashLinkAttempts.stateHash, hashState(input.state)),
            eq(fancashLinkAttempts.userId, userId),
            isNull(fancashLinkAttempts.usedAt),
            gt(fancashLinkAttempts.expiresAt, new Date()),
          ),
        )
        .returning({ userId: fancashLinkAttempts.userId });
      if (!attempt) throw new DomainError('FANCASH_LINK_INVALID');
      let fan;
      try {
        fan = await deps.program.completeLink({ code: input.code, redirectUri: deps.redirectUri });
      } catch (error) {
        if (error instanceof ProviderHttpError && error.status !== undefined && error.status < 500)
          throw new DomainError('FANCASH_LINK_INVALID');
        throw new DomainError('FANCASH_UNAVAILABLE');
      }
      try {
        await db
          .insert(fancashLinks)
          .values({ userId, fanId: fan.fanId, displayName: fan.displayName })
          .onConflictDoUpdate({
            target: fancashLinks.userId,
            // Another fan is another destination: a new id, so nothing meant for the old one
            // reaches it.
            set: {
              id: sql`case when ${fancashLinks.fanId} = excluded.fan_id then ${fancashLinks.id} else gen_random_uuid() end`,
              fanId: fan.fanId,
              displayName: fan.displayName,
              linkedAt: new Date(),
            },
          });
      } catch (error) {
        // The fan's unique key: another customer linked this fan.
        if (sqlState(error) === '23505') throw new DomainError('FANCASH_ALREADY_LINKED');
        throw error;
      }
      const row = await current(userId);
      if (!row) throw new Error('FanCash link vanished');
      return view(row);
    },

    /** Forgets the customer's link; doing it again changes nothing. */
    async unlink(userId: string): Promise<void> {
      await db.delete(fancashLinks).where(eq(fancashLinks.userId, userId));
    },
  };
}

export type FanCashLinks = ReturnType<typeof createFanCashLinks>;
