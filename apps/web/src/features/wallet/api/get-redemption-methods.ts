import { redemptionMethodListSchema, type RedemptionMethod } from '@refund/contracts/wallet';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, parseAnswer } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export async function getRedemptionMethods(signal?: AbortSignal): Promise<RedemptionMethod[]> {
  const answer = parseAnswer(
    redemptionMethodListSchema,
    await api.get('/redemption-methods', undefined, { signal }),
  );
  return answer.data;
}

export const redemptionMethodsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.redemptionMethods.list(),
    queryFn: ({ signal }) => getRedemptionMethods(signal),
  });

export const useRedemptionMethods = () => useQuery(redemptionMethodsQueryOptions());
