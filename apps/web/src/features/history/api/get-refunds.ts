import { refundListSchema } from '@refund/contracts/refunds';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api, parseAnswer } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export type RefundPage = z.infer<typeof refundListSchema>;

export const REFUNDS_PAGE_SIZE = 10;

/** One keyset page of the customer's claimed refunds, newest first. */
export async function getRefunds(
  params: { limit: number; cursor: string | null },
  signal?: AbortSignal,
): Promise<RefundPage> {
  return parseAnswer(
    refundListSchema,
    await api.get('/refunds', { limit: params.limit, cursor: params.cursor }, { signal }),
  );
}

export const refundsQueryOptions = (limit = REFUNDS_PAGE_SIZE) =>
  infiniteQueryOptions({
    queryKey: queryKeys.refunds.list({ limit }),
    queryFn: ({ pageParam, signal }) => getRefunds({ limit, cursor: pageParam }, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
  });

export const useRefunds = () => useInfiniteQuery(refundsQueryOptions());
