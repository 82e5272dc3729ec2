import type { RateTransactionRequest } from '@refund/contracts/redemptions';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export async function rateTransaction(input: {
  transactionId: string;
  body: RateTransactionRequest;
}): Promise<void> {
  await api.post(`/transactions/${encodeURIComponent(input.transactionId)}/rating`, input.body);
}

export const useRateTransaction = () => useMutation({ mutationFn: rateTransaction });
