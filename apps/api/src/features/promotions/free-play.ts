import { createHash } from 'node:crypto';
import { and, eq, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import type { FreePlayClaim, FreePlayOffer } from '@refund/contracts/free-play';
import type { Db, Queryable, Tx } from '../../db/database';
import { transactionRetrying } from '../../db/sql-state';
import { promotionClaims, refunds, sessions } from '../../db/schema';
import { DomainError } from '../../domain/domain-error';
import { hashDeviceId } from '../auth/audit';
import { lockOpenCustomer } from '../auth/users';
import { customerAvailable, postTransfer, systemShard } from '../ledger/ledger';

/**
 * The free play (ADR 0023): an amount the sports merchant funds, credited to a customer's wallet
 * once, for customers who have claimed a refund, until a configured last day. One claim per
 * customer and, when the app sends its device id, one per device: two accounts on one phone get
 * one free play. Beside that browser's own id, the device the customer signed in from (the hash
 * of its FingerprintJS visitor id, kept with the session) is a risk signal: only a few accounts
 * signed in from one device may claim it. The claim row and the ledger transfer commit together; the transfer's key is
 * the customer's, so nothing can credit it twice.
 */
export interface FreePlay {
  amountCents: number;
  sponsor: string;
  /** The last day it can be claimed, YYYY-MM-DD (UTC). */
  lastDay: string;
  /** The first moment it can no longer be claimed. */
  endsAt: Date;
}

/** The free play configured, or null when none is offered. */
export function freePlayOf(config: {
  FREE_PLAY_CENTS: number;
  FREE_PLAY_ENDS_ON?: string | undefined;
  FREE_PLAY_SPONSOR: string;
}): FreePlay | null {
  if (config.FREE_PLAY_CENTS <= 0 || !config.FREE_PLAY_ENDS_ON) return null;
  const [year, month, day] = config.FREE_PLAY_ENDS_ON.split('-').map(Number);
  return {
    amountCents: config.FREE_PLAY_CENTS,
    sponsor: config.FREE_PLAY_SPONSOR,
    lastDay: config.FREE_PLAY_ENDS_ON,
    // The whole last day counts: it ends at the next midnight, UTC.
    endsAt: new Date(Date.UTC(year ?? 0, (month ?? 1) - 1, (day ?? 1) + 1)),
  };
}

const FREE_PLAY_TRANSFER_KEY = (userId: string) => `free-play:${userId}`;

/** The device id as kept: a hash, so the table holds nothing the app could be tracked by. */
const deviceHash = (deviceId: string) =>
  createHash('sha256').update(`free-play-device:${deviceId.toLowerCase()}`).digest('hex');

type ClaimRow = typeof promotionClaims.$inferSelect;

const claimView = (row: ClaimRow): FreePlayClaim => ({
  claim_uuid: row.id,
  amount_in_cents: row.amountCents,
  claimed_at: row.createdAt.toISOString(),
});

async function claimOf(q: Queryable, userId: string): Promise<ClaimRow | null> {
  const [row] = await q
    .select()
    .from(promotionClaims)
    .where(and(eq(promotionClaims.promotion, 'free_play'), eq(promotionClaims.userId, userId)));
  return row ?? null;
}

async function deviceClaimed(q: Queryable, hash: string): Promise<boolean> {
  const [row] = await q
    .select({ id: promotionClaims.id })
    .from(promotionClaims)
    .where(and(eq(promotionClaims.promotion, 'free_play'), eq(promotionClaims.deviceHash, hash)));
  return row !== undefined;
}

async function hasClaimedRefund(q: Queryable, userId: string): Promise<boolean> {
  const [row] = await q
    .select({ id: refunds.id })
    .from(refunds)
    .where(and(eq(refunds.claimedByUserId, userId), isNotNull(refunds.claimedAt)))
    .limit(1);
  return row !== undefined;
}

/**
 * A session that signed in without a device id takes the one its claim sends, so the accounts
 * signed in from one device are counted whether or not the sign-in said which device it was.
 * Answers the session's device, as kept.
 */
async function adoptDevice(tx: Tx, sessionId: string, deviceId: string): Promise<string | null> {
  await tx
    .update(sessions)
    .set({ deviceHash: hashDeviceId(deviceId) })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.deviceHash)));
  return sessionDevice(tx, sessionId);
}

/** The device the session signed in from (its visitor id's hash), when it sent one. */
async function sessionDevice(q: Queryable, sessionId: string): Promise<string | null> {
  const [row] = await q
    .select({ deviceHash: sessions.deviceHash })
    .from(sessions)
    .where(eq(sessions.id, sessionId));
  return row?.deviceHash ?? null;
}

/** How many other accounts that signed in from this device have claimed the free play. */
async function claimsFromDevice(q: Queryable, device: string, userId: string): Promise<number> {
  const [row] = await q
    .select({ accounts: sql<number>`count(distinct ${promotionClaims.userId})::int` })
    .from(promotionClaims)
    .innerJoin(sessions, eq(sessions.userId, promotionClaims.userId))
    .where(
      and(
        eq(promotionClaims.promotion, 'free_play'),
        eq(sessions.deviceHash, device),
        ne(promotionClaims.userId, userId),
      ),
    );
  return row?.accounts ?? 0;
}

export function createFreePlay(deps: {
  db: Db;
  offer: FreePlay | null;
  /** How many accounts signed in from one device may claim it. */
  accountsPerDevice: number;
}) {
  const { db, offer, accountsPerDevice } = deps;

  async function deviceFull(q: Queryable, signedInFrom: string | null, userId: string) {
    return (
      signedInFrom !== null &&
      (await claimsFromDevice(q, signedInFrom, userId)) >= accountsPerDevice
    );
  }

  /** The existing claim answers a retry with the same key; any other claim is refused. */
  function replayOrRefuse(existing: ClaimRow, idempotencyKey: string) {
    if (existing.idempotencyKey !== idempotencyKey) {
      throw new DomainError('FREE_PLAY_ALREADY_CLAIMED');
    }
    return { claim: claimView(existing), created: false };
  }

  async function record(
    tx: Tx,
    live: FreePlay,
    viewer: { userId: string; sessionId: string },
    deviceId: string,
    key: string,
  ) {
    const { userId } = viewer;
    await lockOpenCustomer(tx, userId);
    const device = deviceHash(deviceId);
    const signedInFrom = await adoptDevice(tx, viewer.sessionId, deviceId);
    if (signedInFrom !== null) {
      // Claims from one device are counted and made one at a time, so parallel claims by its
      // accounts cannot all see room for one more.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`free-play:${signedInFrom}`}))`);
      if ((await claimOf(tx, userId)) === null && (await deviceFull(tx, signedInFrom, userId))) {
        throw new DomainError('FREE_PLAY_DEVICE_USED');
      }
    }
    const [inserted] = await tx
      .insert(promotionClaims)
      .values({
        promotion: 'free_play',
        userId,
        deviceHash: device,
        idempotencyKey: key,
        amountCents: live.amountCents,
        sponsor: live.sponsor,
      })
      // Either unique key: this customer's claim, or this device's. A claim being made at the
      // same moment is waited for, then found here.
      .onConflictDoNothing()
      .returning();
    if (!inserted) {
      const mine = await claimOf(tx, userId);
      if (mine) return replayOrRefuse(mine, key);
      throw new DomainError('FREE_PLAY_DEVICE_USED');
    }
    await postTransfer(tx, {
      idempotencyKey: FREE_PLAY_TRANSFER_KEY(userId),
      kind: 'promotion',
      postings: [
        {
          account: systemShard('sponsored_promotions', userId),
          amountCents: -live.amountCents,
        },
        { account: customerAvailable(userId), amountCents: live.amountCents },
      ],
    });
    return { claim: claimView(inserted), created: true };
  }

  return {
    /** The offer as this customer, on this device when known, sees it; null when none is made. */
    async get(
      viewer: { userId: string; sessionId: string },
      deviceId: string | undefined,
      now = new Date(),
    ): Promise<FreePlayOffer | null> {
      if (!offer) return null;
      const { userId } = viewer;
      const claim = await claimOf(db, userId);
      const blockedBy = claim
        ? 'ALREADY_CLAIMED'
        : now >= offer.endsAt
          ? 'ENDED'
          : (deviceId && (await deviceClaimed(db, deviceHash(deviceId)))) ||
              (await deviceFull(db, await sessionDevice(db, viewer.sessionId), userId))
            ? 'DEVICE_USED'
            : (await hasClaimedRefund(db, userId))
              ? null
              : 'CLAIM_A_REFUND_FIRST';
      return {
        amount_in_cents: offer.amountCents,
        sponsor: offer.sponsor,
        last_day: offer.lastDay,
        blocked_by: blockedBy,
        claimed_at: claim ? claim.createdAt.toISOString() : null,
        claimed_amount_in_cents: claim ? claim.amountCents : null,
      };
    },

    /**
     * Claims the free play: answers the claim and whether this request made it (false for a
     * retry with the same Idempotency-Key, which answers the first). Refused when already
     * claimed (another key), claimed on this device by someone else, before a refund was
     * claimed, or after the last day.
     */
    async claim(
      viewer: { userId: string; sessionId: string },
      input: { deviceId: string; idempotencyKey: string },
      now = new Date(),
    ): Promise<{ claim: FreePlayClaim; created: boolean }> {
      if (!offer) throw new DomainError('FREE_PLAY_UNAVAILABLE');
      const { userId } = viewer;
      const existing = await claimOf(db, userId);
      if (existing) return replayOrRefuse(existing, input.idempotencyKey);
      if (now >= offer.endsAt) throw new DomainError('FREE_PLAY_ENDED');
      if (!(await hasClaimedRefund(db, userId))) throw new DomainError('FREE_PLAY_NEEDS_REFUND');
      return transactionRetrying(
        db,
        (tx) => record(tx, offer, viewer, input.deviceId, input.idempotencyKey),
        // Safe to run again whatever happened: a claim that committed is found by its key.
        { conflicts: true, connectionLoss: true },
      );
    },
  };
}

export type FreePlayService = ReturnType<typeof createFreePlay>;
