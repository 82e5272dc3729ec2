import { fanCashLinkResponseSchema, type FanCashLinkView } from '@refund/contracts/fancash';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, parseAnswer } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** The customer's linked FanCash account; null before one is linked. */
export async function getFanCashLink(signal?: AbortSignal): Promise<FanCashLinkView | null> {
  const answer = parseAnswer(
    fanCashLinkResponseSchema,
    await api.get('/fancash/link', undefined, { signal }),
  );
  return answer.link;
}

export const fanCashLinkQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.fanCashLink.all,
    queryFn: ({ signal }) => getFanCashLink(signal),
  });

export const useFanCashLink = () => useQuery(fanCashLinkQueryOptions());
