import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** Forgets the customer's FanCash account; unlinking twice changes nothing. */
export async function unlinkFanCash(): Promise<void> {
  await api.delete('/fancash/link');
}

export function useUnlinkFanCash() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unlinkFanCash,
    onSuccess: async () => {
      // A read still under way began before the unlink and would answer the old link after it.
      await queryClient.cancelQueries({ queryKey: queryKeys.fanCashLink.all });
      queryClient.setQueryData(queryKeys.fanCashLink.all, null);
    },
  });
}
