import { prepaidCardListSchema, type PrepaidCardList } from '@refund/contracts/prepaid-cards';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api, parseAnswer } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export const PREPAID_CARDS_PAGE_SIZE = 20;

/** One keyset page of the customer's prepaid cards, newest first. */
export async function getPrepaidCards(
  params: { limit: number; cursor: string | null },
  signal?: AbortSignal,
): Promise<PrepaidCardList> {
  return parseAnswer(
    prepaidCardListSchema,
    await api.get('/prepaid-cards', { limit: params.limit, cursor: params.cursor }, { signal }),
  );
}

export const prepaidCardsQueryOptions = (limit = PREPAID_CARDS_PAGE_SIZE) =>
  infiniteQueryOptions({
    queryKey: queryKeys.prepaidCards.list({ limit }),
    queryFn: ({ pageParam, signal }) => getPrepaidCards({ limit, cursor: pageParam }, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
  });

export const usePrepaidCards = () => useInfiniteQuery(prepaidCardsQueryOptions());
