/**
 * Recently deleted (issue 41 item 3) against the local stack: a member of this test's own is
 * deleted, found under the Recently deleted filter with the day they go for good, restored from the
 * row menu, and back in the list as they were. Other workers share the stack: the member is found
 * by their own e-mail, and no figure is compared.
 */
import type { Page } from '@playwright/test';
import type { User, UserListResponse } from '../../src/contract/api';
import { signInAsAdmin, type ApiSession } from '../support/e2e/accounts';
import { expect, test } from '../support/e2e/fixtures';
import { chooseMenuItem } from '../support/e2e/menus';

const table = (page: Page) => page.getByRole('table', { name: 'Users' });
const settled = async (page: Page) => expect(table(page)).toHaveAttribute('aria-busy', 'false');

async function addMember(page: Page, session: ApiSession): Promise<User> {
  const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const res = await page.request.post(`${session.apiUrl}/api/users`, {
    headers: { authorization: `Bearer ${session.token}` },
    data: {
      name: `Rhea Restore ${stamp.slice(-5)}`,
      email: `restore-${stamp}@summit.test`,
      phoneNumber: `+1555${stamp.slice(-7)}`,
      role: 'Supervisor',
    },
  });
  expect(res.ok(), `POST /api/users answered ${res.status()}`).toBe(true);
  return ((await res.json()) as { user: User }).user;
}

async function inRecentlyDeleted(page: Page, session: ApiSession, email: string): Promise<User | undefined> {
  const res = await page.request.get(`${session.apiUrl}/api/users?status=deleted&search=${encodeURIComponent(email)}`, {
    headers: { authorization: `Bearer ${session.token}` },
  });
  expect(res.ok()).toBe(true);
  return ((await res.json()) as UserListResponse).users[0];
}

async function chooseFromMenu(page: Page, name: string, item: string) {
  await table(page)
    .getByRole('button', { name: `Actions for ${name}` })
    .click();
  await chooseMenuItem(page, item);
}

test('a deleted member waits in Recently deleted with the day they go for good, and Restore brings them back @users', async ({
  page,
  stack,
}) => {
  const session = await signInAsAdmin(page, stack);
  const member = await addMember(page, session);
  await page.goto(`/users?q=${encodeURIComponent(member.email)}`);
  await settled(page);
  const row = table(page).getByRole('row', { name: new RegExp(member.name) });
  await expect(row).toBeVisible();

  await chooseFromMenu(page, member.name, 'Delete');
  const confirm = page.getByRole('alertdialog', { name: 'Delete user' });
  await expect(confirm).toContainText('You can restore them from Recently deleted for 30 days');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText(`${member.name} was deleted`)).toBeVisible();
  await expect(row).toHaveCount(0);

  // Recently deleted: a filter of the list, in the address, with the day they are removed for good.
  await page.getByLabel('Status').selectOption('Recently deleted');
  await expect(page).toHaveURL(/status=deleted/);
  await settled(page);
  const deleted = await inRecentlyDeleted(page, session, member.email);
  expect(deleted?.purgeAt).toBeDefined();
  const day = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' }).format(
    new Date(deleted?.purgeAt ?? ''),
  );
  await expect(row).toContainText(`Removed for good on ${day}`);
  // Nothing to switch until they are restored: the sentence has the room of the status, licence and
  // billing cells, and shows whole in a 1280 px window (the narrowest the table fits in).
  await expect(row.getByRole('checkbox', { name: `License for ${member.name}` })).toHaveCount(0);
  const cell = row.locator('td', { hasText: 'Removed for good on' });
  await expect.poll(() => cell.evaluate((td) => td.scrollWidth <= td.clientWidth)).toBe(true);

  await chooseFromMenu(page, member.name, 'Restore');
  await expect(page.getByText(`${member.name} was restored`)).toBeVisible();
  await expect(row).toHaveCount(0);
  expect(await inRecentlyDeleted(page, session, member.email)).toBeUndefined();

  // Back in the list, as they were.
  await page.getByLabel('Status').selectOption('All statuses');
  await settled(page);
  await expect(row).toContainText('Supervisor');
  await expect(row).toContainText('active');
  await expect(row.getByRole('link', { name: `View Billing for ${member.name}` })).toBeVisible();
});
