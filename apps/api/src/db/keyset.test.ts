import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { redemptions } from './schema';
import { keysetPage, olderThan, pageLimit } from './keyset';

const rows = (n: number) => Array.from({ length: n }, (_, i) => ({ id: `r${i}` }));

describe('keyset paging', () => {
  it('asks for one row more than the page, and gives a cursor at the last shown row only when it came', () => {
    expect(pageLimit(20)).toBe(21);
    expect(keysetPage(rows(3), 2, (last) => `after:${last.id}`)).toEqual({
      page: rows(2),
      next_cursor: 'after:r1',
    });
    expect(keysetPage(rows(2), 2, (last) => `after:${last.id}`)).toEqual({
      page: rows(2),
      next_cursor: null,
    });
    expect(keysetPage([], 2, () => 'never')).toEqual({ page: [], next_cursor: null });
    // A last row that cannot be a cursor ends the list rather than giving a broken one.
    expect(keysetPage(rows(3), 2, () => null).next_cursor).toBeNull();
  });

  it('bounds the scan with the row-value form, from a Date or an exact timestamp', () => {
    const dialect = new PgDialect();
    expect(olderThan(redemptions.createdAt, redemptions.id, null)).toBeUndefined();
    const at = new Date('2026-11-28T10:00:00.123Z');
    const id = '6f1e2d3c-4b5a-4c6d-8e7f-0a1b2c3d4e5f';
    const fromDate = olderThan(redemptions.createdAt, redemptions.id, { at, id });
    expect(fromDate && dialect.sqlToQuery(fromDate)).toMatchObject({
      sql: '("redemptions"."created_at", "redemptions"."id") < ($1::timestamptz, $2::uuid)',
      params: ['2026-11-28T10:00:00.123Z', id],
    });
    const exact = olderThan(redemptions.createdAt, redemptions.id, {
      at: '2026-11-28T10:00:00.123456Z',
      id,
    });
    expect(exact && dialect.sqlToQuery(exact).params).toEqual(['2026-11-28T10:00:00.123456Z', id]);
  });
});
