import { profileSchema, type Profile, type UpdateProfileRequest } from '@refund/contracts/profile';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, parseAnswer } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** Changes names and date of birth; the answer is the updated profile. */
export async function updatePersonalDetails(body: UpdateProfileRequest): Promise<Profile> {
  return parseAnswer(profileSchema, await api.put('/users/profile', body));
}

export function useUpdatePersonalDetails() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePersonalDetails,
    onSuccess: (profile) => queryClient.setQueryData(queryKeys.profile.all, profile),
  });
}
