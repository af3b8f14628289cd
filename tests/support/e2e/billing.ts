/**
 * The Manage Subscription modal shows the price before a plan changes (issue 39): choosing a plan
 * previews it, and so does opening the modal on a plan the member does not pay for yet (a trial
 * member's preselected plan). `showPrice` waits until the price is on screen, so that the next
 * 'Update Subscription' makes the change.
 */
import type { Locator } from '@playwright/test';
import { expect } from './fixtures';

export async function showPrice(dialog: Locator): Promise<Locator> {
  const preview = dialog.getByRole('note', { name: 'Price preview' });
  await expect(preview).toHaveText(/You'll be charged|Changes to|Stays on/);
  return preview;
}
