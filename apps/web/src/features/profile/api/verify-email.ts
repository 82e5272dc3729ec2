import { messageResponseSchema } from '@refund/contracts/refunds';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, parseAnswer } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** The email magic link: proves the address it was sent to. Answers a message to show. */
export async function verifyEmail(id: string): Promise<{ message: string }> {
  return parseAnswer(
    messageResponseSchema,
    await api.post(`/customers/profile/verify-email/${encodeURIComponent(id)}`),
  );
}

export function useVerifyEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyEmail,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.profile.all }),
  });
}
