import { claimNextStepSchema, type ClaimNextStep } from '@refund/contracts/refunds';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, parseAnswer } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export async function getClaimNextStep(
  refundUuid: string,
  signal?: AbortSignal,
): Promise<ClaimNextStep> {
  return parseAnswer(
    claimNextStepSchema,
    await api.get(`/customers/claim-refund/next/${encodeURIComponent(refundUuid)}`, undefined, {
      signal,
    }),
  );
}

export const claimNextStepQueryOptions = (refundUuid: string) =>
  queryOptions({
    queryKey: queryKeys.claimNextStep.detail(refundUuid),
    queryFn: ({ signal }) => getClaimNextStep(refundUuid, signal),
    // The answer depends on accounts that change as the customer signs up: never reuse it.
    staleTime: 0,
    gcTime: 0,
  });

/** Asked when the customer presses Continue, so it is run like an action. */
export function useClaimNextStep() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (refundUuid: string) =>
      queryClient.fetchQuery(claimNextStepQueryOptions(refundUuid)),
  });
}
