import { test as base, expect, type BrowserContext } from '@playwright/test';

export * from '@playwright/test';

/** The name the pages of a watched context report their violations under. */
const REPORT_BINDING = '__reportContentSecurityViolation';

/**
 * Watches every page of `context`, from its first script on, for Content-Security-Policy
 * violations (a blocked inline style, an `eval` probe, a script from elsewhere): the browser
 * reports them even where the page goes on working, so nothing on screen shows them. Answers what
 * was reported so far, each with the page's address and the blocked thing's source.
 */
export async function watchContentSecurity(context: BrowserContext): Promise<() => string[]> {
  const reported: string[] = [];
  await context.exposeBinding(REPORT_BINDING, ({ page }, violation: string) => {
    reported.push(`${page.url()}: ${violation}`);
  });
  await context.addInitScript((binding) => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as Record<string, (violation: string) => void>)[binding];
      report?.(
        `${event.effectiveDirective} blocked ${event.blockedURI || 'inline'} at ${event.sourceFile}:${event.lineNumber}`,
      );
    });
  }, REPORT_BINDING);
  return () => [...reported];
}

/**
 * The suite's `test`: every test fails when one of its pages reported a Content-Security-Policy
 * violation, whatever the test itself checked. Spec files import `test` and `expect` from here
 * (eslint.config.js enforces it); a context a test opens itself is watched with
 * watchContentSecurity.
 */
export const test = base.extend({
  context: async ({ context }, use) => {
    const violations = await watchContentSecurity(context);
    await use(context);
    expect(violations(), 'Content-Security-Policy violations on the pages of this test').toEqual(
      [],
    );
  },
});
