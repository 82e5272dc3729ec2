import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export async function removeCard(cardUuid: string): Promise<void> {
  await api.delete(`/cards/${encodeURIComponent(cardUuid)}`);
}

export function useRemoveCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeCard,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.cards.all }),
  });
}
