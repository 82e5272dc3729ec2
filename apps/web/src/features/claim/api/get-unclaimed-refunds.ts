import { unclaimedRefundListSchema, type UnclaimedRefund } from '@refund/contracts/refunds';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, parseAnswer } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** Open refunds sent to the signed-in customer's phone or verified email. */
export async function getUnclaimedRefunds(signal?: AbortSignal): Promise<UnclaimedRefund[]> {
  return parseAnswer(
    unclaimedRefundListSchema,
    await api.get('/refunds/unclaimed', undefined, { signal }),
  ).data;
}

// Under the refunds key, so a claim (which invalidates every refunds query) refreshes it.
export const unclaimedRefundsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.refunds.list({ unclaimed: true }),
    queryFn: ({ signal }) => getUnclaimedRefunds(signal),
  });

export const useUnclaimedRefunds = () => useQuery(unclaimedRefundsQueryOptions());
