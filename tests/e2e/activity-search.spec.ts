/**
 * Activity you can search (issue 41) in Chromium against the local stack: the test adds a member of
 * its own and changes them through the API, then, on the Activity screen, filters by that member,
 * by who made the changes, by kind and by date (today in the browser's time zone), sees the view in
 * the URL, reloads and sees the same view, has a backwards range refused, and downloads the
 * filtered activity as CSV.
 *
 * Other workers change members meanwhile: everything looked at here is about this test's member.
 */
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import type { User } from '../../src/contract/api';
import { signInAsAdmin, type ApiSession } from '../support/e2e/accounts';
import { expect, test } from '../support/e2e/fixtures';

/** The seeded administrator (server/seed): the changes here are theirs. */
const ACTOR = 'Dana Whitfield';

async function call<T>(page: Page, session: ApiSession, method: 'POST' | 'PUT' | 'PATCH', path: string, data: unknown): Promise<T> {
  const res = await page.request.fetch(`${session.apiUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${session.token}`, 'content-type': 'application/json' },
    data,
  });
  expect(res.ok(), `${method} ${path} answered ${res.status()}: ${await res.text()}`).toBe(true);
  return (await res.json()) as T;
}

/** A CSV file's rows (RFC 4180 quoting), after its byte order mark. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let inQuotes = false;
  for (let i = 0; i < text.length; i += 1) {
    const ch = text.charAt(i);
    if (inQuotes) {
      if (ch === '"' && text.charAt(i + 1) === '"') {
        cell += '"';
        i += 1;
      } else if (ch === '"') inQuotes = false;
      else cell += ch;
    } else if (ch === '"') inQuotes = true;
    else if (ch === ',') {
      row.push(cell);
      cell = '';
    } else if (ch === '\n') {
      rows.push([...row, cell]);
      row = [];
      cell = '';
    } else if (ch !== '\r' && ch !== '\uFEFF') cell += ch;
  }
  if (cell !== '' || row.length > 0) rows.push([...row, cell]);
  return rows;
}

test.describe('Activity search @users', () => {
  test('filters by member, who made the change, kind and date, in the URL through a reload, and exports the CSV @users', async ({
    page,
    stack,
  }) => {
    test.setTimeout(120_000);
    const session = await signInAsAdmin(page, stack);
    const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
    const name = `=Search ${stamp}`;
    const { user: member } = await call<{ user: User }>(page, session, 'POST', '/api/users', {
      name: `Search Trail ${stamp}`,
      email: `search-${stamp}@summit.test`,
      phoneNumber: `+1555${stamp.slice(-7)}`,
      role: 'Field Worker',
    });
    // Three changes of this test's own: a rename (to a name a spreadsheet would run), a role, a licence.
    await call(page, session, 'PUT', `/api/users/${member.userId}`, { name });
    await call(page, session, 'PUT', `/api/users/${member.userId}`, { role: 'Supervisor' });
    await call(page, session, 'PATCH', `/api/users/${member.userId}/toggle-license`, { hasLicense: !member.hasLicense });
    const [today, yesterday] = await page.evaluate(() => {
      const day = (d: Date) => [d.getFullYear(), d.getMonth() + 1, d.getDate()].map((n) => String(n).padStart(2, '0')).join('-');
      const now = new Date();
      return [day(now), day(new Date(now.getFullYear(), now.getMonth(), now.getDate() - 1))];
    });

    // The member's trail: the link the billing page gives.
    await page.goto(`/users/activity?member=${encodeURIComponent(member.userId)}`);
    const list = page.getByRole('list', { name: 'Activity' });
    await expect(list.getByTestId('activity-entry')).toHaveCount(4);
    await expect(page.getByText(`Member: ${name}`)).toBeVisible();

    // Who made the changes: a click on their name.
    await list.getByRole('button', { name: ACTOR }).first().click();
    await expect(page.getByText(`Changed by: ${ACTOR}`)).toBeVisible();
    await expect(page).toHaveURL(/[?&]actor=/);
    await expect(list.getByTestId('activity-entry')).toHaveCount(4);

    // Today, in the browser's time zone; then a To before the From, refused with a clear message.
    await page.getByLabel('From').fill(today);
    await page.getByLabel('To').fill(today);
    await expect(page).toHaveURL(new RegExp(`from=${today}&to=${today}$`));
    await expect(list.getByTestId('activity-entry')).toHaveCount(4);
    await page.getByLabel('To').fill(yesterday);
    await expect(page.getByRole('alert')).toHaveText("The 'To' date is before the 'From' date. Choose a 'To' date on or after it.");
    await expect(page).toHaveURL(new RegExp(`to=${today}$`));
    await page.getByLabel('To').fill(today);
    await expect(page.getByRole('alert')).toBeHidden();

    // One kind of change.
    await page.getByLabel('Kind of change').selectOption('member.license');
    await expect(list.getByTestId('activity-entry')).toHaveCount(1);
    await expect(list.getByTestId('activity-entry')).toContainText(`${ACTOR} granted a license to ${name}`);
    const url = page.url();
    expect(new URL(url).search).toMatch(
      new RegExp(`^\\?member=${member.userId}&actor=[^&]+&kind=member\\.license&from=${today}&to=${today}$`),
    );

    // A reload (or the link shared): the same view.
    await page.reload();
    await expect(page).toHaveURL(url);
    await expect(list.getByTestId('activity-entry')).toHaveCount(1);
    await expect(list.getByTestId('activity-entry')).toContainText(`${ACTOR} granted a license to ${name}`);
    await expect(page.getByLabel('Kind of change')).toHaveValue('member.license');
    await expect(page.getByLabel('From')).toHaveValue(today);
    await expect(page.getByLabel('To')).toHaveValue(today);
    await expect(page.getByText(`Member: ${name}`)).toBeVisible();
    await expect(page.getByText(`Changed by: ${ACTOR}`)).toBeVisible();

    // The filtered activity as CSV: this member's licence change only, the formula-looking name neutralised.
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`summit-builders-activity-${today}.csv`);
    const text = readFileSync(await file.path(), 'utf8');
    expect(text.startsWith('\uFEFF')).toBe(true);
    const [header, ...rows] = parseCsv(text);
    expect(header).toEqual(['Time (UTC)', 'Kind', 'Changed by', 'Changed by email', 'Member', 'Member email', 'Before', 'After']);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.slice(1, 3)).toEqual(['member.license', ACTOR]);
    expect(rows[0]?.slice(4, 6)).toEqual([`'${name}`, member.email]);
    await expect(page).toHaveURL(url);

    // Clear filters: every change again, the fields empty.
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect(page).toHaveURL(/\/users\/activity$/);
    await expect(page.getByLabel('From')).toHaveValue('');
    await expect(page.getByText(/^Member: /)).toBeHidden();
  });
});
