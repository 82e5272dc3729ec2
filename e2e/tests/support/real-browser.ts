/**
 * The journeys that also run on the full browser users have (/usr/bin/chromium, the Playwright
 * project `chromium-browser`), besides the headless build every test runs on. A test opts in with
 * `test(title, REAL_BROWSER, body)`.
 */
export const REAL_BROWSER_TAG = '@real-browser';
export const REAL_BROWSER = { tag: REAL_BROWSER_TAG };

/** The spec files holding those journeys: the project reads these, and each must still opt in. */
export const realBrowserSpecs = ['auth.spec.ts', 'redemptions/debit.spec.ts'];
