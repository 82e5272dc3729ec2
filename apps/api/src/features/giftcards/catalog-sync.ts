import { and, eq, notInArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { brandCategoryNames, expiryPolicy } from '@refund/contracts/brands';
import type { Db } from '../../db/database';
import { giftcardBrands } from '../../db/schema';
import type { JobQueue } from '../../jobs/job-queue';
import type { BrandArtwork, GiftCardIssuer, IssuerBrand } from '../../providers/ports';

/** The product's own say over the issuer's catalog, from configuration. */
export interface Merchandising {
  /** The part of the issuer's discount paid to the customer as cashback, in basis points. */
  cashbackShareBps: number;
  /** Provider brand ids featured on the promotion page, in order. */
  featured: readonly string[];
  /** Provider brand ids not offered, whatever the issuer says. */
  disabled: readonly string[];
}

const artworkSchema = z.object({
  background: z.string().regex(/^#[0-9a-f]{6}$/i),
  accent: z.string().regex(/^#[0-9a-f]{6}$/i),
  monogram: z.string().regex(/^[A-Z0-9]{1,3}$/),
  motif: z.enum(['stripes', 'rings', 'waves', 'grid', 'sun']),
});
const plainArtwork: BrandArtwork = {
  background: '#334155',
  accent: '#f8fafc',
  monogram: 'GC',
  motif: 'grid',
};

/**
 * An issuer brand the product can list: known categories, sane amounts. Anything else from the
 * issuer is left out of the catalog rather than shown wrong.
 */
function listable(brand: IssuerBrand): boolean {
  const d = brand.denominations;
  const amountsOk =
    d.type === 'open'
      ? Number.isInteger(d.minCents) && d.minCents > 0 && d.maxCents >= d.minCents
      : d.valuesCents.length > 0 && d.valuesCents.every((v) => Number.isInteger(v) && v > 0);
  return (
    amountsOk &&
    brand.providerBrandId.length > 0 &&
    brand.categories.every((c) => (brandCategoryNames as readonly string[]).includes(c)) &&
    Number.isInteger(brand.discountBps) &&
    brand.discountBps >= 0 &&
    brand.discountBps < 10_000
  );
}

export interface CatalogSyncResult {
  listed: number;
  unlisted: number;
}

/**
 * Brings the catalog in line with the issuer's: every brand it lists is inserted or updated
 * (its state, amounts, terms), the product's merchandising applied; a brand it no longer lists
 * stays, unlisted. One transaction: readers see the old catalog or the new one.
 */
export async function syncGiftCardCatalog(
  db: Db,
  issuer: Pick<GiftCardIssuer, 'catalog'>,
  merchandising: Merchandising,
): Promise<CatalogSyncResult> {
  const brands = (await issuer.catalog()).filter(listable);
  const now = new Date();
  const rows = brands.map((brand) => {
    const d = brand.denominations;
    const rank = merchandising.featured.indexOf(brand.providerBrandId);
    const artwork = artworkSchema.safeParse(brand.artwork);
    return {
      providerBrandId: brand.providerBrandId,
      name: brand.name,
      description: brand.description,
      terms: brand.terms,
      categories: [...brand.categories],
      denominationType: d.type,
      minCents: d.type === 'open' ? d.minCents : null,
      maxCents: d.type === 'open' ? d.maxCents : null,
      wholeDollars: d.type === 'open' ? d.wholeDollars : false,
      fixedCents: d.type === 'fixed' ? [...d.valuesCents].sort((a, b) => a - b) : null,
      discountBps: brand.discountBps,
      cashbackBps: Math.floor((brand.discountBps * merchandising.cashbackShareBps) / 10_000),
      redeemableOnline: brand.redeemableOnline,
      redeemableInStore: brand.redeemableInStore,
      expiryPolicy: expiryPolicy(brand.expiry),
      expiryType: brand.expiry.type,
      expiryMonths: brand.expiry.type === 'after_issue' ? brand.expiry.months : null,
      balanceCheckUrl: brand.balanceCheckUrl,
      state: brand.state,
      artwork: artwork.success ? artwork.data : plainArtwork,
      isEnabled: !merchandising.disabled.includes(brand.providerBrandId),
      featuredRank: rank >= 0 ? rank + 1 : null,
      isListed: true,
      syncedAt: now,
    };
  });
  return db.transaction(async (tx) => {
    if (rows.length > 0) {
      await tx
        .insert(giftcardBrands)
        .values(rows)
        .onConflictDoUpdate({
          target: giftcardBrands.providerBrandId,
          set: Object.fromEntries(
            Object.keys(rows[0] ?? {}).map((key) => {
              const column = giftcardBrands[key as keyof (typeof rows)[number]];
              return [key, sql.raw(`excluded."${column.name}"`)];
            }),
          ),
        });
    }
    const ids = rows.map((r) => r.providerBrandId);
    const gone = await tx
      .update(giftcardBrands)
      .set({ isListed: false, featuredRank: null, syncedAt: now })
      .where(
        and(
          eq(giftcardBrands.isListed, true),
          ids.length > 0 ? notInArray(giftcardBrands.providerBrandId, ids) : undefined,
        ),
      )
      .returning({ id: giftcardBrands.id });
    return { listed: rows.length, unlisted: gone.length };
  });
}

export const CATALOG_SYNC_QUEUE = 'giftcard-catalog-sync';

/**
 * Syncs the catalog now when it is empty (a fresh install lists brands from its first request),
 * then on a job every `intervalSeconds`. An issuer that does not answer leaves the catalog as it
 * was until the next run.
 */
export async function startCatalogSync(
  jobs: JobQueue,
  sync: () => Promise<CatalogSyncResult>,
  options: {
    db: Db;
    intervalSeconds: number;
    logger: FastifyBaseLogger;
    /** Told whether the issuer answered. */
    health?: { answered(): void; failed(): void };
  },
): Promise<{ stop(): void }> {
  const run = async () => {
    try {
      const result = await sync();
      options.health?.answered();
      options.logger.info(result, 'gift card catalog synced');
    } catch (error) {
      options.health?.failed();
      options.logger.warn(
        { err: error },
        'gift card catalog not synced; the issuer did not answer',
      );
    }
  };
  await jobs.work<Record<string, never>>(CATALOG_SYNC_QUEUE, { retryLimit: 0 }, run);
  const [known] = await options.db.select({ id: giftcardBrands.id }).from(giftcardBrands).limit(1);
  if (!known) await run();
  const queueRun = () => {
    jobs
      .send(CATALOG_SYNC_QUEUE, {}, { singletonKey: CATALOG_SYNC_QUEUE })
      .catch((error: unknown) => options.logger.warn({ err: error }, 'catalog sync not queued'));
  };
  const timer = setInterval(queueRun, options.intervalSeconds * 1000);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
