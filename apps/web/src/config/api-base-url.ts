import { parse } from 'tldts';

export interface ApiBaseSettings {
  /** An explicit base (VITE_API_BASE_URL); wins over everything else. */
  explicitBaseUrl: string | undefined;
  /** Whether the build asked for an address derived from the page host (VITE_API_FROM_HOST). */
  fromHost: boolean;
  /** The environment the build is for (VITE_APP_ENV); anything but production names the API host. */
  appEnv: string;
}

export const API_PATH = '/v1';
const PRODUCTION = 'production';

/**
 * SPEC §7: the API lives on the `api` subdomain of the page's registrable domain, under /v1,
 * with a non-production environment added to the subdomain (`api-staging`). The same origin's
 * /v1 stays the default where no such subdomain can exist: localhost, IP addresses, or builds
 * that did not ask for it.
 */
export function apiBaseUrl(
  page: { protocol: string; hostname: string },
  settings: ApiBaseSettings,
): string {
  if (settings.explicitBaseUrl !== undefined) return settings.explicitBaseUrl;
  if (!settings.fromHost) return API_PATH;
  const host = parse(page.hostname);
  if (host.isIp || host.domain === null || host.publicSuffix === 'localhost') return API_PATH;
  const env = settings.appEnv.trim().toLowerCase();
  const subdomain = env === '' || env === PRODUCTION ? 'api' : `api-${env}`;
  return `${page.protocol}//${subdomain}.${host.domain}${API_PATH}`;
}
