export interface ApiBaseSettings {
  /** An explicit base (VITE_API_BASE_URL); wins over everything else. */
  explicitBaseUrl: string | undefined;
  /** Whether the build asked for an address derived from the page host (VITE_API_FROM_HOST). */
  fromHost: boolean;
  /** The environment the build is for (VITE_APP_ENV); anything but production names the API host. */
  appEnv: string;
}

/** See registrable-domain.ts. */
export type RegistrableDomain = (hostname: string) => string | null;

export const API_PATH = '/v1';
const PRODUCTION = 'production';

/**
 * SPEC §7: the API lives on the `api` subdomain of the page's registrable domain, under /v1,
 * with a non-production environment added to the subdomain (`api-staging`). The same origin's
 * /v1 stays the default where no such subdomain can exist: localhost, IP addresses, or builds
 * that did not ask for it (which then need not carry `registrableDomain` at all).
 */
export function apiBaseUrl(
  page: { protocol: string; hostname: string },
  settings: ApiBaseSettings,
  registrableDomain?: RegistrableDomain,
): string {
  if (settings.explicitBaseUrl !== undefined) return settings.explicitBaseUrl;
  if (!settings.fromHost || !registrableDomain) return API_PATH;
  const domain = registrableDomain(page.hostname);
  if (domain === null) return API_PATH;
  const env = settings.appEnv.trim().toLowerCase();
  const subdomain = env === '' || env === PRODUCTION ? 'api' : `api-${env}`;
  return `${page.protocol}//${subdomain}.${domain}${API_PATH}`;
}
