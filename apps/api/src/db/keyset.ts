import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';

/**
 * Keyset paging, newest first, over (time, id): one helper for every list the API pages, so the
 * "one row more than the page" rule and the index-friendly condition are written once.
 */

/** Where a page starts: the (time, id) of the row the previous page ended with. */
export interface KeysetPosition {
  at: Date | string;
  id: string;
}

/**
 * Rows older than the cursor's, in the row-value form `(time, id) < (…)` that an index on
 * (…, time, id) bounds the scan with (instead of filtering); no condition without a cursor.
 */
export function olderThan(
  time: SQLWrapper,
  id: SQLWrapper,
  after: KeysetPosition | null,
): SQL | undefined {
  if (!after) return undefined;
  const at = after.at instanceof Date ? after.at.toISOString() : after.at;
  return sql`(${time}, ${id}) < (${at}::timestamptz, ${after.id}::uuid)`;
}

/** How many rows to ask for: one more than the page, whose arrival says another page follows. */
export const pageLimit = (limit: number): number => limit + 1;

/**
 * The page of `rows` (asked for with pageLimit) and, when more follow, the cursor at its last row
 * (`cursorOf` may answer null for a row that cannot be one).
 */
export function keysetPage<T>(
  rows: readonly T[],
  limit: number,
  cursorOf: (last: T) => string | null,
): { page: T[]; next_cursor: string | null } {
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    page,
    next_cursor: rows.length > limit && last !== undefined ? cursorOf(last) : null,
  };
}
