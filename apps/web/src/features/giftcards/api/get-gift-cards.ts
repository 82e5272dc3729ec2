import { giftCardListSchema, type GiftCardList } from '@refund/contracts/giftcards';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api, parseAnswer } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** Active cards, or the ones marked used. */
export type GiftCardShelf = 'active' | 'archived';

export const GIFT_CARDS_PAGE_SIZE = 10;

/** One keyset page of the customer's gift cards on a shelf, newest first. */
export async function getGiftCards(
  params: { status: GiftCardShelf; limit: number; cursor: string | null },
  signal?: AbortSignal,
): Promise<GiftCardList> {
  return parseAnswer(
    giftCardListSchema,
    await api.get(
      '/giftcards',
      { status: params.status, limit: params.limit, cursor: params.cursor },
      { signal },
    ),
  );
}

export const giftCardsQueryOptions = (status: GiftCardShelf, limit = GIFT_CARDS_PAGE_SIZE) =>
  infiniteQueryOptions({
    queryKey: queryKeys.giftCards.list({ status, limit }),
    queryFn: ({ pageParam, signal }) => getGiftCards({ status, limit, cursor: pageParam }, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
  });

export const useGiftCards = (status: GiftCardShelf) =>
  useInfiniteQuery(giftCardsQueryOptions(status));
