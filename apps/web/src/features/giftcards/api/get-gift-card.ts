import { giftCardDetailsSchema, type GiftCardDetails } from '@refund/contracts/giftcards';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, parseAnswer } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** While the issuer is still making the card it can arrive at any moment; look again this often. */
export const PROCESSING_REFRESH_MS = 3_000;

export async function getGiftCard(
  reference: string,
  signal?: AbortSignal,
): Promise<GiftCardDetails> {
  return parseAnswer(
    giftCardDetailsSchema,
    await api.get(`/giftcards/${encodeURIComponent(reference)}`, undefined, { signal }),
  );
}

export const giftCardQueryOptions = (reference: string) =>
  queryOptions({
    queryKey: queryKeys.giftCards.detail(reference),
    queryFn: ({ signal }) => getGiftCard(reference, signal),
    refetchInterval: (query) =>
      query.state.data?.status === 'processing' ? PROCESSING_REFRESH_MS : false,
  });

export const useGiftCard = (reference: string) => useQuery(giftCardQueryOptions(reference));
