import { securityActivitySchema, type SecurityActivity } from '@refund/contracts/security-activity';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api, parseAnswer } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export const SECURITY_ACTIVITY_PAGE_SIZE = 20;

/** One keyset page of the customer's security activity, newest first. */
export async function getSecurityActivity(
  params: { limit: number; cursor: string | null },
  signal?: AbortSignal,
): Promise<SecurityActivity> {
  return parseAnswer(
    securityActivitySchema,
    await api.get(
      '/users/security-activity',
      { limit: params.limit, cursor: params.cursor },
      { signal },
    ),
  );
}

export const securityActivityQueryOptions = (limit = SECURITY_ACTIVITY_PAGE_SIZE) =>
  infiniteQueryOptions({
    queryKey: queryKeys.securityActivity.list({ limit }),
    queryFn: ({ pageParam, signal }) => getSecurityActivity({ limit, cursor: pageParam }, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
  });

export const useSecurityActivity = () => useInfiniteQuery(securityActivityQueryOptions());
