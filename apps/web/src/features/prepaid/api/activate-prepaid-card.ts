import {
  prepaidCardSchema,
  type PrepaidCard,
  type PrepaidCardList,
} from '@refund/contracts/prepaid-cards';
import { useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { api, parseAnswer } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** Activates an inactive card; an active one is answered unchanged. */
export async function activatePrepaidCard(cardUuid: string): Promise<PrepaidCard> {
  return parseAnswer(
    prepaidCardSchema,
    await api.post(`/prepaid-cards/${encodeURIComponent(cardUuid)}/activate`),
  );
}

export function useActivatePrepaidCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: activatePrepaidCard,
    onSuccess: async (card) => {
      queryClient.setQueryData(queryKeys.prepaidCards.detail(card.card_uuid), card);
      // The lists show it active at once, then hear it from the server.
      queryClient.setQueriesData<InfiniteData<PrepaidCardList>>(
        { queryKey: queryKeys.prepaidCards.lists() },
        (lists) =>
          lists && {
            ...lists,
            pages: lists.pages.map((page) => ({
              ...page,
              data: page.data.map((each) => (each.card_uuid === card.card_uuid ? card : each)),
            })),
          },
      );
      // The redemption history shows each card's status too.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.prepaidCards.lists() }),
        queryClient.invalidateQueries({ queryKey: queryKeys.transactions.all }),
      ]);
    },
  });
}
