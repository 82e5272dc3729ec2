import { freePlayResponseSchema, type FreePlayOffer } from '@refund/contracts/free-play';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, parseAnswer } from '../../../lib/api-client';
import { deviceId } from '../../../lib/device-id';
import { queryKeys } from '../../../lib/query-keys';

/** The free play as this customer can claim it, or null when none is offered. */
export async function getFreePlay(signal?: AbortSignal): Promise<FreePlayOffer | null> {
  const answer = parseAnswer(
    freePlayResponseSchema,
    // The device tells the offer whether the free play was claimed here by someone else.
    await api.get('/promotions/free-play', undefined, {
      signal,
      headers: { 'X-Device-Id': deviceId() },
    }),
  );
  return answer.offer;
}

export const freePlayQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.freePlay.all,
    queryFn: ({ signal }) => getFreePlay(signal),
  });

export const useFreePlay = () => useQuery(freePlayQueryOptions());
