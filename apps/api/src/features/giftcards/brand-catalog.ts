import { createHash } from 'node:crypto';
import { asc, eq, sql } from 'drizzle-orm';
import type { BrandList, BrandListQuery } from '@refund/contracts/brands';
import type { CustomerChanges } from '../../db/customer-changes';
import type { Queryable } from '../../db/database';
import { giftcardBrands } from '../../db/schema';
import { compressedAs } from '../../http/content-encoding';
import { brandView, type BrandRow, type BrandSelectionConfig } from './brands';

/**
 * A brand list as it goes out: the list, its JSON (made once), and its entity tag for a client
 * that has it already.
 */
export interface CatalogAnswer {
  list: BrandList;
  body: string;
  etag: string;
  /** The JSON compressed, each coding made the first time a client takes it. */
  encoded: Partial<Record<'br' | 'gzip', Buffer>>;
}

/**
 * The answer's JSON in `coding`, compressed once (a first page of 20 brands is about 26 KB of
 * JSON). Fast settings: a list searched for once is compressed for that one answer.
 */
export function encodedBody(answer: CatalogAnswer, coding: 'br' | 'gzip'): Buffer {
  const made = answer.encoded[coding] ?? compressedAs(Buffer.from(answer.body), coding, 'fast');
  answer.encoded[coding] = made;
  return made;
}

/** How many different lists (category, filter, search, page) a snapshot keeps answered. */
const MAX_ANSWERS = 1_000;

/** Every listed brand, in the lists' order: the featured first (in their order), then by name. */
function readListed(db: Queryable): Promise<BrandRow[]> {
  return db
    .select()
    .from(giftcardBrands)
    .where(eq(giftcardBrands.isListed, true))
    .orderBy(
      sql`${giftcardBrands.featuredRank} asc nulls last`,
      asc(giftcardBrands.name),
      asc(giftcardBrands.id),
    );
}

/** The brands of `rows` a query asks for, in their order: by category, enabled or not, by name. */
export function selectBrands(
  rows: readonly BrandRow[],
  query: BrandListQuery,
  selections: BrandSelectionConfig,
): BrandRow[] {
  const term = query.q?.toLowerCase();
  return rows.filter((row) => {
    if (query.category === 'featured' && row.featuredRank === null) return false;
    if (
      query.category === 'team_shop' &&
      !(row.isEnabled && selections.teamShops.includes(row.providerBrandId))
    ) {
      return false;
    }
    if (
      query.category &&
      query.category !== 'featured' &&
      query.category !== 'team_shop' &&
      !row.categories.includes(query.category)
    ) {
      return false;
    }
    if (query.filter?.is_enabled !== undefined && row.isEnabled !== query.filter.is_enabled) {
      return false;
    }
    if (
      term &&
      !row.name.toLowerCase().includes(term) &&
      !(row.displayName?.toLowerCase().includes(term) ?? false)
    ) {
      return false;
    }
    return true;
  });
}

function answerOf(selected: readonly BrandRow[], query: BrandListQuery): CatalogAnswer {
  const start = (query.page - 1) * query.limit;
  const list: BrandList = {
    featured_brands: {
      data: selected.slice(start, start + query.limit).map(brandView),
      total_page: Math.ceil(selected.length / query.limit),
    },
  };
  const body = JSON.stringify(list);
  const digest = createHash('sha256').update(body).digest('base64url').slice(0, 27);
  return { list, body, etag: `"${digest}"`, encoded: {} };
}

interface Snapshot {
  rows: BrandRow[];
  answers: Map<string, CatalogAnswer>;
}

/**
 * The gift card catalog as the brand lists read it, kept in memory: the catalog changes only
 * when it syncs, and the database announces every change to it (migration 0033), whoever made
 * it, to every process. A change heard drops the snapshot; the next list reads the catalog
 * again. While changes are not heard (the listening connection is lost), every list reads the
 * catalog afresh, as before there was a snapshot. Each different list asked for is answered once
 * a snapshot, its JSON and entity tag kept beside it.
 */
export function createBrandCatalog(options: {
  db: Queryable;
  changes: Pick<CustomerChanges, 'live' | 'subscribe'>;
  selections: BrandSelectionConfig;
}) {
  let snapshot: Promise<Snapshot> | null = null;
  const unsubscribe = options.changes.subscribe((change) => {
    if (change === 'catalog' || change === 'all') snapshot = null;
  });

  const load = async (): Promise<Snapshot> => ({
    rows: await readListed(options.db),
    answers: new Map(),
  });

  function current(): Promise<Snapshot> {
    if (!options.changes.live()) return load();
    if (!snapshot) {
      // A change heard while this reads drops it: lists asked for before the change get it,
      // later ones read again.
      const loading = load();
      snapshot = loading;
      loading.catch(() => {
        if (snapshot === loading) snapshot = null;
      });
    }
    return snapshot;
  }

  return {
    /** The page of brands `query` asks for, as `GET /v1/brands` answers it. */
    async list(query: BrandListQuery): Promise<CatalogAnswer> {
      const { rows, answers } = await current();
      const key = JSON.stringify([
        query.category ?? null,
        query.filter?.is_enabled ?? null,
        query.q ?? null,
        query.limit,
        query.page,
      ]);
      const known = answers.get(key);
      if (known) return known;
      const answer = answerOf(selectBrands(rows, query, options.selections), query);
      if (answers.size >= MAX_ANSWERS) {
        const oldest = answers.keys().next().value;
        if (oldest !== undefined) answers.delete(oldest);
      }
      answers.set(key, answer);
      return answer;
    },
    /** Stops hearing changes (the app closes). */
    stop(): void {
      unsubscribe();
      snapshot = null;
    },
  };
}

export type BrandCatalog = ReturnType<typeof createBrandCatalog>;
