import { claimRefundResponseSchema, type ClaimRefundResponse } from '@refund/contracts/refunds';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, parseAnswer } from '../../../lib/api-client';
import { deviceHeaders } from '../../../lib/visitor-id';
import { queryKeys } from '../../../lib/query-keys';

/** Moves the refund into the signed-in customer's wallet; repeating it answers the same claim. */
export async function claimRefund(refundUuid: string): Promise<ClaimRefundResponse> {
  return parseAnswer(
    claimRefundResponseSchema,
    await api.post('/customers/claim-refund', { refund_uuid: refundUuid }, await deviceHeaders()),
  );
}

export function useClaimRefund() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: claimRefund,
    onSuccess: async (_, refundUuid) => {
      queryClient.removeQueries({ queryKey: queryKeys.claimPage.detail(refundUuid) });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.walletBalance.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.statement.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.refunds.all }),
      ]);
    },
  });
}
