import type { AppConfig } from '@refund/contracts/app-config';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, parseLazily } from './api-client';
import { firstScreenShown } from './first-screen';
import { queryKeys } from './query-keys';

export async function getAppConfig(signal?: AbortSignal): Promise<AppConfig> {
  return parseLazily(
    // Read once the first screen is painted: the first screens show without the settings.
    firstScreenShown
      .then(() => import('@refund/contracts/app-config'))
      .then((contract) => contract.appConfigSchema),
    api.get('/app-config', undefined, { signal }),
  );
}

export const appConfigQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.appConfig.all,
    queryFn: ({ signal }) => getAppConfig(signal),
    // The server's configuration does not change while a page is open.
    staleTime: Infinity,
  });

export const useAppConfig = () => useQuery(appConfigQueryOptions());
