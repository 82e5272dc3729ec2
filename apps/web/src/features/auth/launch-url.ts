import { internalPath, isSignInPage, type ReturnPathStore } from './return-path';

export const ACCESS_TOKEN_PARAM = 'access_token';
export const NEXT_PARAM = 'next';

export interface LaunchLocation {
  pathname: string;
  search: string;
  hash: string;
}

export interface LaunchIntake {
  /** A token handed in through the address, to be stored before the session starts. */
  accessToken: string | null;
}

/**
 * Reads the address the app was opened with (SPEC §2): an `access_token` is taken out of the
 * address bar (replacing the history entry, so it is not left in history or shared links),
 * `next` or else the requested path becomes the place to return to after sign-in.
 */
export function intakeLaunchUrl(
  location: LaunchLocation,
  deps: { returnPaths: ReturnPathStore; replaceUrl: (url: string) => void },
): LaunchIntake {
  const params = new URLSearchParams(location.search);
  const accessToken = params.get(ACCESS_TOKEN_PARAM);
  if (params.has(ACCESS_TOKEN_PARAM)) {
    params.delete(ACCESS_TOKEN_PARAM);
    const search = params.toString();
    deps.replaceUrl(`${location.pathname}${search ? `?${search}` : ''}${location.hash}`);
  }

  const search = params.toString();
  const requested = `${location.pathname}${search ? `?${search}` : ''}`;
  const next = internalPath(params.get(NEXT_PARAM));

  if (next !== null && deps.returnPaths.accepts(next)) {
    deps.returnPaths.remember(next);
  } else if (!isSignInPage(location.pathname)) {
    // A fresh request replaces any stale path; a claim link leaves nothing remembered.
    deps.returnPaths.forget();
    deps.returnPaths.remember(requested);
  }
  // Otherwise this is a sign-in page (perhaps reloaded): keep what was remembered before it.

  return { accessToken: accessToken || null };
}
