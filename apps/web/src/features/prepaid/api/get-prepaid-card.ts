import { prepaidCardSchema, type PrepaidCard } from '@refund/contracts/prepaid-cards';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api, parseAnswer } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** While the issuer is still making the card it can arrive at any moment; look again this often. */
export const PROCESSING_REFRESH_MS = 3_000;

/** One card, its status and balance refreshed from the issuer. */
export async function getPrepaidCard(cardUuid: string, signal?: AbortSignal): Promise<PrepaidCard> {
  return parseAnswer(
    prepaidCardSchema,
    await api.get(`/prepaid-cards/${encodeURIComponent(cardUuid)}`, undefined, { signal }),
  );
}

export const prepaidCardQueryOptions = (cardUuid: string) =>
  queryOptions({
    queryKey: queryKeys.prepaidCards.detail(cardUuid),
    queryFn: ({ signal }) => getPrepaidCard(cardUuid, signal),
    refetchInterval: (query) =>
      query.state.data?.status === 'processing' ? PROCESSING_REFRESH_MS : false,
  });

/**
 * A card as the list showed it; while it is processing it is looked at again every few seconds
 * (starting from what the list showed, so nothing is asked at first) until the issuer has issued
 * it or it failed, and then the lists are refreshed to match.
 */
export function useLivePrepaidCard(card: PrepaidCard): PrepaidCard {
  const queryClient = useQueryClient();
  const processing = card.status === 'processing';
  const live = useQuery({
    ...prepaidCardQueryOptions(card.card_uuid),
    enabled: processing,
    initialData: card,
  });
  const settled = processing && live.data.status !== 'processing';
  useEffect(() => {
    if (settled) void queryClient.invalidateQueries({ queryKey: queryKeys.prepaidCards.lists() });
  }, [settled, queryClient]);
  return processing ? live.data : card;
}
