import {
  fanCashLinkSchema,
  type CompleteFanCashLinkRequest,
  type FanCashLinkView,
} from '@refund/contracts/fancash';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, parseAnswer } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** Links the account the merchant's sign-in vouched for; its state can be used once only. */
export async function completeFanCashLink(
  body: CompleteFanCashLinkRequest,
): Promise<FanCashLinkView> {
  return parseAnswer(fanCashLinkSchema, await api.post('/fancash/link/complete', body));
}

export function useCompleteFanCashLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: completeFanCashLink,
    onSuccess: async (link) => {
      // A read still under way began before the link and would answer "none" after it.
      await queryClient.cancelQueries({ queryKey: queryKeys.fanCashLink.all });
      queryClient.setQueryData(queryKeys.fanCashLink.all, link);
    },
  });
}
