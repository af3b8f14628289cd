/**
 * Invitations you can see and manage (issue 41 item 2, docs/USERS.md "Invitations"), end to end on
 * the local stack: a member added with Add User shows as Invited with when the temporary password
 * expires; Resend invitation issues a new temporary password (the stack prints it, as it prints an
 * invitation's); Revoke invitation asks first, then the member is gone. The test adds its own member.
 */
import type { Page } from '@playwright/test';
import { signInAsAdmin } from '../support/e2e/accounts';
import { expect, test } from '../support/e2e/fixtures';
import { chooseMenuItem } from '../support/e2e/menus';

const monthDay = (date: Date) => new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric' }).format(date);

async function chooseFromRowMenu(page: Page, name: string, item: string) {
  await page.getByRole('button', { name: `Actions for ${name}` }).click();
  await chooseMenuItem(page, item);
}

test.describe('Invitations', () => {
  test('a member added with Add User shows as Invited; Resend gives a new temporary password; Revoke removes them @users', async ({
    page,
    stack,
  }) => {
    await signInAsAdmin(page, stack);
    await page.getByRole('link', { name: 'User Management' }).click();
    await expect(page.getByRole('table', { name: 'Users' })).toHaveAttribute('aria-busy', 'false');

    const stamp = Date.now();
    const name = `Invitee ${stamp}`;
    const email = `invitee-${stamp}@summit.test`;
    await page.getByRole('button', { name: 'Add User' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add User' });
    await dialog.getByLabel('Name').fill(name);
    await dialog.getByLabel('Email').fill(email);
    await dialog.getByLabel('Phone number').fill(`555${String(stamp).slice(-7)}`);
    await dialog.getByRole('button', { name: 'Add User' }).click();
    await expect(dialog).toBeHidden();

    // Invited, with when the temporary password expires (the pool's 7 days).
    await page.getByRole('searchbox', { name: 'Search users' }).fill(email);
    const row = page.getByRole('table', { name: 'Users' }).locator('tbody tr').filter({ hasText: name });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('Invited');
    const expires = new Date(stamp + 7 * 24 * 60 * 60 * 1000);
    await expect(row.getByText(/^expires /)).toHaveText(
      new RegExp(`^expires (${monthDay(expires)}|${monthDay(new Date(expires.getTime() + 86_400_000))})$`),
    );
    const first = await stack.getTemporaryPassword(email);
    expect(first).toBeTruthy();

    // Resend: a confirmation, and a new temporary password printed by the stack.
    await chooseFromRowMenu(page, name, 'Resend invitation');
    await expect(page.getByRole('status').filter({ hasText: `A new invitation was sent to ${email}` })).toBeVisible();
    await expect.poll(() => stack.getTemporaryPassword(email)).not.toBe(first);
    await expect(row).toContainText('Invited');

    // Revoke asks first; then the member is gone.
    await chooseFromRowMenu(page, name, 'Revoke invitation');
    const question = page.getByRole('alertdialog', { name: 'Revoke invitation' });
    await expect(question).toContainText(name);
    await question.getByRole('button', { name: 'Revoke invitation' }).click();
    await expect(page.getByRole('status').filter({ hasText: `The invitation of ${name} was revoked` })).toBeVisible();
    await expect(question).toBeHidden();
    await expect(row).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole('table', { name: 'Users' })).toHaveAttribute('aria-busy', 'false');
    await expect(page.getByRole('table', { name: 'Users' })).toContainText('No users found');
  });
});
