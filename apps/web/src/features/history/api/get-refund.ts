import { refundSchema, type Refund } from '@refund/contracts/refunds';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, parseAnswer } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export async function getRefund(refundUuid: string, signal?: AbortSignal): Promise<Refund> {
  return parseAnswer(
    refundSchema,
    await api.get(`/refunds/${encodeURIComponent(refundUuid)}`, undefined, { signal }),
  );
}

export const refundQueryOptions = (refundUuid: string) =>
  queryOptions({
    queryKey: queryKeys.refunds.detail(refundUuid),
    queryFn: ({ signal }) => getRefund(refundUuid, signal),
  });

export const useRefund = (refundUuid: string) => useQuery(refundQueryOptions(refundUuid));
