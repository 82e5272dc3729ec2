import { freePlayClaimSchema, type FreePlayClaim } from '@refund/contracts/free-play';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, parseAnswer } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export interface ClaimFreePlay {
  /** One per claim attempt: a retry of the attempt sends the same key and gets the same claim. */
  idempotencyKey: string;
  /** The id this browser keeps for itself: one free play per device. */
  deviceId: string;
}

export async function claimFreePlay({
  idempotencyKey,
  deviceId,
}: ClaimFreePlay): Promise<FreePlayClaim> {
  return parseAnswer(
    freePlayClaimSchema,
    await api.post('/promotions/free-play/claims', undefined, {
      'Idempotency-Key': idempotencyKey,
      'X-Device-Id': deviceId,
    }),
  );
}

export function useClaimFreePlay() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: claimFreePlay,
    // Settled either way: a refusal means the offer changed (claimed, ended) since it was read.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.freePlay.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.walletBalance.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.statement.all }),
      ]),
  });
}
