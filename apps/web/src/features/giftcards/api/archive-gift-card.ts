import { giftCardDetailsSchema, type GiftCardDetails } from '@refund/contracts/giftcards';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, parseAnswer } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** Marks a card used (archived), or moves it back to the active ones. */
export async function archiveGiftCard(params: {
  reference: string;
  archived: boolean;
}): Promise<GiftCardDetails> {
  return parseAnswer(
    giftCardDetailsSchema,
    await api.put(`/giftcards/${encodeURIComponent(params.reference)}/archived`, {
      archived: params.archived,
    }),
  );
}

export function useArchiveGiftCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: archiveGiftCard,
    onSuccess: async (details) => {
      queryClient.setQueryData(queryKeys.giftCards.detail(details.reward_reference_id), details);
      // The card moved from one list to the other.
      await queryClient.invalidateQueries({ queryKey: queryKeys.giftCards.lists() });
    },
  });
}
