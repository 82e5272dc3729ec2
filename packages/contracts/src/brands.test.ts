import { describe, expect, it } from 'vitest';
import {
  type BrandDenominations,
  brandListQuerySchema,
  cashbackCents,
  denominationProblem,
  expiryPolicy,
  offerLabel,
} from './brands';

describe('the brand list query', () => {
  it('defaults to the first page of four', () => {
    expect(brandListQuerySchema.parse({})).toEqual({ limit: 4, page: 1 });
  });

  it('reads the documented parameters, the filter as JSON', () => {
    expect(
      brandListQuerySchema.parse({
        limit: '4',
        page: '2',
        category: 'featured',
        filter: '{"is_enabled":true}',
        q: ' coffee ',
      }),
    ).toEqual({
      limit: 4,
      page: 2,
      category: 'featured',
      filter: { is_enabled: true },
      q: 'coffee',
    });
  });

  it('reads the team-shop selection as a category', () => {
    expect(brandListQuerySchema.parse({ category: 'team_shop' })).toEqual({
      limit: 4,
      page: 1,
      category: 'team_shop',
    });
  });

  it.each([
    [{ limit: '0' }, 'limit must be at least 1'],
    [{ limit: '101' }, 'limit must be at most 100'],
    [{ limit: 'four' }, 'limit must be a number'],
    [{ page: '0' }, 'page must be at least 1'],
    [{ page: '1.5' }, 'page must be a whole number'],
    [{ category: 'cars' }, 'category must be featured, team_shop or one of'],
    [{ category: 'TEAM_SHOP' }, 'category must be featured, team_shop or one of'],
    [{ filter: '{is_enabled:true}' }, 'filter must be JSON'],
    [{ filter: '{"is_enabled":"yes"}' }, 'filter.is_enabled must be true or false'],
    [{ filter: '{"is_featured":true}' }, 'filter may only have is_enabled'],
    [{ q: 'x'.repeat(101) }, 'q must be at most 100 characters'],
  ])('refuses %j with a clear message', (query, message) => {
    const result = brandListQuerySchema.safeParse(query);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message).join(' | ')).toContain(message);
  });
});

describe('cashback', () => {
  it('is rounded down to whole cents', () => {
    expect(cashbackCents(10_000, 400)).toBe(400);
    expect(cashbackCents(2_599, 250)).toBe(64);
    expect(cashbackCents(100, 0)).toBe(0);
  });

  it('is named as the offer says', () => {
    expect(offerLabel(400)).toBe('4% cashback');
    expect(offerLabel(250)).toBe('2.5% cashback');
    expect(offerLabel(125)).toBe('1.25% cashback');
    expect(offerLabel(0)).toBeNull();
  });
});

describe('the expiry in words', () => {
  it('says the texts the screens have always shown', () => {
    expect(expiryPolicy({ type: 'never' })).toBe('Does not expire');
    expect(expiryPolicy({ type: 'after_issue', months: 60 })).toBe('Expires 5 years after issue');
    expect(expiryPolicy({ type: 'with_card' })).toBe('See the link for the expiry date');
  });

  it('counts years when the months make whole years, months otherwise', () => {
    expect(expiryPolicy({ type: 'after_issue', months: 12 })).toBe('Expires 1 year after issue');
    expect(expiryPolicy({ type: 'after_issue', months: 18 })).toBe('Expires 18 months after issue');
    expect(expiryPolicy({ type: 'after_issue', months: 1 })).toBe('Expires 1 month after issue');
  });
});

describe('an amount against a brand’s denominations', () => {
  const open = {
    type: 'open',
    min_in_cents: 500,
    max_in_cents: 10_000,
    is_whole_amount_value_required: true,
  } as const;
  const fixed: BrandDenominations = { type: 'fixed', values_in_cents: [2_500, 5_000] };

  it('takes an open amount within the range, in whole dollars where required', () => {
    expect(denominationProblem(open, 500)).toBeNull();
    expect(denominationProblem(open, 10_000)).toBeNull();
    expect(denominationProblem(open, 499)).toBe('AMOUNT_OUT_OF_RANGE');
    expect(denominationProblem(open, 10_100)).toBe('AMOUNT_OUT_OF_RANGE');
    expect(denominationProblem(open, 2_550)).toBe('AMOUNT_NOT_WHOLE_DOLLARS');
    expect(
      denominationProblem({ ...open, is_whole_amount_value_required: false }, 2_550),
    ).toBeNull();
  });

  it('takes only the listed fixed amounts', () => {
    expect(denominationProblem(fixed, 2_500)).toBeNull();
    expect(denominationProblem(fixed, 3_000)).toBe('AMOUNT_NOT_OFFERED');
  });
});
