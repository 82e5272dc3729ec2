import { walletBalanceSchema, type WalletBalance } from '@refund/contracts/wallet';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, parseAnswer } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export async function getWalletBalance(signal?: AbortSignal): Promise<WalletBalance> {
  return parseAnswer(walletBalanceSchema, await api.get('/wallet/balance', undefined, { signal }));
}

export const walletBalanceQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.walletBalance.all,
    queryFn: ({ signal }) => getWalletBalance(signal),
  });

/** The balance; `enabled: false` for a screen that reads it only for some of its uses. */
export const useWalletBalance = ({ enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({ ...walletBalanceQueryOptions(), enabled });
