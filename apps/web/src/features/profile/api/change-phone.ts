import { otpChallengeSchema, type OtpChallenge } from '@refund/contracts/auth';
import {
  profileSchema,
  type ChangePhoneRequest,
  type Profile,
  type VerifyPhoneChangeRequest,
} from '@refund/contracts/profile';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, parseAnswer } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** Texts a one-time code to the new number. */
export async function startPhoneChange(body: ChangePhoneRequest): Promise<OtpChallenge> {
  return parseAnswer(otpChallengeSchema, await api.post('/users/profile/phone', body));
}

export async function resendPhoneChange(attemptId: string): Promise<OtpChallenge> {
  return parseAnswer(
    otpChallengeSchema,
    await api.post('/users/profile/phone/resend', { attempt_id: attemptId }),
  );
}

/** The new number's code changes the number; the answer is the updated profile. */
export async function verifyPhoneChange(body: VerifyPhoneChangeRequest): Promise<Profile> {
  return parseAnswer(profileSchema, await api.post('/users/profile/phone/verify', body));
}

export const useStartPhoneChange = () => useMutation({ mutationFn: startPhoneChange });
export const useResendPhoneChange = () => useMutation({ mutationFn: resendPhoneChange });

export function useVerifyPhoneChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyPhoneChange,
    onSuccess: (profile) => queryClient.setQueryData(queryKeys.profile.all, profile),
  });
}
