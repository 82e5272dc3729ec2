import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export async function removeBankAccount(bankAccountUuid: string): Promise<void> {
  await api.delete(`/bank-accounts/${encodeURIComponent(bankAccountUuid)}`);
}

export function useRemoveBankAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeBankAccount,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.bankAccounts.all }),
  });
}
