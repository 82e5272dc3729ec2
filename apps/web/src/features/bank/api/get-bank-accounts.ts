import { bankAccountListSchema, type BankAccount } from '@refund/contracts/banks';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, parseAnswer } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export async function getBankAccounts(signal?: AbortSignal): Promise<BankAccount[]> {
  return parseAnswer(bankAccountListSchema, await api.get('/bank-accounts', undefined, { signal }))
    .data;
}

export const bankAccountsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.bankAccounts.list(),
    queryFn: ({ signal }) => getBankAccounts(signal),
  });

export const useBankAccounts = () => useQuery(bankAccountsQueryOptions());
