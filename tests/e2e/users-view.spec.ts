/**
 * User Management's view in the URL and its safer actions (issue 14), in Chromium against the
 * local stack: the address follows every change, Back / Forward / reload / a pasted link show the
 * same list, 'Back to Users' returns to it; bulk deactivation asks first with the count, a licence
 * change can be undone from its toast, and '/' jumps to the search box. The members this file
 * changes are its own (added through the API), since other workers share the stack.
 */
import type { Page } from '@playwright/test';
import type { User, UserListResponse } from '../../src/contract/api';
import { ADMIN, signInAsAdmin, type ApiSession } from '../support/e2e/accounts';
import { expect, test } from '../support/e2e/fixtures';

const table = (page: Page) => page.getByRole('table', { name: 'Users' });
const settled = async (page: Page) => expect(table(page)).toHaveAttribute('aria-busy', 'false');

async function addMember(page: Page, session: ApiSession, name: string, extra: Partial<User> = {}): Promise<User> {
  const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const res = await page.request.post(`${session.apiUrl}/api/users`, {
    headers: { authorization: `Bearer ${session.token}` },
    data: { name, email: `view-${stamp}@summit.test`, phoneNumber: `+1555${stamp.slice(-7)}`, ...extra },
  });
  expect(res.ok(), `POST /api/users answered ${res.status()}`).toBe(true);
  return ((await res.json()) as { user: User }).user;
}

async function member(page: Page, session: ApiSession, userId: string): Promise<User> {
  const res = await page.request.get(`${session.apiUrl}/api/users/${userId}`, { headers: { authorization: `Bearer ${session.token}` } });
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { user: User }).user;
}

test.describe('User Management: a view you can share @users', () => {
  test('the URL follows the view; Back, Forward, reload and a pasted link show it; Back to Users returns to it @users', async ({
    page,
    stack,
  }) => {
    const session = await signInAsAdmin(page, stack);
    await page.getByRole('link', { name: 'User Management' }).click();
    await expect(page).toHaveURL(/\/users$/);
    await settled(page);

    await page.getByLabel('Status').selectOption('active');
    await expect(page).toHaveURL(/\/users\?status=active$/);
    const nameHeader = table(page).getByRole('columnheader', { name: 'Name' });
    await nameHeader.getByRole('button', { name: 'Name' }).click();
    await expect(page).toHaveURL(/\/users\?status=active&sort=name$/);
    await settled(page);
    await page.getByRole('button', { name: 'page 2' }).click();
    await expect(page).toHaveURL(/\/users\?status=active&page=2&sort=name$/);
    await settled(page);
    // The rows are the API's page 2 of that view. Other workers add members, so a mismatch reloads
    // (which keeps the view) and compares again, until both agree.
    let attempt = 0;
    const pageTwoShown = async (on: Page) =>
      expect(async () => {
        attempt += 1;
        if (attempt > 1) await on.reload();
        await settled(on);
        await expect(on.getByRole('button', { name: 'page 2' })).toHaveAttribute('aria-current', 'page');
        const answer = await api(on, session, '/api/users?status=active&sort=name&page=2&limit=25');
        const shown = await table(on).locator('tbody tr').allInnerTexts();
        expect(shown).toHaveLength(answer.users.length);
        answer.users.forEach((u, i) => expect(shown[i]).toContain(u.email));
        attempt = 0;
      }).toPass({ timeout: 30_000 });
    await pageTwoShown(page);

    // Reload: the same view, the same rows.
    await page.reload();
    await settled(page);
    await expect(page.getByLabel('Status')).toHaveValue('active');
    await expect(nameHeader).toHaveAttribute('aria-sort', 'ascending');
    await expect(page.getByRole('button', { name: 'page 2' })).toHaveAttribute('aria-current', 'page');
    await pageTwoShown(page);

    // Back and Forward step through the views.
    await page.goBack();
    await expect(page).toHaveURL(/\/users\?status=active&sort=name$/);
    await expect(page.getByRole('button', { name: 'page 1', exact: true })).toHaveAttribute('aria-current', 'page');
    await page.goBack();
    await expect(page).toHaveURL(/\/users\?status=active$/);
    await expect(table(page).getByRole('columnheader', { name: 'Created' })).toHaveAttribute('aria-sort', 'descending');
    await page.goForward();
    await expect(nameHeader).toHaveAttribute('aria-sort', 'ascending');
    await expect(page.getByLabel('Status')).toHaveValue('active');

    // A member's billing page, then 'Back to Users': the view it came from.
    await page.goForward();
    await settled(page);
    await table(page).getByRole('link', { name: 'View Billing' }).first().click();
    await expect(page).toHaveURL(/\/billing\/user\//);
    await page.getByRole('link', { name: 'Back to Users' }).click();
    await expect(page).toHaveURL(/\/users\?status=active&page=2&sort=name$/);
    await settled(page);
    await pageTwoShown(page);

    // A pasted link, in a new tab: signed out there (the tokens are the tab's own), it asks to sign
    // in, then opens the view the link names.
    const tab = await page.context().newPage();
    await tab.goto('/users?role=Supervisor&sort=-name&q=a');
    const form = tab.getByRole('form', { name: 'Sign in' });
    await form.getByLabel('Email').fill(ADMIN.email);
    await form.getByLabel('Password', { exact: true }).fill(ADMIN.password);
    await form.getByRole('button', { name: 'Sign In' }).click();
    await expect(tab).toHaveURL(/\/users\?q=a&role=Supervisor&sort=-name$/);
    await expect(tab.getByLabel('Role')).toHaveValue('Supervisor');
    await expect(tab.getByRole('searchbox', { name: 'Search users' })).toHaveValue('a');
    await expect(table(tab).getByRole('columnheader', { name: 'Name' })).toHaveAttribute('aria-sort', 'descending');
    await tab.close();

    // Nonsense falls back to the defaults quietly, in place.
    await page.goto('/users?status=archived&page=-4&sort=salary');
    await expect(page).toHaveURL(/\/users$/);
    await settled(page);
    await expect(page.getByRole('alert')).toHaveCount(0);
  });

  test('bulk deactivate asks first with the count; Undo in a toast puts a licence back; / focuses search @users', async ({
    page,
    stack,
  }) => {
    const session = await signInAsAdmin(page, stack);
    const tag = `Bulkconfirm ${Date.now()}`;
    const one = await addMember(page, session, `${tag} One`);
    const two = await addMember(page, session, `${tag} Two`);
    await page.goto(`/users?q=${encodeURIComponent(tag)}`);
    await settled(page);
    await expect(table(page).locator('tbody tr')).toHaveCount(2);

    await page.keyboard.press('/');
    await expect(page.getByRole('searchbox', { name: 'Search users' })).toBeFocused();
    await page.getByRole('searchbox', { name: 'Search users' }).blur();

    await page.getByRole('checkbox', { name: 'Select all users on this page' }).check();
    await page.getByRole('button', { name: 'Deactivate' }).click();
    const question = page.getByRole('alertdialog', { name: 'Deactivate 2 users?' });
    await expect(question).toContainText('They will show as pending until an administrator activates them again.');
    await expect(question.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(question).toBeHidden();
    expect((await member(page, session, one.userId)).isActive).toBe(true);
    await page.getByRole('button', { name: 'Deactivate' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Deactivate 2 users' }).click();
    await expect(page.getByRole('status').filter({ hasText: '2 users updated' })).toBeVisible();
    await expect.poll(async () => (await member(page, session, two.userId)).isActive).toBe(false);

    const toggle = page.getByRole('checkbox', { name: `License for ${one.name}` });
    await toggle.click();
    await expect(toggle).toBeChecked();
    const toast = page.getByRole('status').filter({ hasText: `License granted to ${one.name}` });
    await toast.getByRole('button', { name: 'Undo' }).click();
    await expect(toggle).not.toBeChecked();
    await expect.poll(async () => (await member(page, session, one.userId)).hasLicense).toBe(false);
  });
});

async function api(page: Page, session: ApiSession, path: string): Promise<UserListResponse> {
  const res = await page.request.get(`${session.apiUrl}${path}`, { headers: { authorization: `Bearer ${session.token}` } });
  expect(res.ok()).toBe(true);
  return (await res.json()) as UserListResponse;
}
