import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

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
