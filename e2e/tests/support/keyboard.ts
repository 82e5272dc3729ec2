import { expect, type Locator, type Page } from '@playwright/test';

/** Presses Tab until `target` has the focus; fails when it is not reachable in `max` stops. */
export async function tabTo(page: Page, target: Locator, max = 40): Promise<void> {
  for (let stop = 0; stop < max; stop += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  await expect(target, 'reachable with Tab').toBeFocused();
}
