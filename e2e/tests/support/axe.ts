import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';

/** The WCAG levels every scan checks. */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** axe-core's browser build, evaluated in a page that has none yet. */
const axeSource = readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
);

interface Violation {
  id: string;
  impact?: string | null;
  nodes: { target: unknown[] }[];
}

/**
 * Runs axe on the page as it is now: no serious or critical WCAG 2.1 A/AA violations.
 *
 * The app's pages have no frames, so axe runs in the page itself: its source is evaluated once
 * per document (a later scan of the same document reuses it) and only violations come back.
 * AxeBuilder's default run opens a second page to put the frames' results together, which took
 * 1.5 to 3 s a scan against about 0.1 s here; a page with frames is still scanned that way, so
 * that what is inside them is checked too.
 */
export async function expectNoSeriousViolations(page: Page): Promise<void> {
  const violations = page.frames().length > 1 ? await withFrames(page) : await inPage(page);
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([]);
}

async function withFrames(page: Page): Promise<Violation[]> {
  return (await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze()).violations;
}

interface PageAxe {
  run(context: Document, options: object): Promise<{ violations: Violation[] }>;
}

async function inPage(page: Page): Promise<Violation[]> {
  // Evaluated as a script of its own, as AxeBuilder does: the page's Content-Security-Policy
  // (no eval) does not apply to it.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  return page.evaluate(async (tags) => {
    const axe = (window as unknown as { axe: PageAxe }).axe;
    const results = await axe.run(document, {
      runOnly: { type: 'tag', values: tags },
      resultTypes: ['violations'],
    });
    return results.violations.map(({ id, impact, nodes }) => ({
      id,
      impact,
      nodes: nodes.map((node) => ({ target: node.target })),
    }));
  }, WCAG_TAGS);
}

/** The sizes every screen is scanned at: a small phone and a desktop. */
export const A11Y_VIEWPORTS = [
  { name: 'phone', width: 360, height: 780 },
  { name: 'desktop', width: 1280, height: 900 },
] as const;

/** Both themes the app offers (kept in local storage under `theme`). */
export const A11Y_THEMES = ['light', 'dark'] as const;

/** A theme at a size: how a screen is looked at when it is scanned. */
export interface Look {
  theme: (typeof A11Y_THEMES)[number];
  size: (typeof A11Y_VIEWPORTS)[number];
}

export const describeLook = ({ theme, size }: Look): string => `${theme} theme, ${size.name}`;

/** Sets the window's size and colour scheme for what the page shows next (see showLook). */
export async function setLook(page: Page, look: Look): Promise<void> {
  await page.setViewportSize({ width: look.size.width, height: look.size.height });
  await page.emulateMedia({ colorScheme: look.theme });
}

/**
 * Shows the page in `look` without loading it again: the window's size, and the colour scheme the
 * app follows while its theme is "system" (a new visitor's). Then waits until the page shows that
 * theme and its colour transitions have ended, so that a scan reads the colours at rest.
 */
export async function showLook(page: Page, look: Look): Promise<void> {
  await setLook(page, look);
  // Before the app's first page (a blank page, or the icon a sign-in stores its token from)
  // there is nothing to look at yet.
  if (page.url() === 'about:blank') return;
  if (!(await page.evaluate(() => document.documentElement.localName === 'html'))) return;
  const dark = /(^|\s)dark(\s|$)/;
  const html = page.locator('html');
  await (look.theme === 'dark'
    ? expect(html).toHaveClass(dark)
    : expect(html).not.toHaveClass(dark));
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation instanceof CSSTransition)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}

/** Every theme at every size. */
export const ALL_LOOKS: readonly Look[] = A11Y_THEMES.flatMap((theme) =>
  A11Y_VIEWPORTS.map((size) => ({ theme, size })),
);

/** The look a multi-look test walks its steps in: light, on the small phone. */
export const FIRST_LOOK: Look = { theme: 'light', size: A11Y_VIEWPORTS[0] };

/**
 * The options that open a test's pages in FIRST_LOOK from the start, for `test.use` in a file or
 * a `describe` whose tests scan in several looks.
 */
export const IN_FIRST_LOOK = {
  viewport: { width: FIRST_LOOK.size.width, height: FIRST_LOOK.size.height },
  colorScheme: FIRST_LOOK.theme,
} as const;

/** Both themes on the small phone, where a customer opens a merchant's link. */
export const PHONE_IN_BOTH_THEMES: readonly Look[] = A11Y_THEMES.map((theme) => ({
  theme,
  size: A11Y_VIEWPORTS[0],
}));

/** Light on the phone and dark on the desktop: each theme and each layout once. */
export const EACH_THEME_AND_SIZE_ONCE: readonly Look[] = [
  FIRST_LOOK,
  { theme: 'dark', size: A11Y_VIEWPORTS[1] },
];

/**
 * Scans the page as it is now in each look, changing the size and theme on the page itself (see
 * showLook), and leaves it in the first look again for the steps that follow (FIRST_LOOK).
 */
export async function expectNoSeriousViolationsInEachLook(
  page: Page,
  looks: readonly Look[] = ALL_LOOKS,
  /** What else must hold in each look, checked before its scan. */
  alsoInEachLook?: (look: Look) => Promise<void>,
): Promise<void> {
  // Each further look is one more scan: the test's time grows with them.
  test.info().setTimeout(test.info().timeout + 5_000 * looks.length);
  for (const look of looks) {
    await test.step(describeLook(look), async () => {
      await showLook(page, look);
      await alsoInEachLook?.(look);
      await expectNoSeriousViolations(page);
    });
  }
  await showLook(page, FIRST_LOOK);
}
