import {
  bankAccountSchema,
  type BankAccount,
  type BankLinkExchangeRequest,
} from '@refund/contracts/banks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, parseAnswer } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** Trades the code the provider sent back for the verified account it belongs to. */
export async function exchangeBankLink(body: BankLinkExchangeRequest): Promise<BankAccount> {
  return parseAnswer(bankAccountSchema, await api.post('/bank-link/exchange', body));
}

export function useExchangeBankLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: exchangeBankLink,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.bankAccounts.all }),
  });
}
