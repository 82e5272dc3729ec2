import { otpChallengeSchema, type OtpChallenge } from '@refund/contracts/auth';
import {
  contactChangeNoticeSchema,
  contactChangeReportSchema,
  type ContactChangeNotice,
  type ContactChangeReport,
} from '@refund/contracts/profile';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api, parseAnswer } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** Texts a code to the account's current phone: a change of e-mail or phone number needs it. */
export async function requestContactChangeCode(): Promise<OtpChallenge> {
  return parseAnswer(otpChallengeSchema, await api.post('/users/profile/contact-change/otp'));
}

export const useRequestContactChangeCode = () =>
  useMutation({ mutationFn: requestContactChangeCode });

const noticePath = (id: string) => `/users/contact-changes/${encodeURIComponent(id)}`;

/** What the link in a change notice is about: the new contact (masked) and when it changed. */
export async function getContactChange(
  id: string,
  signal?: AbortSignal,
): Promise<ContactChangeNotice> {
  return parseAnswer(
    contactChangeNoticeSchema,
    await api.get(noticePath(id), undefined, { signal }),
  );
}

export function useContactChange(id: string) {
  return useQuery({
    queryKey: [...queryKeys.contactChange.all, id],
    queryFn: ({ signal }) => getContactChange(id, signal),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** "This wasn't me": the old contact back, every device signed out, withdrawals paused. */
export async function reportContactChange(id: string): Promise<ContactChangeReport> {
  return parseAnswer(contactChangeReportSchema, await api.post(`${noticePath(id)}/report`));
}

export const useReportContactChange = () => useMutation({ mutationFn: reportContactChange });
