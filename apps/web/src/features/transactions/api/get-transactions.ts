import { transactionListSchema } from '@refund/contracts/redemptions';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api, parseAnswer } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export type TransactionPage = z.infer<typeof transactionListSchema>;

export const TRANSACTIONS_PAGE_SIZE = 10;

/** One keyset page of the customer's redemptions, newest first. */
export async function getTransactions(
  params: { limit: number; cursor: string | null },
  signal?: AbortSignal,
): Promise<TransactionPage> {
  return parseAnswer(
    transactionListSchema,
    await api.get('/transactions', { limit: params.limit, cursor: params.cursor }, { signal }),
  );
}

export const transactionsQueryOptions = (limit = TRANSACTIONS_PAGE_SIZE) =>
  infiniteQueryOptions({
    queryKey: queryKeys.transactions.list({ limit }),
    queryFn: ({ pageParam, signal }) => getTransactions({ limit, cursor: pageParam }, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
  });

export const useTransactions = () => useInfiniteQuery(transactionsQueryOptions());
