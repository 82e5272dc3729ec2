import {
  bankAccountSchema,
  type AddBankAccountRequest,
  type BankAccount,
} from '@refund/contracts/banks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, parseAnswer } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export async function addBankAccount(body: AddBankAccountRequest): Promise<BankAccount> {
  return parseAnswer(bankAccountSchema, await api.post('/bank-accounts', body));
}

export function useAddBankAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addBankAccount,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.bankAccounts.all }),
  });
}
