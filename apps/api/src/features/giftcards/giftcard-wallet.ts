import { and, desc, eq, isNotNull, isNull, lt, or } from 'drizzle-orm';
import { BRAND_IMAGE_DIMENSIONS } from '@refund/contracts/brands';
import type { GiftCard, GiftCardDetails, GiftCardList } from '@refund/contracts/giftcards';
import type { Db } from '../../db/database';
import { giftcardBrands, giftcardOrders, redemptions } from '../../db/schema';
import { DomainError } from '../../domain/domain-error';
import { decodeCursor, encodeCursor } from '../../http/cursor';
import { brandImagePath } from './brands';

/**
 * The customer's gift cards (the `giftcard` redemptions' orders): listed newest first with
 * keyset pages, active and archived apart; one by its reference; marked used or not. Only ever
 * the customer's own: someone else's reference is not found.
 */
export function createGiftCardWallet(db: Db) {
  const columns = {
    order: giftcardOrders,
    brand: giftcardBrands,
    amountCents: redemptions.amountCents,
    createdAt: redemptions.createdAt,
    userId: redemptions.userId,
  };
  type Row = {
    order: typeof giftcardOrders.$inferSelect;
    brand: typeof giftcardBrands.$inferSelect;
    amountCents: number;
    createdAt: Date;
  };

  const select = () =>
    db
      .select(columns)
      .from(giftcardOrders)
      .innerJoin(redemptions, eq(redemptions.id, giftcardOrders.redemptionId))
      .innerJoin(giftcardBrands, eq(giftcardBrands.id, giftcardOrders.brandId));

  function view(row: Row): GiftCard {
    return {
      reward_reference_id: row.order.rewardReferenceId,
      transaction_id: row.order.redemptionId,
      brand: {
        id: row.brand.id,
        name: row.brand.name,
        display_name: row.brand.displayName,
        image_url: brandImagePath(row.brand.id, BRAND_IMAGE_DIMENSIONS),
      },
      amount_in_cents: row.amountCents,
      cashback_in_cents: row.order.cashbackCents,
      total_value_in_cents: row.amountCents + row.order.cashbackCents,
      status: row.order.status,
      archived: row.order.archivedAt !== null,
      created_at: row.createdAt.toISOString(),
      issued_at: row.order.issuedAt?.toISOString() ?? null,
    };
  }

  function detailsView(row: Row): GiftCardDetails {
    return {
      ...view(row),
      description: row.brand.description,
      terms: row.brand.terms,
      expiry_policy: row.brand.expiryPolicy,
      balance_check_url: row.brand.balanceCheckUrl,
      redeemable_online: row.brand.redeemableOnline,
      redeemable_in_store: row.brand.redeemableInStore,
      credentials_available: row.order.status === 'issued' && row.order.sealedCredentials !== null,
    };
  }

  async function own(userId: string, reference: string): Promise<Row> {
    const [row] = await select().where(
      and(eq(giftcardOrders.rewardReferenceId, reference), eq(redemptions.userId, userId)),
    );
    if (!row) throw new DomainError('NOT_FOUND', 'No gift card with this reference.');
    return row;
  }

  return {
    async list(
      userId: string,
      query: { status: 'active' | 'archived'; limit: number; cursor?: string | undefined },
    ): Promise<GiftCardList> {
      const after = query.cursor ? decodeCursor(query.cursor) : null;
      const rows = await select()
        .where(
          and(
            eq(redemptions.userId, userId),
            query.status === 'archived'
              ? isNotNull(giftcardOrders.archivedAt)
              : isNull(giftcardOrders.archivedAt),
            after
              ? or(
                  lt(redemptions.createdAt, after.at),
                  and(eq(redemptions.createdAt, after.at), lt(redemptions.id, after.id)),
                )
              : undefined,
          ),
        )
        .orderBy(desc(redemptions.createdAt), desc(redemptions.id))
        .limit(query.limit + 1);
      const page = rows.slice(0, query.limit);
      const last = page.at(-1);
      return {
        data: page.map(view),
        next_cursor:
          rows.length > query.limit && last
            ? encodeCursor(last.createdAt, last.order.redemptionId)
            : null,
      };
    },

    async details(userId: string, reference: string): Promise<GiftCardDetails> {
      return detailsView(await own(userId, reference));
    },

    /** Marks the card used (archived) or not; doing it again changes nothing. */
    async archive(userId: string, reference: string, archived: boolean): Promise<GiftCardDetails> {
      const row = await own(userId, reference);
      if ((row.order.archivedAt !== null) !== archived) {
        await db
          .update(giftcardOrders)
          .set({ archivedAt: archived ? new Date() : null })
          .where(eq(giftcardOrders.redemptionId, row.order.redemptionId));
      }
      return detailsView(await own(userId, reference));
    },
  };
}

export type GiftCardWallet = ReturnType<typeof createGiftCardWallet>;
