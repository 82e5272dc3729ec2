import { matchPath } from 'react-router';
import { paths } from '../../config/paths';
import type { KeyValueStorage } from './token-store';

/**
 * Where a customer goes back to after signing in (SPEC §2): the path first requested, query
 * kept, or the `next` query parameter. Kept in session storage so a reload of the verify page
 * does not lose it.
 */

const RETURN_PATH_KEY = 'return_path';
const SIGN_IN_PAGES = ['/auth', '/verify-account'];
const ORIGIN = 'http://return-path.invalid';

/** Claim links carry their own flow; returning to one after sign-in would replay it. */
export function isClaimPath(pathname: string): boolean {
  return /^\/claim\/[^/]+/i.test(pathname);
}

export function isSignInPage(pathname: string): boolean {
  const normalized = pathname.replace(/\/+$/, '').toLowerCase();
  return SIGN_IN_PAGES.includes(normalized);
}

/**
 * The path, search and hash of `value` when it stays on this site, else null. Refuses
 * protocol-relative and backslash tricks that browsers would treat as another host.
 */
export function internalPath(value: string | null | undefined): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.includes('\\'))
    return null;
  try {
    const url = new URL(value, ORIGIN);
    if (url.origin !== ORIGIN) return null;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return null;
  }
}

/**
 * Only a page the app has is worth returning to; an unknown path would just bounce home. The
 * app's pages are those of config/paths.ts and `routes` (the redemption methods' own screens).
 */
function isKnownRoute(pathname: string, routes: readonly string[]): boolean {
  return [...Object.values(paths).map((route) => route.path), ...routes].some(
    (route) => matchPath(route, pathname) !== null,
  );
}

function isRememberable(path: string, routes: readonly string[]): boolean {
  const pathname = new URL(path, ORIGIN).pathname;
  return !isClaimPath(pathname) && !isSignInPage(pathname) && isKnownRoute(pathname, routes);
}

export interface ReturnPathStore {
  /** Whether `path` may be returned to: a page of the app's, not a claim or sign-in page. */
  accepts: (path: string) => boolean;
  /**
   * Remembers `path` (replacing what was there) unless it is a claim or sign-in page. A magic
   * link is remembered: it asks before it confirms, so opening it again spends nothing.
   */
  remember: (path: string) => void;
  /** Remembers `path` only when nothing is remembered yet: the first request wins. */
  rememberIfEmpty: (path: string) => void;
  peek: () => string | null;
  forget: () => void;
  /**
   * The remembered path, forgotten as it is handed out. With none, a customer on a sign-in
   * page goes home and anyone else stays where they are (null).
   */
  take: (currentPathname: string) => string | null;
}

/**
 * The place to return to, kept in `storage`. `routes` are the app's pages beyond
 * config/paths.ts: the redemption methods' own screens, which come with their registry entries.
 */
export function createReturnPathStore(
  storage: KeyValueStorage,
  routes: readonly string[] = [],
): ReturnPathStore {
  const accepts = (path: string) => isRememberable(path, routes);
  const peek = () => {
    try {
      return internalPath(storage.getItem(RETURN_PATH_KEY));
    } catch {
      return null;
    }
  };
  const forget = () => {
    try {
      storage.removeItem(RETURN_PATH_KEY);
    } catch {
      // Nothing stored.
    }
  };
  const remember = (path: string) => {
    const safe = internalPath(path);
    if (safe === null || !accepts(safe)) return;
    try {
      storage.setItem(RETURN_PATH_KEY, safe);
    } catch {
      // Without storage the customer lands on home after sign-in.
    }
  };

  return {
    accepts,
    remember,
    rememberIfEmpty: (path) => {
      if (peek() === null) remember(path);
    },
    peek,
    forget,
    take: (currentPathname) => {
      const saved = peek();
      forget();
      if (saved !== null) return saved;
      return isSignInPage(currentPathname) ? '/' : null;
    },
  };
}
