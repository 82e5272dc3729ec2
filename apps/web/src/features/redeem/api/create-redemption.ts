import {
  transactionSchema,
  type CreateRedemptionRequest,
  type Transaction,
} from '@refund/contracts/redemptions';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, parseAnswer } from '../../../lib/api-client';
import { deviceHeaders } from '../../../lib/visitor-id';
import { queryKeys } from '../../../lib/query-keys';

export interface CreateRedemption {
  /** The flow's orderID: the same key for every retry of one redemption. */
  idempotencyKey: string;
  body: CreateRedemptionRequest;
}

export async function createRedemption({
  idempotencyKey,
  body,
}: CreateRedemption): Promise<Transaction> {
  return parseAnswer(
    transactionSchema,
    await api.post('/redemptions', body, {
      ...(await deviceHeaders()),
      'Idempotency-Key': idempotencyKey,
    }),
  );
}

export function useCreateRedemption() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createRedemption,
    // Settled either way: a refused redemption may still have raced a successful one.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.walletBalance.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.statement.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.transactions.all }),
      ]),
  });
}
