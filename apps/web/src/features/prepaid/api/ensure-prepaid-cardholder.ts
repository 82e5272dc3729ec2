import { prepaidCardholderSchema, type PrepaidCardholder } from '@refund/contracts/prepaid-cards';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, parseAnswer } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/**
 * Makes the customer the cardholder, from their profile's name, email, phone and primary
 * address, or answers the cardholder they already are (asking twice is harmless). Refused with
 * ADDRESS_REQUIRED while the profile has no address.
 */
export async function ensurePrepaidCardholder(): Promise<PrepaidCardholder> {
  return parseAnswer(prepaidCardholderSchema, await api.post('/prepaid-cardholder'));
}

export function useEnsurePrepaidCardholder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ensurePrepaidCardholder,
    onSuccess: (cardholder) =>
      queryClient.setQueryData(queryKeys.prepaidCardholder.all, cardholder),
  });
}
