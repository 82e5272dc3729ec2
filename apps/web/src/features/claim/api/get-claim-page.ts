import { claimPageSchema, type ClaimPage } from '@refund/contracts/refunds';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, parseAnswer } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export async function getClaimPage(refundUuid: string, signal?: AbortSignal): Promise<ClaimPage> {
  return parseAnswer(
    claimPageSchema,
    await api.get(`/customers/claim-refund/${encodeURIComponent(refundUuid)}`, undefined, {
      signal,
    }),
  );
}

export const claimPageQueryOptions = (refundUuid: string) =>
  queryOptions({
    queryKey: queryKeys.claimPage.detail(refundUuid),
    queryFn: ({ signal }) => getClaimPage(refundUuid, signal),
  });

export const useClaimPage = (refundUuid: string) => useQuery(claimPageQueryOptions(refundUuid));
