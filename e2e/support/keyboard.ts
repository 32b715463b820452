// Driving the product with the keyboard alone, as a person who cannot use a mouse does.
import { expect, type Locator, type Page } from '@playwright/test';

async function isFocused(locator: Locator): Promise<boolean> {
  return locator.evaluate((element) => element === document.activeElement).catch(() => false);
}

/**
 * Presses Tab (or Shift+Tab) until `target` has focus; fails when it is not reached within `maxPresses`,
 * which is what happens to a keyboard user when a control cannot be reached.
 */
export async function tabTo(
  page: Page,
  target: Locator,
  { backwards = false, maxPresses = 40 }: { backwards?: boolean; maxPresses?: number } = {},
): Promise<void> {
  for (let presses = 0; presses < maxPresses; presses += 1) {
    if (await isFocused(target)) return;
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
  }
  await expect(target, `not reached with ${maxPresses} presses of Tab`).toBeFocused({ timeout: 1 });
}
