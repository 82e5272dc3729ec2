import type { Env } from './env-schema';
import { apiBaseUrl } from './api-base-url';
import { registrableDomain } from './registrable-domain';

/** Written in by the build (vite.config.ts), parsed there by env-schema.ts. */
declare const __APP_ENV__: Env;

export const env: Env = __APP_ENV__;

/** Where every API call goes: an explicit VITE_API_BASE_URL, else derived from the page host. */
export const apiBase = apiBaseUrl(
  window.location,
  {
    explicitBaseUrl: env.VITE_API_BASE_URL,
    fromHost: env.VITE_API_FROM_HOST,
    appEnv: env.VITE_APP_ENV,
  },
  // Vite writes the variable's value in at build time: a build that leaves it unset never reaches
  // the public suffix list, and the bundler leaves that list (a third of the app chunk) out.
  import.meta.env.VITE_API_FROM_HOST ? registrableDomain : undefined,
);
