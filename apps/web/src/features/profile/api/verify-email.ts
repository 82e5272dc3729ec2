import { emailLinkSchema, messageResponseSchema, type EmailLink } from '@refund/contracts/refunds';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, parseAnswer } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

const linkPath = (id: string) => `/customers/profile/verify-email/${encodeURIComponent(id)}`;

/**
 * What the e-mail link asks (ADR 0011): the address, the account that asked (phone masked), and
 * whether the account signed in here is that one (null signed out).
 */
export async function getEmailLink(id: string, signal?: AbortSignal): Promise<EmailLink> {
  return parseAnswer(emailLinkSchema, await api.get(linkPath(id), undefined, { signal }));
}

/** The link as the person who opened it sees it; read again when they sign in or out. */
export function useEmailLink(id: string, signedIn: boolean) {
  return useQuery({
    queryKey: [...queryKeys.emailLink.all, id, signedIn],
    queryFn: ({ signal }) => getEmailLink(id, signal),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** Confirms the link, signed in as the account that asked for it. Answers a message to show. */
export async function verifyEmail(id: string): Promise<{ message: string }> {
  return parseAnswer(messageResponseSchema, await api.post(linkPath(id)));
}

/** "This wasn't me": the link is cancelled without proving anything. */
export async function declineEmailLink(id: string): Promise<{ message: string }> {
  return parseAnswer(messageResponseSchema, await api.post(`${linkPath(id)}/decline`));
}

export function useVerifyEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyEmail,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.profile.all }),
  });
}

export function useDeclineEmailLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: declineEmailLink,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.profile.all }),
  });
}
