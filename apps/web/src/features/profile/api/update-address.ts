import { profileSchema, type Profile, type UpdateAddressRequest } from '@refund/contracts/profile';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, parseAnswer } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** Saves the primary (billing) address; the answer is the updated profile. */
export async function updateAddress(body: UpdateAddressRequest): Promise<Profile> {
  return parseAnswer(profileSchema, await api.put('/users/profile/address', body));
}

export function useUpdateAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAddress,
    onSuccess: (profile) => queryClient.setQueryData(queryKeys.profile.all, profile),
  });
}
