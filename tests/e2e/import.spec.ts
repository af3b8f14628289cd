/**
 * Import CSV against the local stack (issue 41 item 1, docs/USERS.md): a real file of 30 rows, 3 of
 * them bad, uploaded through the dialog; the dry run's figures; the job started, followed across a
 * reload, and finished; the invited members on the list; the failed rows downloaded. The e-mails
 * are new on every run, so no other test's members are touched.
 */
import { readFileSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { signInAsAdmin } from '../support/e2e/accounts';
import { expect, test } from '../support/e2e/fixtures';

async function expectInsideWindow(page: Page, locator: Locator, what: string): Promise<void> {
  await expect(locator, what).toBeVisible();
  const box = await locator.boundingBox();
  if (!box) throw new Error(`${what} has no box`);
  const width = page.viewportSize()?.width ?? 0;
  expect(box.x, `${what} starts at x = ${box.x}`).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width, `${what} ends at x = ${box.x + box.width} in a ${width} px window`).toBeLessThanOrEqual(width);
}

async function openUsers(page: Page): Promise<void> {
  await page.getByRole('link', { name: 'User Management' }).click();
  await expect(page).toHaveURL(/\/users$/);
  await expect(page.getByRole('table', { name: 'Users' })).toHaveAttribute('aria-busy', 'false');
}

/** RFC 4180 CSV: quoted cells (commas and doubled quotes inside), CRLF or LF rows. */
function parseCsv(text: string): string[][] {
  const out: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i += 1;
      out.push([...row, cell]);
      row = [];
      cell = '';
    } else cell += c;
  }
  if (cell !== '' || row.length > 0) out.push([...row, cell]);
  return out;
}

/** 30 member rows: 27 good ones and 3 bad ones (rows 5, 12 and 20 as a spreadsheet numbers them). */
function crewCsv(stamp: number): { csv: string; emails: string[] } {
  const lines = ['Full name,E-mail address,Mobile,Role,Licensed'];
  const emails: string[] = [];
  for (let i = 0; i < 30; i += 1) {
    const row = i + 2;
    const email = `import-${stamp}-${i}@summit.test`;
    const phone = `555${String(stamp + i).slice(-7)}`;
    if (row === 5) lines.push(`Bad Email ${i},not-an-email,${phone},Field Worker,no`);
    else if (row === 12) lines.push(`Bad Role ${i},${email},${phone},Owner,no`);
    else if (row === 20) lines.push(`No Phone ${i},${email},,Supervisor,yes`);
    else {
      lines.push(
        `Crew Member ${stamp} ${i},${email},${phone},${i % 3 === 0 ? 'Supervisor' : 'Field Worker'},${i % 2 === 0 ? 'yes' : 'no'}`,
      );
      emails.push(email);
    }
  }
  return { csv: `${lines.join('\r\n')}\r\n`, emails };
}

test.describe('Import CSV', () => {
  test('a crew of 30 with 3 bad rows: dry run, import across a reload, the members listed and the failed rows downloaded @users', async ({
    page,
    stack,
  }) => {
    test.setTimeout(240_000);
    await signInAsAdmin(page, stack);
    await openUsers(page);
    const stamp = Date.now();
    const fileName = `crew-${stamp}.csv`;
    const { csv, emails } = crewCsv(stamp);

    await page.getByRole('button', { name: 'Import CSV' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import CSV' });
    await expect(dialog.getByText('Up to 2 MB and 5,000 members per file.')).toBeVisible();

    // The template: the five columns.
    const templateDownload = page.waitForEvent('download');
    await dialog.getByRole('link', { name: 'Download template' }).click();
    const template = await templateDownload;
    expect(template.suggestedFilename()).toBe('hardline-import-template.csv');
    expect(readFileSync(await template.path(), 'utf8')).toBe('Name,Email,Phone,Role,Licence\r\n');

    // An empty file is refused before anything is sent.
    await dialog.getByLabel('CSV file').setInputFiles({ name: 'empty.csv', mimeType: 'text/csv', buffer: Buffer.from('') });
    await expect(dialog.getByRole('alert')).toContainText('The file is empty.');

    // The dry run: nothing is created yet.
    await dialog.getByLabel('CSV file').setInputFiles({ name: fileName, mimeType: 'text/csv', buffer: Buffer.from(csv) });
    const figures = dialog.getByLabel('What the import will do');
    await expect(figures).toContainText(/New invitations\s*27/);
    await expect(figures).toContainText(/Matching existing members \(unchanged\)\s*0/);
    await expect(figures).toContainText(/Rows with errors \(not imported\)\s*3/);
    const errors = dialog.getByRole('table', { name: 'Rows with errors' });
    await expect(errors.getByRole('row', { name: /^5 Email / })).toBeVisible();
    await expect(errors.getByRole('row', { name: /^12 Role Role must be one of/ })).toBeVisible();
    await expect(errors.getByRole('row', { name: /^20 Phone / })).toBeVisible();

    // Confirm: the job runs on the server; closing the dialog and reloading the page does not stop it.
    await dialog.getByRole('button', { name: 'Invite 27 members' }).click();
    await expect(dialog.getByText(/Importing crew-|Import of crew-/).first()).toBeVisible();
    await page.reload();
    const banner = page.getByRole('region', { name: 'Import CSV' });
    // The API invites the rows meanwhile (on a loaded machine its answers may then take a while).
    await expect(banner).toContainText(fileName, { timeout: 120_000 });
    await banner.getByRole('button', { name: 'View' }).click();
    await expect(dialog.getByText(`Import of ${fileName} finished`)).toBeVisible({ timeout: 120_000 });
    await expect(dialog.getByLabel('What the import did')).toContainText(/Invited\s*27/);
    await expect(dialog.getByLabel('What the import did')).toContainText(/Rows with errors\s*3/);

    // The failed rows, to fix and import again: the three bad rows with their errors.
    const failedDownload = page.waitForEvent('download');
    await dialog.getByRole('button', { name: 'Download failed rows' }).click();
    const failed = readFileSync(await (await failedDownload).path(), 'utf8').replace(/^\uFEFF/, '');
    const [header, ...failedRows] = parseCsv(failed);
    expect(header).toEqual(['Name', 'Email', 'Phone', 'Role', 'Licence', 'Row', 'Error']);
    expect(failedRows.map((cells) => cells[5])).toEqual(['5', '12', '20']);
    expect(failedRows.map((cells) => cells[6]?.split(':')[0])).toEqual(['Email', 'Role', 'Phone']);

    // Done: the import is put away, and the invited members are on the list.
    await dialog.getByRole('button', { name: 'Done' }).click();
    await expect(dialog).toBeHidden();
    await expect(banner).toBeHidden();
    const search = page.getByRole('searchbox', { name: 'Search users' });
    await search.fill(`import-${stamp}-`);
    await expect(page.getByText(/^Showing 1–25 of 27$/)).toBeVisible();
    // One of them, as the file named them.
    await search.fill(emails[1] as string);
    const row = page.getByRole('table', { name: 'Users' }).locator('tbody tr');
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(`Crew Member ${stamp} 1`);
    await expect(row).toContainText('Field Worker');
  });

  test('on a 320 px phone, Import CSV and its dialog fit the window @users', async ({ page, stack }) => {
    await page.setViewportSize({ width: 320, height: 640 });
    await signInAsAdmin(page, stack);
    await page.goto('/users');
    const button = page.getByRole('button', { name: 'Import CSV' });
    await expect(button).toBeEnabled();
    await expectInsideWindow(page, button, 'Import CSV');
    await expectInsideWindow(page, page.getByRole('button', { name: 'Add User' }), 'Add User');
    // Measured once the members are on screen (as cards at this width), not while they load.
    await expect(page.getByRole('list', { name: 'Users' })).toHaveAttribute('aria-busy', 'false');
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
    await button.click();
    const dialog = page.getByRole('dialog', { name: 'Import CSV' });
    await expectInsideWindow(page, dialog, 'the dialog');
    await expectInsideWindow(page, dialog.getByLabel('CSV file'), 'the file field');
    await expectInsideWindow(page, dialog.getByRole('link', { name: 'Download template' }), 'Download template');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
  });
});
