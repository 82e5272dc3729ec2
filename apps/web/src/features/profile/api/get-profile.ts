import type { Profile } from '@refund/contracts/profile';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, parseLazily } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export async function getProfile(signal?: AbortSignal): Promise<Profile> {
  return parseLazily(
    import('@refund/contracts/profile').then((contract) => contract.profileSchema),
    api.get('/users/profile', undefined, { signal }),
  );
}

export const profileQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.profile.all,
    queryFn: ({ signal }) => getProfile(signal),
  });

export const useProfile = () => useQuery(profileQueryOptions());
