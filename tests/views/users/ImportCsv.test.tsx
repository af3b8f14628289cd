/**
 * Import CSV as an administrator sees it (issue 41 item 1, docs/USERS.md): the button beside Add
 * User, the dialog's limits, template and messages for a file that will not do, the dry run's
 * figures and errors, the progress bar, the summary, and the banner that finds a job again after a
 * reload. The real screen, dialog and machines; every API call a double at the network boundary.
 */
import { act, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { IMPORT_ERRORS_LISTED } from '../../../src/contract/imports';
import { createControlledDelays } from '../../support/model';
import { makePage } from './fixtures';
import { DONE, DRAFT, PREVIEW, RUNNING, renderImport } from './render-import';
import { createUsersDoubles, renderUsers } from './render-users';

configure({ defaultHidden: true });

let teardown: (() => void) | undefined;
afterEach(() => {
  teardown?.();
  teardown = undefined;
});

/** The import on its own, opened on the file step (no job was running). */
async function openDialog() {
  const harness = renderImport();
  teardown = harness.teardown;
  // The files a person picks are not always CSV: let the test choose any.
  const user = userEvent.setup({ pointerEventsCheck: 0, applyAccept: false });
  act(() => harness.fakes.resolve('findCurrent', null));
  await user.click(await screen.findByRole('button', { name: 'Import CSV' }));
  const dialog = within(await screen.findByRole('dialog', { name: 'Import CSV' }));
  const choose = (file: File) => user.upload(dialog.getByLabelText(/CSV file/), file);
  return { ...harness, user, dialog, choose };
}

describe('Import CSV', () => {
  it('sits beside Add User on User Management, and a job running before the reload is shown in a banner whose View opens it', async () => {
    const doubles = createUsersDoubles();
    const delays = createControlledDelays(['searchDebounce', 'importPoll']);
    delays.install();
    teardown = () => delays.uninstall();
    renderUsers({ doubles, delays: { searchDebounce: delays.delays.searchDebounce, importPoll: delays.delays.importPoll } });
    act(() => doubles.list.resolve('loadUsers', makePage(1, { count: 3 })));
    // Beside Add User; waiting (busy, not just greyed out) while the console asks whether an import is under way.
    expect(screen.getByRole('button', { name: 'Add User' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Import CSV' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Import CSV' })).toHaveAttribute('aria-busy', 'true');

    act(() => doubles.imports.resolve('findCurrent', RUNNING));
    const banner = within(await screen.findByRole('region', { name: 'Import CSV' }));
    expect(banner.getByText('Importing crew.csv')).toBeInTheDocument();
    expect(banner.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '40');
    expect(banner.getByText('10 of 25 rows done')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Import CSV' })).toBeEnabled());
    expect(screen.getByRole('button', { name: 'Import CSV' })).not.toHaveAttribute('aria-busy');

    await userEvent.setup({ pointerEventsCheck: 0 }).click(banner.getByRole('button', { name: 'View' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Import CSV' }));
    expect(dialog.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '40');
    expect(dialog.getByRole('button', { name: 'Cancel import' })).toBeEnabled();

    // The job finishes: the summary, and the list loads again with its counts.
    const loads = doubles.list.calls('loadUsers').length;
    act(() => delays.fire('importPoll'));
    act(() => doubles.imports.resolve('readImport', DONE));
    expect(await dialog.findByText('Import of crew.csv finished')).toBeInTheDocument();
    await waitFor(() => expect(doubles.list.calls('loadUsers')).toHaveLength(loads + 1));
    expect(doubles.list.inputs('loadUsers').at(-1)).toMatchObject({ withStats: true });
  });

  it('states the limits and offers the template with the five columns', async () => {
    const { dialog } = await openDialog();
    expect(dialog.getByText(/Up to 2 MB and 5,000 members per file\./)).toBeInTheDocument();
    // The roles a row may name are the contract's (the API refuses any other).
    expect(dialog.getByText(/Role is Field Worker, Supervisor, Project Manager or Admin \(blank: Field Worker\)/)).toBeInTheDocument();
    const template = dialog.getByRole('link', { name: 'Download template' });
    expect(template).toHaveAttribute('download', 'hardline-import-template.csv');
    expect(decodeURIComponent(template.getAttribute('href') ?? '')).toBe('data:text/csv;charset=utf-8,Name,Email,Phone,Role,Licence\r\n');
  });

  it.each([
    [
      'a file that is not CSV',
      new File(['x'], 'crew.xlsx'),
      'crew.xlsx is not a CSV file. Save the sheet as CSV (.csv) and choose that file.',
    ],
    ['an empty file', new File([], 'crew.csv', { type: 'text/csv' }), 'The file is empty.'],
    [
      'a file over the limit',
      new File([new Uint8Array(2 * 1024 * 1024 + 1)], 'crew.csv', { type: 'text/csv' }),
      'The file is larger than 2 MB: import at most 2 MB at once.',
    ],
  ])('%s is refused with a clear message before anything is sent', async (_, file, message) => {
    const { dialog, choose, fakes } = await openDialog();
    await choose(file);
    expect(await dialog.findByRole('alert')).toHaveTextContent(message);
    expect(fakes.calls('previewImport')).toHaveLength(0);
  });

  it("a file the API cannot read says why (the API's message), and another can be chosen", async () => {
    const { dialog, choose, fakes } = await openDialog();
    await choose(new File(['Name,Phone\nRosa,5551234567\n'], 'crew.csv', { type: 'text/csv' }));
    expect(await dialog.findByRole('status')).toHaveTextContent('Checking the file…');
    act(() =>
      fakes.reject(
        'previewImport',
        new Error('The file has no Email column. The first row must name the columns: Name, Email, Phone, Role, Licence.'),
      ),
    );
    expect(await dialog.findByRole('alert')).toHaveTextContent('The file has no Email column.');
    expect(dialog.getByLabelText(/CSV file/)).toBeEnabled();
  });

  it('the dry run: N new invitations, M existing members unchanged, K rows with errors listed by row, field and message', async () => {
    const { dialog, choose, fakes } = await openDialog();
    await choose(new File(['x'], 'crew.csv', { type: 'text/csv' }));
    act(() => fakes.resolve('previewImport', PREVIEW));
    const figures = await dialog.findByLabelText('What the import will do');
    expect(figures).toHaveTextContent(/New invitations\s*25/);
    expect(figures).toHaveTextContent(/Matching existing members \(unchanged\)\s*2/);
    expect(figures).toHaveTextContent(/Rows with errors \(not imported\)\s*3/);
    expect(dialog.getByText(/Nothing has been created yet/)).toBeInTheDocument();
    const errors = within(dialog.getByRole('table', { name: 'Rows with errors' }));
    expect(errors.getAllByRole('row').map((r) => r.textContent)).toEqual([
      'RowFieldMessage',
      '4EmailEnter a valid email address',
      '9RoleRole must be one of Field Worker, Supervisor, Project Manager, Admin',
      '17PhonePhone number is required',
    ]);
    expect(fakes.calls('startImport')).toHaveLength(0);
    expect(dialog.getByRole('button', { name: 'Invite 25 members' })).toBeEnabled();
  });

  it('says when only the first errors are listed, and a file with no one new cannot be confirmed', async () => {
    const { dialog, choose, fakes } = await openDialog();
    await choose(new File(['x'], 'crew.csv', { type: 'text/csv' }));
    const errors = Array.from({ length: IMPORT_ERRORS_LISTED }, (_, i) => ({
      row: i + 2,
      field: 'Email' as const,
      message: 'Email is required',
    }));
    act(() =>
      fakes.resolve('previewImport', { import: { ...DRAFT, total: 150, toInvite: 0, pending: 0, existing: 30, invalid: 120 }, errors }),
    );
    expect(await dialog.findByText('The first 100 are listed; after the import, Download failed rows has every one.')).toBeInTheDocument();
    expect(dialog.getByText('There is no one new to invite in this file.')).toBeInTheDocument();
    expect(dialog.getByRole('button', { name: 'Invite 0 members' })).toBeDisabled();
  });

  it('Confirm shows the progress bar with its counts; the summary offers the failed rows only when some failed', async () => {
    const { dialog, choose, fakes, delays, user, downloads } = await openDialog();
    await choose(new File(['x'], 'crew.csv', { type: 'text/csv' }));
    act(() => fakes.resolve('previewImport', PREVIEW));
    await user.click(await dialog.findByRole('button', { name: 'Invite 25 members' }));
    act(() => fakes.resolve('startImport', { ...RUNNING, invited: 0, pending: 25 }));
    expect(await dialog.findByRole('progressbar')).toHaveAttribute('aria-valuenow', '0');
    expect(dialog.getByText('0 of 25 rows done')).toBeInTheDocument();
    act(() => delays.fire('importPoll'));
    act(() => fakes.resolve('readImport', RUNNING));
    await waitFor(() => expect(dialog.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '40'));
    expect(dialog.getByText('10 members invited so far. The import goes on if you close this dialog.')).toBeInTheDocument();

    act(() => delays.fire('importPoll'));
    act(() => fakes.resolve('readImport', DONE));
    const did = await dialog.findByLabelText('What the import did');
    expect(did).toHaveTextContent(/Invited\s*24/);
    expect(did).toHaveTextContent(/Failed\s*1/);
    await user.click(dialog.getByRole('button', { name: 'Download failed rows' }));
    act(() => fakes.resolve('prepareFailedRows', { url: 'http://api/exports/imports/t1', fileName: 'crew-failed-rows.csv' }));
    await waitFor(() => expect(downloads).toEqual(['http://api/exports/imports/t1']));
  });

  it('a finished job with nothing failed has no failed rows to download', async () => {
    const harness = renderImport();
    teardown = harness.teardown;
    act(() => harness.fakes.resolve('findCurrent', { ...DONE, failed: 0, invalid: 0, invited: 25 }));
    const banner = within(await screen.findByRole('region', { name: 'Import CSV' }));
    expect(banner.getByText('Import of crew.csv finished: 25 invited')).toBeInTheDocument();
    await userEvent.setup({ pointerEventsCheck: 0 }).click(banner.getByRole('button', { name: 'View' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Import CSV' }));
    expect(dialog.getByRole('button', { name: 'Done' })).toBeEnabled();
    expect(dialog.queryByRole('button', { name: 'Download failed rows' })).not.toBeInTheDocument();
  });
});
