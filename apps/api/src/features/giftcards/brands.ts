import { and, eq } from 'drizzle-orm';
import {
  brandImageDimensions,
  offerLabel,
  type Brand,
  type BrandCategory,
  type BrandDenominations,
  type BrandExpiry,
} from '@refund/contracts/brands';
import type { Queryable } from '../../db/database';
import { giftcardBrands } from '../../db/schema';
import { DomainError } from '../../domain/domain-error';
import type { BrandArtwork } from '../../providers/ports';

export type BrandRow = typeof giftcardBrands.$inferSelect;

/** Where a brand's image is served, relative to the API's origin. */
export const brandImagePath = (brandId: string, dimensions: string) =>
  `/v1/brands/${brandId}/images/${dimensions}.svg`;

/** The amounts a brand's card is sold for, as the catalog holds them. */
export const denominationsOf = (row: BrandRow): BrandDenominations =>
  row.denominationType === 'open'
    ? {
        type: 'open',
        min_in_cents: row.minCents ?? 0,
        max_in_cents: row.maxCents ?? 0,
        is_whole_amount_value_required: row.wholeDollars,
      }
    : { type: 'fixed', values_in_cents: row.fixedCents ?? [] };

/** How long a brand's cards last, as the catalog holds it. */
export const expiryOf = (row: BrandRow): BrandExpiry =>
  row.expiryType === 'after_issue'
    ? { type: 'after_issue', months: row.expiryMonths ?? 0 }
    : { type: row.expiryType };

export function brandView(row: BrandRow): Brand {
  return {
    id: row.id,
    name: row.name,
    display_name: row.displayName,
    offer_label: offerLabel(row.cashbackBps),
    images: brandImageDimensions.map((dimensions) => ({
      dimensions,
      url: brandImagePath(row.id, dimensions),
    })),
    categories: row.categories as BrandCategory[],
    description: row.description,
    terms: row.terms,
    cashback_bps: row.cashbackBps,
    denominations: denominationsOf(row),
    currency: 'USD',
    redeemable_online: row.redeemableOnline,
    redeemable_in_store: row.redeemableInStore,
    expiry_policy: row.expiryPolicy,
    expiry: expiryOf(row),
    balance_check_url: row.balanceCheckUrl,
    provider_brand_id: row.providerBrandId,
    is_enabled: row.isEnabled,
    is_featured: row.featuredRank !== null,
    state: row.state,
  };
}

/** Brand lists the product picks by configuration, read when the catalog is asked for. */
export interface BrandSelectionConfig {
  /** Provider brand ids of the sports merchant's team-shop gift cards. */
  teamShops: readonly string[];
}

/** One listed brand, or not found. */
export async function findBrand(db: Queryable, brandId: string): Promise<BrandRow> {
  const [row] = await db
    .select()
    .from(giftcardBrands)
    .where(and(eq(giftcardBrands.id, brandId), eq(giftcardBrands.isListed, true)));
  if (!row) throw new DomainError('NOT_FOUND', 'No brand with this id.');
  return row;
}

/** A brand's name and card art, listed or not (past purchases still show theirs). */
export async function brandArt(
  db: Queryable,
  brandId: string,
): Promise<{ name: string; artwork: BrandArtwork }> {
  const [row] = await db
    .select({ name: giftcardBrands.name, artwork: giftcardBrands.artwork })
    .from(giftcardBrands)
    .where(eq(giftcardBrands.id, brandId));
  if (!row) throw new DomainError('NOT_FOUND', 'No brand with this id.');
  return { name: row.name, artwork: row.artwork as BrandArtwork };
}
