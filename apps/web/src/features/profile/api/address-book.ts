import {
  profileSchema,
  type AddAddressRequest,
  type EditAddressRequest,
  type Profile,
} from '@refund/contracts/profile';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, parseAnswer } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

const path = (id: string) => `/users/profile/addresses/${encodeURIComponent(id)}`;

export async function addAddress(body: AddAddressRequest): Promise<Profile> {
  return parseAnswer(profileSchema, await api.post('/users/profile/addresses', body));
}

export async function editAddress({
  id,
  body,
}: {
  id: string;
  body: EditAddressRequest;
}): Promise<Profile> {
  return parseAnswer(profileSchema, await api.put(path(id), body));
}

export async function makePrimaryAddress(id: string): Promise<Profile> {
  return parseAnswer(profileSchema, await api.put(`${path(id)}/primary`));
}

export async function removeAddress(id: string): Promise<Profile> {
  return parseAnswer(profileSchema, await api.delete(path(id)));
}

/** Each change answers the updated profile, which replaces the cached one. */
function useProfileMutation<T>(mutationFn: (input: T) => Promise<Profile>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (profile) => queryClient.setQueryData(queryKeys.profile.all, profile),
  });
}

export const useAddAddress = () => useProfileMutation(addAddress);
export const useEditAddress = () => useProfileMutation(editAddress);
export const useMakePrimaryAddress = () => useProfileMutation(makePrimaryAddress);
export const useRemoveAddress = () => useProfileMutation(removeAddress);
