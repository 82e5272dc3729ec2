import { profileSchema, type ChangeEmailRequest, type Profile } from '@refund/contracts/profile';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, parseAnswer } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** Sends a link to the new address; the profile answers it as pending_email until it is opened. */
export async function changeEmail(body: ChangeEmailRequest): Promise<Profile> {
  return parseAnswer(profileSchema, await api.post('/users/profile/email', body));
}

export function useChangeEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeEmail,
    onSuccess: (profile) => queryClient.setQueryData(queryKeys.profile.all, profile),
  });
}
