import {
  prepaidCardholderResponseSchema,
  type PrepaidCardholder,
} from '@refund/contracts/prepaid-cards';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, parseAnswer } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** The name and address the customer's prepaid cards are issued to; null before the first card. */
export async function getPrepaidCardholder(
  signal?: AbortSignal,
): Promise<PrepaidCardholder | null> {
  const answer = parseAnswer(
    prepaidCardholderResponseSchema,
    await api.get('/prepaid-cardholder', undefined, { signal }),
  );
  return answer.cardholder;
}

export const prepaidCardholderQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.prepaidCardholder.all,
    queryFn: ({ signal }) => getPrepaidCardholder(signal),
  });

export const usePrepaidCardholder = () => useQuery(prepaidCardholderQueryOptions());
