/**
 * Waiting for a console page to be live, not only drawn. Every console page arrives as its
 * prerendered shell (scripts/build/prerender.ts): header, navigation, headings and placeholders,
 * inert, before any JavaScript has run. Seeing them proves only that the page arrived. A test that
 * then routes, counts or times the page's requests waits for the live console first, and for the
 * data its page loads (docs/TESTING.md, the flake table).
 */
import { expect, type Locator, type Page } from '@playwright/test';

/** The live console has replaced the page's shell: `#root` is no longer inert. */
export async function consoleLive(page: Page): Promise<void> {
  await expect(page.locator('#root')).not.toHaveAttribute('inert');
}

/**
 * The page is live and its first load is behind it: `shown` (something only its data draws, or that
 * the live page shows beside it) is visible, and its loading text (SPEC's 'Loading …' state) is gone.
 */
export async function pageLoaded(page: Page, shown: Locator, loading: string): Promise<void> {
  await expect(shown).toBeVisible();
  await consoleLive(page);
  await expect(page.getByText(loading)).toHaveCount(0);
}
