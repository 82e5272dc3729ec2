import { signOutOthersResponseSchema } from '@refund/contracts/security-activity';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, parseAnswer } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** Ends every session of the customer but this one; answers how many it ended. */
export async function signOutOthers(): Promise<{ signed_out: number }> {
  return parseAnswer(
    signOutOthersResponseSchema,
    await api.post('/users/sessions/sign-out-others'),
  );
}

export function useSignOutOthers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signOutOthers,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.securityActivity.all }),
  });
}
