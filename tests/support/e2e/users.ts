/**
 * The Users screen as the browser tests read it.
 */
import type { Locator, Page } from '@playwright/test';

/**
 * The View Billing links of the Users table's rows, one a member: the first one visible means the
 * list's rows are on screen; each link's name ends with its member's name.
 */
export function memberBillingLinks(page: Page): Locator {
  return page.getByRole('table', { name: 'Users' }).getByRole('link', { name: /^View Billing for / });
}
