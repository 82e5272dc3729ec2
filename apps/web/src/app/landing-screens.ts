/**
 * The screens customers open the app on from outside it: the sign-in page, a claim link from a
 * message, home. Their names are the keys of the preload plan in vite.config.ts.
 */
export type LandingScreen = 'auth' | 'home' | 'claim';

/** The landing screen an address leads to; home needs a session, without one `/` is sign-in. */
export function landingScreen(pathname: string, signedIn: boolean): LandingScreen | null {
  if (pathname === '/auth' || (pathname === '/' && !signedIn)) return 'auth';
  if (pathname === '/') return 'home';
  if (/^\/claim\/[^/]+\/?$/.test(pathname)) return 'claim';
  return null;
}

/**
 * Starts downloading the landing screen's code together with the app's, instead of once the app
 * has started and routed there: the build lists each landing screen's files in index.html (see
 * build/preload-plan.ts), and this preloads the ones for the address. Nothing without that list
 * (the development server).
 */
export function preloadLandingScreen(
  document: Document,
  pathname: string,
  signedIn: boolean,
): void {
  const screen = landingScreen(pathname, signedIn);
  const plan = document.getElementById('landing-screens')?.textContent;
  if (screen === null || !plan) return;
  let files: unknown;
  try {
    files = (JSON.parse(plan) as Partial<Record<LandingScreen, unknown>>)[screen];
  } catch {
    return;
  }
  if (!Array.isArray(files)) return;
  for (const file of files) {
    if (typeof file !== 'string') continue;
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = file;
    document.head.append(link);
  }
}
