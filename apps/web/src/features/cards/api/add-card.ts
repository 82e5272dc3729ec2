import { cardSchema, type AddCardRequest, type Card } from '@refund/contracts/cards';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, parseAnswer } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** Hands the card to the API's vault; what comes back is a token's view: brand and last four. */
export async function addCard(body: AddCardRequest): Promise<Card> {
  return parseAnswer(cardSchema, await api.post('/cards', body));
}

export function useAddCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addCard,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.cards.all }),
  });
}
