import { randomBytes } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { denominationProblem } from '@refund/contracts/brands';
import type { Db, Queryable, Tx } from '../../db/database';
import { giftcardBrands, giftcardOrders, giftcardQuotes, redemptions } from '../../db/schema';
import { DomainError } from '../../domain/domain-error';
import type { JobQueue } from '../../jobs/job-queue';
import { createSealedBox } from '../../jobs/sealed-box';
import type { GiftCardIssuer, GiftCardOrderResult } from '../../providers/ports';
import { customerAvailable, postTransfer, systemShard, type Posting } from '../ledger/ledger';
import { applyPayoutEvent } from '../payouts/payout-events';
import { registerProviderFollowJobs } from '../payouts/provider-follow';
import { denominationsOf } from './brands';
import { orderable } from './quotes';

/**
 * Buying a gift card (ADR 0017): the `giftcard` redemption method's destination is a quote of the
 * customer's; its payout record is the order; the order is placed with the issuer by a job queued
 * in the recording transaction, and its outcome applied once: issued (the issuer's part and the
 * discount income settle the amount, the cashback reaches the wallet) or failed (the money comes
 * back, and the customer is told).
 */

/** A quote being bought, as the recording transaction found it, locked. */
export interface GiftCardPurchase {
  /** The quote's id: the purchase's destination. */
  id: string;
  brandId: string;
  brandName: string;
  providerBrandId: string;
  cashbackCents: number;
  /** The brand's earn-rewards reward the quote locked; 0 without one. */
  rewardCents: number;
  discountBps: number;
}

/**
 * The customer's quote for this amount, locked until the purchase commits: someone else's or an
 * unknown one is not found; an expired or already used one is refused; the brand must still be
 * orderable and take the amount. Nothing has moved when any of this refuses.
 */
export async function lockQuoteForPurchase(
  tx: Queryable,
  userId: string,
  quoteId: string,
  amountCents: number,
): Promise<GiftCardPurchase> {
  const [found] = await tx
    .select({ quote: giftcardQuotes, brand: giftcardBrands })
    .from(giftcardQuotes)
    .innerJoin(giftcardBrands, eq(giftcardBrands.id, giftcardQuotes.brandId))
    .where(and(eq(giftcardQuotes.id, quoteId), eq(giftcardQuotes.userId, userId)))
    .for('update', { of: giftcardQuotes });
  if (!found) throw new DomainError('NOT_FOUND', 'No gift card quote with this id.');
  const { quote, brand } = found;
  const [used] = await tx
    .select({ id: giftcardOrders.redemptionId })
    .from(giftcardOrders)
    .where(eq(giftcardOrders.quoteId, quote.id));
  if (used || quote.expiresAt.getTime() <= Date.now()) throw new DomainError('QUOTE_EXPIRED');
  if (quote.amountCents !== amountCents) {
    throw new DomainError('VALIDATION_FAILED', "amount_in_cents must be the quote's amount.");
  }
  if (!orderable(brand)) throw new DomainError('BRAND_UNAVAILABLE');
  const problem = denominationProblem(denominationsOf(brand), amountCents);
  if (problem) throw new DomainError(problem);
  return {
    id: quote.id,
    brandId: brand.id,
    brandName: brand.displayName ?? brand.name,
    providerBrandId: brand.providerBrandId,
    cashbackCents: quote.cashbackCents,
    rewardCents: quote.rewardCents,
    discountBps: brand.discountBps,
  };
}

/** A reference the customer can read out to support: "GC-" and ten letters and digits. */
function rewardReference(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  const bytes = randomBytes(10);
  return `GC-${[...bytes].map((b) => alphabet[b % alphabet.length]).join('')}`;
}

/** The order, as the purchase's payout record, in the recording transaction. */
export async function recordGiftCardOrder(
  tx: Tx,
  redemptionId: string,
  purchase: GiftCardPurchase,
): Promise<void> {
  await tx.insert(giftcardOrders).values({
    redemptionId,
    quoteId: purchase.id,
    brandId: purchase.brandId,
    providerBrandId: purchase.providerBrandId,
    cashbackCents: purchase.cashbackCents,
    rewardCents: purchase.rewardCents,
    discountBps: purchase.discountBps,
    rewardReferenceId: rewardReference(),
  });
}

/** The brand each of these purchases bought, as a transaction shows its destination. */
export async function giftCardBrandsOf(
  q: Queryable,
  redemptionIds: readonly string[],
): Promise<Map<string, string>> {
  if (redemptionIds.length === 0) return new Map();
  const rows = await q
    .select({
      id: giftcardOrders.redemptionId,
      name: giftcardBrands.name,
      displayName: giftcardBrands.displayName,
    })
    .from(giftcardOrders)
    .innerJoin(giftcardBrands, eq(giftcardBrands.id, giftcardOrders.brandId))
    .where(inArray(giftcardOrders.redemptionId, [...redemptionIds]));
  return new Map(rows.map((r) => [r.id, r.displayName ?? r.name]));
}

/**
 * Whether the issuer answered the last time it was asked (a catalog sync, an order): gift cards
 * are offered only while it does. Starts reachable; the first failed call says otherwise.
 */
export interface IssuerHealth {
  readonly reachable: boolean;
  answered(): void;
  failed(): void;
}

export function createIssuerHealth(): IssuerHealth {
  let reachable = true;
  return {
    get reachable() {
      return reachable;
    },
    answered: () => {
      reachable = true;
    },
    failed: () => {
      reachable = false;
    },
  };
}

export const GIFT_CARD_ORDER_QUEUE = 'giftcard-order';
const GIFT_CARD_ORDER_CHECK_QUEUE = 'giftcard-order-check';

export interface GiftCardOrderDeps {
  db: Db;
  jobs: JobQueue;
  issuer: GiftCardIssuer;
  health: IssuerHealth;
  /** Seals the cards' credentials at rest. */
  vaultKey: string;
  logger: FastifyBaseLogger;
}

/**
 * Applies an order's outcome, once. Issued: the amount held in transit settles to the issuer's
 * part and the discount income, the quote's cashback moves from cashback expense to the wallet,
 * and the card's credentials are kept sealed; all in one transaction with the redemption's new
 * state. Failed: the amount comes back and the customer is told (applyPayoutEvent).
 */
export async function applyGiftCardOrderResult(
  deps: Pick<GiftCardOrderDeps, 'db' | 'jobs' | 'vaultKey'>,
  redemptionId: string,
  result: GiftCardOrderResult,
): Promise<void> {
  const { db } = deps;
  if (result.status === 'processing') {
    await db
      .update(giftcardOrders)
      .set({ issuerOrderId: result.issuerOrderId })
      .where(eq(giftcardOrders.redemptionId, redemptionId));
    return;
  }
  const [order] = await db
    .select()
    .from(giftcardOrders)
    .where(eq(giftcardOrders.redemptionId, redemptionId));
  if (!order) throw new Error(`no gift card order for redemption ${redemptionId}`);
  if (result.status === 'failed') {
    await applyPayoutEvent(
      db,
      {
        eventId: `giftcard:${redemptionId}:failed`,
        redemptionId,
        type: 'failed',
        reason: result.reason,
      },
      deps.jobs,
      {
        cameBack: async (tx) => {
          await tx
            .update(giftcardOrders)
            .set({ status: 'failed' })
            .where(eq(giftcardOrders.redemptionId, redemptionId));
        },
      },
    );
    return;
  }
  const box = createSealedBox(`giftcard-credentials:${deps.vaultKey}`);
  await applyPayoutEvent(
    db,
    {
      eventId: `giftcard:${redemptionId}:issued`,
      redemptionId,
      type: 'succeeded',
      networkReference: result.issuerOrderId,
    },
    deps.jobs,
    {
      settlement: (row, payout): Posting[] => {
        // Out of the payouts-in-transit shards the payout put it in, whichever they were.
        const inTransit = payout.filter((p) => p.account.kind.startsWith('payouts_in_transit:'));
        const held = inTransit.reduce((sum, p) => sum + p.amountCents, 0);
        const discount = Math.floor((row.amountCents * order.discountBps) / 10_000);
        return [
          ...inTransit.map((p) => ({ account: p.account, amountCents: -p.amountCents })),
          { account: systemShard('giftcard_settlement', row.id), amountCents: held - discount },
          ...(discount > 0
            ? [{ account: systemShard('giftcard_discount_income', row.id), amountCents: discount }]
            : []),
        ];
      },
      settled: async (tx, row) => {
        if (order.cashbackCents > 0) {
          await postTransfer(tx, {
            idempotencyKey: `cashback:${row.id}`,
            kind: 'cashback',
            reference: { kind: 'redemption', id: row.id },
            postings: [
              {
                account: systemShard('cashback_expense', row.id),
                amountCents: -order.cashbackCents,
              },
              { account: customerAvailable(row.userId), amountCents: order.cashbackCents },
            ],
          });
        }
        // The brand confirmed the card: its earn-rewards reward, which it funds, reaches the
        // wallet with it, once.
        if (order.rewardCents > 0) {
          await postTransfer(tx, {
            idempotencyKey: `earn-reward:${row.id}`,
            kind: 'earn_reward',
            reference: { kind: 'redemption', id: row.id },
            postings: [
              {
                account: systemShard('sponsored_promotions', row.id),
                amountCents: -order.rewardCents,
              },
              { account: customerAvailable(row.userId), amountCents: order.rewardCents },
            ],
          });
        }
        await tx
          .update(giftcardOrders)
          .set({
            status: 'issued',
            issuerOrderId: result.issuerOrderId,
            sealedCredentials: box.seal(result.credentials),
            issuedAt: new Date(),
          })
          .where(eq(giftcardOrders.redemptionId, row.id));
      },
    },
  );
}

/**
 * The jobs that place orders with the issuer and follow them to an outcome. Placing is
 * idempotent by the redemption id (the issuer's idempotency key), so a job run again after a
 * crash or an issuer that did not answer never orders twice.
 */
export async function registerGiftCardOrderJobs(deps: GiftCardOrderDeps): Promise<void> {
  const { db, jobs, health } = deps;
  /** An issuer call, telling `health` whether the issuer answered. */
  async function observed<T>(call: () => Promise<T>): Promise<T> {
    try {
      const result = await call();
      health.answered();
      return result;
    } catch (error) {
      health.failed();
      throw error;
    }
  }
  const issuer: Pick<GiftCardIssuer, 'order' | 'orderStatus'> = {
    order: (input) => observed(() => deps.issuer.order(input)),
    orderStatus: (id) => observed(() => deps.issuer.orderStatus(id)),
  };

  async function pending(redemptionId: string) {
    const [found] = await db
      .select({ order: giftcardOrders, amountCents: redemptions.amountCents })
      .from(giftcardOrders)
      .innerJoin(redemptions, eq(redemptions.id, giftcardOrders.redemptionId))
      .where(eq(giftcardOrders.redemptionId, redemptionId));
    return found && found.order.status === 'processing' ? found : null;
  }

  const order = (found: NonNullable<Awaited<ReturnType<typeof pending>>>) =>
    issuer.order({
      reference: found.order.redemptionId,
      providerBrandId: found.order.providerBrandId,
      amountCents: found.amountCents,
    });

  await registerProviderFollowJobs(jobs, {
    queue: GIFT_CARD_ORDER_QUEUE,
    checkQueue: GIFT_CARD_ORDER_CHECK_QUEUE,
    pending,
    first: order,
    // The issuer's status of the order it made; the order again (by the same reference, which
    // the issuer de-duplicates) when its first answer never came.
    again: (found) =>
      found.order.issuerOrderId ? issuer.orderStatus(found.order.issuerOrderId) : order(found),
    apply: (redemptionId, result) => applyGiftCardOrderResult(deps, redemptionId, result),
    inProgress: (result) => result.status === 'processing',
    checked: 'gift card order checked',
    logger: deps.logger,
  });
}
