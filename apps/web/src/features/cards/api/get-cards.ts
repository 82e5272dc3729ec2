import { cardListSchema, type Card } from '@refund/contracts/cards';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, parseAnswer } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export async function getCards(signal?: AbortSignal): Promise<Card[]> {
  return parseAnswer(cardListSchema, await api.get('/cards', undefined, { signal })).data;
}

export const cardsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.cards.list(),
    queryFn: ({ signal }) => getCards(signal),
  });

export const useCards = () => useQuery(cardsQueryOptions());
