/**
 * Dashboard and User Management against the local stack: real sign-in, the reference API and its
 * seeded organisation. Figures are compared with what the API answers to the admin's own token.
 * The stack is shared by the run (other workers change users too), so every comparison of a
 * figure with the API is retried until both agree, and the users this file changes are its own.
 */
import { readFileSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import type { BillingOverview, User, UserListResponse, UserStats } from '../../src/contract/api';
import { signInAsAdmin, uniqueLetters, type ApiSession } from '../support/e2e/accounts';
import { expect, test } from '../support/e2e/fixtures';
import { memberBillingLinks } from '../support/e2e/users';

async function api<T>(page: Page, session: ApiSession, path: string): Promise<T> {
  const res = await page.request.get(`${session.apiUrl}${path}`, { headers: { authorization: `Bearer ${session.token}` } });
  expect(res.ok(), `${path} answered ${res.status()}`).toBe(true);
  return (await res.json()) as T;
}

const number = (n: number) => new Intl.NumberFormat('en-US').format(n);

/** A member of this test's own, added through the API: a unique name and e-mail, a random phone. */
async function addMember(page: Page, session: ApiSession, namePrefix: string, extra: Partial<User> = {}): Promise<User> {
  const tag = uniqueLetters();
  const digits = String(Math.floor(Math.random() * 1e7)).padStart(7, '0');
  const res = await page.request.post(`${session.apiUrl}/api/users`, {
    headers: { authorization: `Bearer ${session.token}` },
    data: {
      name: `${namePrefix} ${tag.charAt(0).toUpperCase()}${tag.slice(1)}`,
      email: `${namePrefix.toLowerCase()}-${tag}@summit.test`,
      phoneNumber: `+1555${digits}`,
      ...extra,
    },
  });
  expect(res.ok(), `POST /api/users answered ${res.status()}: ${await res.text()}`).toBe(true);
  return ((await res.json()) as { user: User }).user;
}

function quickStat(page: Page, label: string): Locator {
  return page.getByRole('region', { name: 'Quick Stats' }).getByRole('group', { name: label, exact: true });
}

async function openUsers(page: Page): Promise<void> {
  await page.getByRole('link', { name: 'User Management' }).click();
  await expect(page).toHaveURL(/\/users$/);
  await expect(page.getByRole('table', { name: 'Users' })).toHaveAttribute('aria-busy', 'false');
}

function rows(page: Page): Locator {
  return page.getByRole('table', { name: 'Users' }).locator('tbody tr');
}

/** Every member a list query selects, in its order (pages of 100). */
async function allMembers(page: Page, session: ApiSession, query: string): Promise<User[]> {
  const members: User[] = [];
  for (let n = 1; ; n += 1) {
    const answer = await api<UserListResponse>(page, session, `/api/users?${query}&limit=100&page=${n}`);
    members.push(...answer.users);
    if (answer.users.length === 0 || members.length >= answer.total) return members;
  }
}

/** RFC 4180 CSV (quoted cells, doubled quotes, CRLF or LF rows), after a UTF-8 byte order mark. */
function parseCsv(text: string): string[][] {
  const rowsOut: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  const body = text.replace(/^\uFEFF/, '');
  for (let i = 0; i < body.length; i += 1) {
    const c = body[i];
    if (quoted) {
      if (c === '"' && body[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && body[i + 1] === '\n') i += 1;
      row.push(cell);
      rowsOut.push(row);
      row = [];
      cell = '';
    } else cell += c;
  }
  if (cell !== '' || row.length > 0) rowsOut.push([...row, cell]);
  return rowsOut;
}

/** A member as the export writes them (docs/API.md): formula-looking cells start with an apostrophe. */
function csvRowOf(m: User): string[] {
  const neutralise = (cell: string) => (/^[=+\-@\t\r]/.test(cell) ? `'${cell}` : cell);
  return [
    m.name,
    m.email,
    m.phoneNumber,
    m.role,
    m.isActive ? 'Active' : 'Pending',
    m.hasLicense ? 'Yes' : 'No',
    m.createdAt,
    m.lastActiveAt ?? '',
  ].map(neutralise);
}

test.describe('User Management @users', () => {
  test('the dashboard figures match the API, and Start Chat opens the Assistant @users', async ({ page, stack }) => {
    const session = await signInAsAdmin(page, stack);
    const total = page.getByRole('group', { name: 'Total Users', exact: true });
    await expect(total).toContainText(/licensed/);
    await expect(async () => {
      await page.reload();
      const stats = await api<UserStats>(page, session, '/api/users/stats');
      const overview = await api<BillingOverview>(page, session, '/api/admin/billing/overview');
      await expect(total).toContainText(number(stats.total));
      await expect(total).toContainText(`${number(stats.licensed)} licensed`);
      const active = page.getByRole('group', { name: 'Active Users', exact: true });
      await expect(active).toContainText(number(stats.active));
      await expect(active).toContainText(`${number(stats.pending)} pending`);
      await expect(page.getByRole('group', { name: 'Pro subscriptions', exact: true })).toContainText(
        number(overview.subscriptionBreakdown.pro),
      );
      await expect(page.getByRole('group', { name: 'Lite subscriptions', exact: true })).toContainText(
        number(overview.subscriptionBreakdown.lite),
      );
      await expect(page.getByRole('group', { name: 'Total users', exact: true })).toContainText(number(overview.totalUsers));
      if (overview.unpaidInvoices > 0) await expect(page.getByText(/unpaid invoices? needs? attention/)).toBeVisible();
    }).toPass({ timeout: 30_000 });
    await expect(page.getByRole('group', { name: 'AI Messages Today', exact: true })).toContainText('0');
    await expect(page.getByRole('group', { name: 'System Status', exact: true })).toContainText('Operational');
    await page.getByRole('link', { name: 'Start Chat' }).click();
    await expect(page).toHaveURL(/\/ai$/);
  });

  test('search by a phone fragment, then filter by role and status @users', async ({ page, stack }) => {
    const session = await signInAsAdmin(page, stack);
    // A Supervisor of this test's own, the newest member, so the first page of the search holds them
    // however many other members share the four digits (other tests add members with timestamps in
    // their e-mails and phones; the first Supervisor listed used to be one of those).
    const target = await addMember(page, session, 'Phonesearch', { role: 'Supervisor' });
    const fragment = target.phoneNumber.replace(/\D/g, '').slice(-4);
    await openUsers(page);
    // The wide table scrolls inside its own box: the page itself never scrolls sideways.
    await expect(memberBillingLinks(page).first()).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(page.viewportSize()?.width ?? 0);
    const matching = await api<UserListResponse>(page, session, `/api/users?search=${fragment}`);

    await page.getByRole('searchbox', { name: 'Search users' }).fill(fragment);
    await expect(rows(page).filter({ hasText: target.name })).toHaveCount(1);
    // The whole range line: 'of 1' alone is also part of the unfiltered list's 'of 1,204'.
    await expect(page.getByText(new RegExp(`^Showing .* of ${number(matching.total)}$`))).toBeVisible();
    // Each row matches by its phone, or by its name or e-mail: members other tests create have
    // e-mails with timestamps in them, which may hold the same four digits.
    await expect(async () => {
      const found = await rows(page).evaluateAll((trs) =>
        trs.map((tr) => ({ phone: tr.querySelector('td:nth-child(4)')?.textContent ?? '', text: tr.textContent ?? '' })),
      );
      expect(found.length).toBe(Math.min(25, matching.total));
      for (const { phone, text } of found) expect(phone.replace(/\D/g, '').includes(fragment) || text.includes(fragment), text).toBe(true);
    }).toPass();

    await page.getByRole('searchbox', { name: 'Search users' }).fill('');
    await page.getByLabel('Role').selectOption('Supervisor');
    await expect(page.getByRole('table', { name: 'Users' })).toHaveAttribute('aria-busy', 'false');
    await expect(async () => {
      const roles = await rows(page).locator('td:nth-child(5)').allTextContents();
      expect(roles.length).toBeGreaterThan(0);
      expect(new Set(roles)).toEqual(new Set(['Supervisor']));
    }).toPass();

    await page.getByLabel('Status').selectOption('pending');
    const pendingSupervisors = await api<UserListResponse>(page, session, '/api/users?role=Supervisor&status=pending');
    await expect(async () => {
      const badges = await rows(page).locator('td:nth-child(7)').allTextContents();
      expect(badges.length).toBe(Math.min(25, pendingSupervisors.total));
      expect(new Set(badges)).toEqual(new Set(['pending']));
    }).toPass();
  });

  test('add a user and find them @users', async ({ page, stack }) => {
    await signInAsAdmin(page, stack);
    await openUsers(page);
    const stamp = Date.now();
    const name = `Playwright Tester ${stamp}`;
    const email = `pw-${stamp}@summit.test`;
    const phone = `555${String(stamp).slice(-7)}`;

    await page.getByRole('button', { name: 'Add User' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add User' });
    await dialog.getByLabel('Name').fill(name);
    await dialog.getByLabel('Email').fill(email);
    await dialog.getByLabel('Phone number').fill('+0 555');
    await dialog.getByRole('button', { name: 'Add User' }).click();
    await expect(dialog.getByRole('alert')).toContainText('Please enter a valid phone number (e.g., 5551234567 or +15551234567)');
    await dialog.getByLabel('Phone number').fill(phone);
    await dialog.getByRole('button', { name: 'Add User' }).click();
    // The toast first: it shows as the dialog closes and goes after 5 s, which a busy machine can
    // spend waiting for the dialog to finish closing (a stress run missed it that way).
    await expect(page.getByRole('status').filter({ hasText: `${name} was added` })).toBeVisible();
    await expect(dialog).toBeHidden();

    await page.getByRole('searchbox', { name: 'Search users' }).fill(email);
    const row = rows(page).filter({ hasText: name });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(`+1 (${phone.slice(0, 3)}) ${phone.slice(3, 6)}-${phone.slice(6)}`);
    await expect(row).toContainText('Field Worker');
    await expect(row).toContainText('active');
    await expect(row.getByRole('checkbox', { name: `License for ${name}` })).not.toBeChecked();
  });

  test('toggle a licence and see the count change @users', async ({ page, stack }) => {
    const session = await signInAsAdmin(page, stack);
    await openUsers(page);
    // A user of this test's own: added through the API, so no other test toggles them.
    const stamp = Date.now();
    const created = await page.request.post(`${session.apiUrl}/api/users`, {
      headers: { authorization: `Bearer ${session.token}` },
      data: { name: `Licence Toggle ${stamp}`, email: `lt-${stamp}@summit.test`, phoneNumber: `+1555${String(stamp).slice(-7)}` },
    });
    expect(created.ok()).toBe(true);
    await page.getByRole('searchbox', { name: 'Search users' }).fill(`lt-${stamp}@summit.test`);
    const row = rows(page).filter({ hasText: `Licence Toggle ${stamp}` });
    await expect(row).toHaveCount(1);
    const licensed = quickStat(page, 'Licensed');
    // The figure is read once it is there ('—' while the stats load would read as 0).
    await expect(licensed).toHaveText(/\d/);
    const before = Number(((await licensed.textContent()) ?? '').replace(/\D/g, ''));
    const toggle = row.getByRole('checkbox', { name: `License for Licence Toggle ${stamp}` });
    await expect(toggle).not.toBeChecked();
    await toggle.click();
    await expect(toggle).toBeChecked();
    await expect(licensed).toContainText(number(before + 1));
    // The switch turns at once; the API may still be saving it.
    await expect
      .poll(async () => (await api<UserListResponse>(page, session, `/api/users?search=lt-${stamp}`)).users[0]?.hasLicense)
      .toBe(true);
  });

  test('sort by name, then Export CSV downloads the filtered, sorted members with formulas neutralised @users', async ({ page, stack }) => {
    const session = await signInAsAdmin(page, stack);
    const headers = { authorization: `Bearer ${session.token}` };
    // A pending member of this test's own, renamed to something a spreadsheet would run.
    const stamp = Date.now();
    const created = await page.request.post(`${session.apiUrl}/api/users`, {
      headers,
      data: {
        name: `Csv Export ${stamp}`,
        email: `csv-${stamp}@summit.test`,
        phoneNumber: `+1555${String(stamp).slice(-7)}`,
        isActive: false,
      },
    });
    expect(created.ok()).toBe(true);
    const member = ((await created.json()) as { user: User }).user;
    const renamed = await page.request.put(`${session.apiUrl}/api/users/${member.userId}`, { headers, data: { name: '=SUM(1,2)' } });
    expect(renamed.ok(), `rename answered ${renamed.status()}`).toBe(true);

    await openUsers(page);
    const table = page.getByRole('table', { name: 'Users' });
    const nameHeader = table.getByRole('columnheader', { name: 'Name' });
    await expect(table.getByRole('columnheader', { name: 'Created' })).toHaveAttribute('aria-sort', 'descending');
    await nameHeader.getByRole('button', { name: 'Name' }).click();
    await expect(nameHeader).toHaveAttribute('aria-sort', 'ascending');
    await expect(table.getByRole('columnheader', { name: 'Created' })).toHaveAttribute('aria-sort', 'none');
    await expect(async () => {
      await expect(table).toHaveAttribute('aria-busy', 'false');
      const byName = await api<UserListResponse>(page, session, '/api/users?sort=name&limit=25');
      const shown = await rows(page)
        .locator('td:nth-child(2) [title]')
        .evaluateAll((cells) => cells.map((c) => c.getAttribute('title')));
      expect(shown).toEqual(byName.users.map((u) => u.name));
      const folded = shown.map((name) => (name ?? '').toLowerCase());
      expect(folded).toEqual([...folded].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    }).toPass({ timeout: 30_000 });

    await page.getByLabel('Status').selectOption('pending');
    await expect(table).toHaveAttribute('aria-busy', 'false');
    const today = await page.evaluate(() => {
      const d = new Date();
      return [d.getFullYear(), d.getMonth() + 1, d.getDate()].map((n) => String(n).padStart(2, '0')).join('-');
    });
    // Other workers may change members meanwhile: the file must equal the API's answer just before
    // and just after it (otherwise try again).
    await expect(async () => {
      const before = await allMembers(page, session, 'status=pending&sort=name');
      const download = page.waitForEvent('download');
      await page.getByRole('button', { name: 'Export CSV' }).click();
      const file = await download;
      expect(file.suggestedFilename()).toBe(`summit-builders-members-${today}.csv`);
      const text = readFileSync(await file.path(), 'utf8');
      const after = await allMembers(page, session, 'status=pending&sort=name');
      expect(after).toEqual(before);
      expect(text.startsWith('\uFEFF')).toBe(true);
      const [header, ...members] = parseCsv(text);
      expect(header?.join(',')).toBe('Name,Email,Phone,Role,Status,Licence,Created,Last active');
      expect(members.length).toBeGreaterThan(25);
      expect(members).toEqual(before.map(csvRowOf));
      const formula = members.find((cells) => cells[1] === member.email);
      expect(formula?.[0]).toBe("'=SUM(1,2)");
      expect(formula?.[2]).toBe(`'${member.phoneNumber}`);
    }).toPass({ timeout: 60_000 });
    // The download left the console where it was, on the same view.
    await expect(page).toHaveURL(/\/users\?status=pending&sort=name$/);
    await expect(page.getByRole('button', { name: 'Export CSV' })).toBeEnabled();
  });

  test.describe('when the API fails once', () => {
    test.use({ allowedConsoleErrors: [/Failed to load resource/] });

    test("shows 'Error loading users' and 'Try again' loads the list @users", async ({ page, stack }) => {
      await signInAsAdmin(page, stack);
      let failed = 0;
      await page.route(`${stack.apiUrl}/api/users?**`, async (route) => {
        if (failed === 0) {
          failed += 1;
          await route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ message: 'Database unavailable' }) });
          return;
        }
        await route.continue();
      });
      await page.getByRole('link', { name: 'User Management' }).click();
      const alert = page.getByRole('alert').filter({ hasText: 'Error loading users' });
      await expect(alert).toContainText('Database unavailable');
      await alert.getByRole('button', { name: 'Try again' }).click();
      await expect(alert).toBeHidden();
      await expect(rows(page).first()).toBeVisible();
      await expect(page.getByText(/^Showing 1–25 of /)).toBeVisible();
      expect(failed).toBe(1);
    });
  });

  test.describe('when the connection drops', () => {
    test.use({ allowedConsoleErrors: [/Failed to load resource/] });

    test('a search made offline fails with a message, and runs by itself when the connection comes back @users', async ({
      page,
      context,
      stack,
    }) => {
      const session = await signInAsAdmin(page, stack);
      const matching = await api<UserListResponse>(page, session, '/api/users?search=hall&limit=25');
      expect(matching.total, 'members matching "hall"').toBeGreaterThan(0);
      await page.getByRole('link', { name: 'User Management' }).click();
      await expect(rows(page).first()).toBeVisible();

      await context.setOffline(true);
      await page.getByRole('searchbox', { name: 'Search users' }).fill('hall');
      const alert = page.getByRole('alert').filter({ hasText: 'Error loading users' });
      await expect(alert).toContainText('Cannot reach the server');
      await expect(page.getByRole('searchbox', { name: 'Search users' }), 'the search typed offline is kept').toHaveValue('hall');

      await context.setOffline(false);
      await expect(alert).toBeHidden();
      await expect(page.getByText(/^Showing 1–\d+ of \d+$/)).toBeVisible();
      // Other workers add members as they go: the rows are checked for the search, not counted. Read
      // until the search's rows have replaced the list shown before it (the range line alone does not tell).
      await expect(async () => {
        const texts = await rows(page).allInnerTexts();
        expect(texts.length).toBeGreaterThan(0);
        for (const text of texts) expect(text.toLowerCase()).toContain('hall');
      }).toPass();
    });
  });
});
