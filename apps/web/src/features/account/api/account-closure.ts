import {
  closeAccountResponseSchema,
  closureStatusSchema,
  type CloseAccountRequest,
  type CloseAccountResponse,
  type ClosureStatus,
} from '@refund/contracts/account-rights';
import { otpChallengeSchema, type OtpChallenge } from '@refund/contracts/auth';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { api, parseAnswer } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** Whether the account can be closed now, and what keeps it open. */
export async function getClosureStatus(signal?: AbortSignal): Promise<ClosureStatus> {
  return parseAnswer(closureStatusSchema, await api.get('/users/closure', undefined, { signal }));
}

export const closureStatusQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.accountClosure.detail('status'),
    queryFn: ({ signal }) => getClosureStatus(signal),
    // Money moves while the screen is open: what keeps the account open is read fresh.
    staleTime: 0,
  });

export const useClosureStatus = () => useQuery(closureStatusQueryOptions());

/** Texts the passcode that closes the account. */
export async function startClosure(): Promise<OtpChallenge> {
  return parseAnswer(otpChallengeSchema, await api.post('/users/closure/otp'));
}

export const useStartClosure = () => useMutation({ mutationFn: startClosure });

/** Closes the account with the passcode texted for it. */
export async function closeAccount(body: CloseAccountRequest): Promise<CloseAccountResponse> {
  return parseAnswer(closeAccountResponseSchema, await api.post('/users/close', body));
}

export const useCloseAccount = () => useMutation({ mutationFn: closeAccount });
