import { createHash } from 'node:crypto';
import { and, desc, eq, gt, inArray, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type {
  createSpotlightRequestSchema,
  MerchantSpotlight,
  MerchantSpotlightList,
  SpotlightItem,
} from '@refund/contracts/spotlight';
import type { z } from 'zod';
import type { Db, Queryable } from '../../db/database';
import { files, spotlights } from '../../db/schema';
import { DomainError } from '../../domain/domain-error';
import { decodeExactCursor, encodeExactCursor } from '../../http/cursor';
import type { Merchant } from '../merchants/merchant-keys';
import { keysetPage, olderThan, pageLimit } from '../../db/keyset';

type CreateSpotlight = z.output<typeof createSpotlightRequestSchema>;
type SpotlightRow = typeof spotlights.$inferSelect;

const requestHash = (body: CreateSpotlight) =>
  createHash('sha256').update(JSON.stringify(body)).digest('hex');

/** created_at at the database's microsecond precision, so a page never skips a row. */
const exactCreatedAt = sql<string>`to_char(${spotlights.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

function itemView(row: SpotlightRow): SpotlightItem {
  return {
    id: row.id,
    promotion_image: { file_key: row.imageFileKey },
    promotion_logo: row.logoFileKey ? { file_key: row.logoFileKey } : null,
    promotion_button_url: row.buttonUrl,
    promotion_button_text: row.buttonText,
  };
}

function merchantView(row: SpotlightRow): MerchantSpotlight {
  return {
    ...itemView(row),
    starts_at: row.startsAt.toISOString(),
    ends_at: row.endsAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
  };
}

/** Live at `now`: started, and not ended. */
const liveAt = (now: Date): SQL | undefined =>
  and(lte(spotlights.startsAt, now), or(isNull(spotlights.endsAt), gt(spotlights.endsAt, now)));

/** The spotlight customers see: of those live now, the one that started last. */
export async function liveSpotlight(
  db: Queryable,
  now = new Date(),
): Promise<SpotlightItem | null> {
  const [row] = await db
    .select()
    .from(spotlights)
    .where(liveAt(now))
    .orderBy(desc(spotlights.startsAt), desc(spotlights.createdAt), desc(spotlights.id))
    .limit(1);
  return row ? itemView(row) : null;
}

/** The merchant's side: create spotlights, list them, end one. */
export function createSpotlights(db: Db) {
  async function load(merchantId: string, spotlightId: string): Promise<SpotlightRow> {
    const [row] = await db
      .select()
      .from(spotlights)
      .where(and(eq(spotlights.id, spotlightId), eq(spotlights.merchantId, merchantId)));
    if (!row) throw new DomainError('NOT_FOUND', 'No spotlight with this id.');
    return row;
  }

  return {
    /**
     * Creates a spotlight once per idempotency key: the same key with the same body answers the
     * same spotlight; with another body it is refused. Its images must be the merchant's own.
     */
    async create(
      merchant: Merchant,
      idempotencyKey: string,
      body: CreateSpotlight,
    ): Promise<{ spotlight: MerchantSpotlight; created: boolean }> {
      const now = new Date();
      const startsAt = body.starts_at ? new Date(body.starts_at) : now;
      const endsAt = body.ends_at ? new Date(body.ends_at) : null;
      if (endsAt && endsAt.getTime() <= Math.max(now.getTime(), startsAt.getTime())) {
        throw new DomainError(
          'VALIDATION_FAILED',
          'ends_at must be in the future and after starts_at',
        );
      }
      const keys = [body.promotion_image.file_key, body.promotion_logo?.file_key].filter(
        (key): key is string => !!key,
      );
      const owned = await db
        .select({ key: files.key })
        .from(files)
        .where(and(inArray(files.key, keys), eq(files.merchantId, merchant.id)));
      if (owned.length !== new Set(keys).size) throw new DomainError('FILE_NOT_OWNED');

      const hash = requestHash(body);
      const [inserted] = await db
        .insert(spotlights)
        .values({
          merchantId: merchant.id,
          idempotencyKey,
          requestHash: hash,
          imageFileKey: body.promotion_image.file_key,
          logoFileKey: body.promotion_logo?.file_key ?? null,
          buttonUrl: body.promotion_button_url ?? null,
          buttonText: body.promotion_button_text ?? null,
          startsAt,
          endsAt,
        })
        .onConflictDoNothing()
        .returning();
      if (inserted) return { spotlight: merchantView(inserted), created: true };
      const [existing] = await db
        .select()
        .from(spotlights)
        .where(
          and(
            eq(spotlights.merchantId, merchant.id),
            eq(spotlights.idempotencyKey, idempotencyKey),
          ),
        );
      if (!existing) throw new Error('idempotent spotlight vanished');
      if (existing.requestHash !== hash) throw new DomainError('IDEMPOTENCY_KEY_REUSED');
      return { spotlight: merchantView(existing), created: false };
    },

    /** The merchant's spotlights, newest first, a keyset page at a time. */
    async list(
      merchantId: string,
      page: { cursor?: string | undefined; limit: number },
    ): Promise<MerchantSpotlightList> {
      const after = page.cursor ? decodeExactCursor(page.cursor) : null;
      const rows = await db
        .select({ row: spotlights, at: exactCreatedAt })
        .from(spotlights)
        .where(
          and(
            eq(spotlights.merchantId, merchantId),
            olderThan(spotlights.createdAt, spotlights.id, after),
          ),
        )
        .orderBy(desc(spotlights.createdAt), desc(spotlights.id))
        .limit(pageLimit(page.limit));
      const { page: shown, next_cursor } = keysetPage(rows, page.limit, (last) =>
        encodeExactCursor(last.at, last.row.id),
      );
      return { data: shown.map(({ row }) => merchantView(row)), next_cursor };
    },

    /**
     * Ends a spotlight now: customers stop seeing it. One not started yet is never shown; one
     * already ended keeps its end.
     */
    async end(merchantId: string, spotlightId: string): Promise<MerchantSpotlight> {
      const now = new Date();
      const [ended] = await db
        .update(spotlights)
        .set({ endsAt: sql`greatest(${spotlights.startsAt}, ${now.toISOString()}::timestamptz)` })
        .where(
          and(
            eq(spotlights.id, spotlightId),
            eq(spotlights.merchantId, merchantId),
            or(isNull(spotlights.endsAt), gt(spotlights.endsAt, now)),
          ),
        )
        .returning();
      return merchantView(ended ?? (await load(merchantId, spotlightId)));
    },
  };
}

export type Spotlights = ReturnType<typeof createSpotlights>;
