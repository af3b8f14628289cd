/**
 * Choosing from a menu (a member's row actions, the account menu) the way a person does: once it
 * has opened and stopped moving.
 */
import type { Page } from '@playwright/test';
import { expect } from './fixtures';

/**
 * Clicks the open menu's item `name` once the menu has finished opening.
 *
 * A menu opens with a short animation, which a busy machine plays slowly. Playwright retries a click
 * on an element that is still moving, and each retry first scrolls the element into view with
 * another alignment (end, centre, start), even where it is in view already. A row menu that opened
 * above its button, for want of room below, has room below after that scroll and moves there. When
 * the move falls between the press and the release, the click lands on nothing: the menu stays open
 * and no action is chosen. That failed a11y.spec once under `npm run test:stress -- --e2e` (the
 * trace: three "element is not stable", a scroll that put Edit at the top of the window, then the
 * menu drawn below its button). Waiting for the menu's animations first lets the first attempt
 * succeed, with no scroll.
 */
export async function chooseMenuItem(page: Page, name: string): Promise<void> {
  const menu = page.getByRole('menu');
  const item = menu.getByRole('menuitem', { name });
  await expect(item).toBeVisible();
  await menu.evaluate((element) =>
    Promise.all(
      element
        .getAnimations({ subtree: true })
        // Only the opening is waited for: an endless animation (a spinner) never finishes.
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  await expect(item).toBeInViewport();
  await item.click();
}
