import {
  brandListSchema,
  brandSchema,
  type Brand,
  type BrandList,
  type BrandCategory,
  type BrandSelection,
} from '@refund/contracts/brands';
import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useQuery,
} from '@tanstack/react-query';
import { api, parseAnswer } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export interface BrandListParams {
  limit: number;
  page: number;
  /** A category of the catalog, or a list the product picks (`featured`, `team_shop`). */
  category?: BrandCategory | BrandSelection | undefined;
  /** Search in the brands' names. */
  q?: string | undefined;
}

/** One page of the catalog's enabled brands (SPEC §7 GET /brands). */
export async function getBrands(params: BrandListParams, signal?: AbortSignal): Promise<BrandList> {
  return parseAnswer(
    brandListSchema,
    await api.get(
      '/brands',
      {
        limit: params.limit,
        page: params.page,
        category: params.category,
        filter: { is_enabled: true },
        q: params.q || undefined,
      },
      { signal },
    ),
  );
}

export const brandsQueryOptions = (params: BrandListParams) =>
  queryOptions({
    queryKey: queryKeys.brands.list({ ...params }),
    queryFn: ({ signal }) => getBrands(params, signal),
    // The catalog changes slowly; a minute old is fresh enough to browse.
    staleTime: 60_000,
  });

export const useBrands = (params: BrandListParams) => useQuery(brandsQueryOptions(params));

export async function getBrand(brandId: string, signal?: AbortSignal): Promise<Brand> {
  return parseAnswer(
    brandSchema,
    await api.get(`/brands/${encodeURIComponent(brandId)}`, undefined, { signal }),
  );
}

export const brandQueryOptions = (brandId: string) =>
  queryOptions({
    queryKey: queryKeys.brands.detail(brandId),
    queryFn: ({ signal }) => getBrand(brandId, signal),
    staleTime: 60_000,
  });

export const useBrand = (brandId: string) => useQuery(brandQueryOptions(brandId));

/** The catalog's page size when browsing. */
export const CATALOG_PAGE_SIZE = 24;

/** The catalog, page after page, for a search and a category. */
export const catalogQueryOptions = (filter: Pick<BrandListParams, 'category' | 'q'>) =>
  infiniteQueryOptions({
    queryKey: queryKeys.brands.list({ ...filter, catalog: true }),
    queryFn: ({ pageParam, signal }) =>
      getBrands({ ...filter, limit: CATALOG_PAGE_SIZE, page: pageParam }, signal),
    initialPageParam: 1,
    getNextPageParam: (last, _all, page) =>
      page < last.featured_brands.total_page ? page + 1 : undefined,
    staleTime: 60_000,
  });

export const useCatalog = (filter: Pick<BrandListParams, 'category' | 'q'>) =>
  useInfiniteQuery(catalogQueryOptions(filter));

/**
 * The sports merchant's team-shop gift cards that are offered, page after page: the same query
 * for the gift card screen's way in and the Sports Gift Card screen, so the one fills the other.
 */
export const useTeamShops = () => useCatalog({ category: 'team_shop' });
