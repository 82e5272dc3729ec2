import { transactionSchema, type Transaction } from '@refund/contracts/redemptions';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, parseAnswer } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** While a payout is pending its outcome can arrive at any moment; look again this often. */
export const PENDING_REFRESH_MS = 5_000;

export async function getTransaction(
  transactionId: string,
  signal?: AbortSignal,
): Promise<Transaction> {
  return parseAnswer(
    transactionSchema,
    await api.get(`/transactions/${encodeURIComponent(transactionId)}`, undefined, { signal }),
  );
}

export const transactionQueryOptions = (transactionId: string) =>
  queryOptions({
    queryKey: queryKeys.transactions.detail(transactionId),
    queryFn: ({ signal }) => getTransaction(transactionId, signal),
    refetchInterval: (query) =>
      query.state.data?.status === 'Pending' ? PENDING_REFRESH_MS : false,
  });

export const useTransaction = (transactionId: string) =>
  useQuery(transactionQueryOptions(transactionId));
