import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { redemptions } from './schema';
import { Statement } from './statement';

describe('a statement built from text and query-builder rules', () => {
  it('numbers a rule’s parameters after the ones placed before it, in order', () => {
    const st = new Statement();
    const first = st.param('a', 'text');
    const rule = st.fragment(
      and(eq(redemptions.userId, sql.raw('r.user_id')), eq(redemptions.idempotencyKey, 'key-1'))!,
    );
    const last = st.param(7, 'int');
    expect(first).toBe('$1::text');
    expect(rule).toBe(
      '("redemptions"."user_id" = r.user_id and "redemptions"."idempotency_key" = $2)',
    );
    expect(last).toBe('$3::int');
    expect(st.values).toEqual(['a', 'key-1', 7]);
  });

  it('renumbers every parameter of a rule with ten or more', () => {
    const st = new Statement();
    for (let i = 0; i < 9; i += 1) st.param(i, 'int');
    const text = st.fragment(sql`${1} ${2} ${3} ${4} ${5} ${6} ${7} ${8} ${9} ${10} ${11}`);
    expect(text).toBe('$10 $11 $12 $13 $14 $15 $16 $17 $18 $19 $20');
    expect(st.values.slice(9)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
  });

  it('hands a list of rows over as one JSON parameter, its select ending in limit its length', () => {
    const st = new Statement();
    st.param('x', 'text');
    const text = st.selectRows([{ k: 1 }, { k: 2, note: 'b' }], 'r', 'k int, note text');
    expect(text.replace(/\s+/g, ' ')).toBe(
      'select * from json_to_recordset($2::json) as r(k int, note text) limit $3::int',
    );
    expect(st.values).toEqual(['x', '[{"k":1},{"k":2,"note":"b"}]', 2]);
  });
});
