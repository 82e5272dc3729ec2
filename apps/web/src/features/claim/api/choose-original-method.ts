import { originalMethodResponseSchema } from '@refund/contracts/refunds';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api, parseAnswer } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export type OriginalMethodResponse = z.infer<typeof originalMethodResponseSchema>;

/** The customer prefers the original payment method: nothing enters the wallet. */
export async function chooseOriginalMethod(refundUuid: string): Promise<OriginalMethodResponse> {
  return parseAnswer(
    originalMethodResponseSchema,
    await api.post(`/customers/claim-refund/${encodeURIComponent(refundUuid)}/original-method`),
  );
}

export function useChooseOriginalMethod() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: chooseOriginalMethod,
    // The link is spent: a later visit must ask the server again and find it closed.
    onSuccess: (_, refundUuid) =>
      queryClient.removeQueries({ queryKey: queryKeys.claimPage.detail(refundUuid) }),
  });
}
