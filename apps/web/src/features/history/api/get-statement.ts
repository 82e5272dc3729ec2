import {
  statementPageSchema,
  transactionHistoryMovementKinds,
  type StatementLineKind,
  type StatementPage,
} from '@refund/contracts/wallet';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api, parseAnswer } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export const STATEMENT_PAGE_SIZE = 10;

/** The statement lines Transaction History shows beside its refund and redemption rows. */
export const movementKinds = transactionHistoryMovementKinds;

/** One keyset page of the customer's statement, newest first, of `kinds` only. */
export async function getStatement(
  params: { limit: number; cursor: string | null; kinds: readonly StatementLineKind[] },
  signal?: AbortSignal,
): Promise<StatementPage> {
  return parseAnswer(
    statementPageSchema,
    await api.get(
      '/wallet/statement',
      { limit: params.limit, cursor: params.cursor, kinds: params.kinds.join(',') },
      { signal },
    ),
  );
}

export const movementsQueryOptions = (limit = STATEMENT_PAGE_SIZE) =>
  infiniteQueryOptions({
    queryKey: queryKeys.statement.list({ limit, kinds: movementKinds }),
    queryFn: ({ pageParam, signal }) =>
      getStatement({ limit, cursor: pageParam, kinds: movementKinds }, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
  });

export const useMovements = () => useInfiniteQuery(movementsQueryOptions());
