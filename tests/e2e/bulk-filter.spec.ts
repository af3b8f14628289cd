/**
 * Bulk by filter (issue 41 item 4), in Chromium against the local stack: 30 members of this test's
 * own (a name fragment no one else uses, so the search finds only them) fill more than one page of
 * 25; after the page is selected, 'Select all 30 members matching this view' makes 'Remove license'
 * change all of them, the confirmation naming 30, every page showing them changed; the toast's Undo
 * gives each their licence back.
 */
import type { Page } from '@playwright/test';
import type { User, UserListResponse } from '../../src/contract/api';
import { signInAsAdmin, type ApiSession } from '../support/e2e/accounts';
import { expect, test } from '../support/e2e/fixtures';

const table = (page: Page) => page.getByRole('table', { name: 'Users' });
const settled = async (page: Page) => expect(table(page)).toHaveAttribute('aria-busy', 'false');
const CREW = 30;

/** Letters only (no digits a phone search could match), unique to this run. */
function fragment(): string {
  const letters = 'abcdefghijklmnopqrstuvwxyz';
  return `Crewbulk${Array.from({ length: 8 }, () => letters[Math.floor(Math.random() * letters.length)]).join('')}`;
}

async function addMember(page: Page, session: ApiSession, name: string, index: number): Promise<User> {
  const stamp = `${Date.now()}${index}${Math.floor(Math.random() * 1000)}`;
  const res = await page.request.post(`${session.apiUrl}/api/users`, {
    headers: { authorization: `Bearer ${session.token}` },
    data: { name, email: `bulk-filter-${stamp}@summit.test`, phoneNumber: `+1555${stamp.slice(-7)}`, hasLicense: true },
  });
  expect(res.ok(), `POST /api/users answered ${res.status()}`).toBe(true);
  return ((await res.json()) as { user: User }).user;
}

async function licensed(page: Page, session: ApiSession, search: string): Promise<number> {
  const res = await page.request.get(`${session.apiUrl}/api/users?search=${encodeURIComponent(search)}&limit=100`, {
    headers: { authorization: `Bearer ${session.token}` },
  });
  expect(res.ok()).toBe(true);
  const list = (await res.json()) as UserListResponse;
  expect(list.total).toBe(CREW);
  return list.users.filter((u) => u.hasLicense).length;
}

test.describe('User Management: bulk by filter @users', () => {
  test('select all members matching a search, remove their licences on every page, then undo @users', async ({ page, stack }) => {
    test.setTimeout(120_000);
    const session = await signInAsAdmin(page, stack);
    const tag = fragment();
    for (let i = 0; i < CREW; i += 1) await addMember(page, session, `${tag} Worker ${String(i).padStart(2, '0')}`, i);

    await page.goto(`/users?q=${encodeURIComponent(tag)}`);
    await settled(page);
    await expect(table(page).locator('tbody tr')).toHaveCount(25);

    await page.getByRole('checkbox', { name: 'Select all users on this page' }).check();
    await expect(page.getByText('25 selected')).toBeVisible();
    await page.getByRole('button', { name: `Select all ${CREW} members matching this view` }).click();
    await expect(page.getByText(`All ${CREW} members matching this view are selected.`)).toBeVisible();
    await expect(page.getByText(`${CREW} selected`)).toBeVisible();

    await page.getByRole('button', { name: 'Remove license' }).click();
    const question = page.getByRole('alertdialog', { name: `Remove the license from ${CREW} users?` });
    await question.getByRole('button', { name: 'Remove licenses' }).click();
    const toast = page.getByRole('status').filter({ hasText: `${CREW} users updated` });
    await expect(toast).toBeVisible();
    await expect.poll(() => licensed(page, session, tag)).toBe(0);

    // Every page shows them changed: the first, and the second beyond the page the boxes were on.
    await settled(page);
    const licences = table(page).getByRole('checkbox', { name: /^License for / });
    await expect(licences).toHaveCount(25);
    for (const box of await licences.all()) await expect(box).not.toBeChecked();
    // From the keyboard: the toast (bottom right) may cover the pager, and it must stay for its Undo.
    await page.getByRole('button', { name: 'page 2' }).press('Enter');
    await settled(page);
    await expect(licences).toHaveCount(CREW - 25);
    for (const box of await licences.all()) await expect(box).not.toBeChecked();

    await toast.getByRole('button', { name: 'Undo' }).click();
    await expect.poll(() => licensed(page, session, tag)).toBe(CREW);
    await settled(page);
    for (const box of await licences.all()) await expect(box).toBeChecked();
  });
});
