import { spotlightAnswerSchema, type SpotlightItem } from '@refund/contracts/spotlight';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, parseAnswer } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** The spotlight live now, or null when there is none. */
export async function getSpotlight(signal?: AbortSignal): Promise<SpotlightItem | null> {
  const answer = parseAnswer(
    spotlightAnswerSchema,
    await api.get('/spotlight', undefined, { signal }),
  );
  return answer.spotlight;
}

export const spotlightQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.spotlight.all,
    queryFn: ({ signal }) => getSpotlight(signal),
  });

export const useSpotlight = () => useQuery(spotlightQueryOptions());
