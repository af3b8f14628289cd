/**
 * The Manage Subscription modal shows the price before a plan changes (issue 39): choosing a plan
 * previews it, and 'Update Subscription' pressed with nothing previewed (the plan already selected
 * when the modal opened) previews it first. `showPrice` brings the modal to the point where the
 * price is on screen, so that the next 'Update Subscription' makes the change.
 */
import type { Locator } from '@playwright/test';
import { expect } from './fixtures';

export async function showPrice(dialog: Locator): Promise<Locator> {
  const preview = dialog.getByRole('note', { name: 'Price preview' });
  // Empty: no plan was chosen since the modal opened; the first press asks for the price.
  if (((await preview.textContent()) ?? '').trim() === '') await dialog.getByRole('button', { name: 'Update Subscription' }).click();
  await expect(preview).toHaveText(/You'll be charged|Changes to|Stays on/);
  return preview;
}
