/**
 * Model-based walk of Import CSV (the memberImport machine) through its real button, banner and
 * dialog: files chosen as a person chooses them, every API call a deferred double at the network
 * boundary, the progress poll a held timer. Each state is checked as an administrator sees it. The
 * walks cover every transition pair a person can cause: what a person can press depends on whether
 * the dialog is open (its buttons) or closed (the banner's View and Dismiss, the Import CSV button),
 * so the plan tells the two apart (`key`); the pairs that would need the other are declared
 * infeasible in infeasible.json.
 */
import { act, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect } from 'vitest';
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import { FILE_EMPTY_MESSAGE, memberImportMachine, type MemberImportSnapshot } from '../../src/machines/memberImport';
import { generateModelPaths, walkPaths, type StepInfo } from '../support/model';
import { inSubstates, tableDriver } from '../support/model/tables';
import { CANCELLED, DONE, PREVIEW, RUNNING, renderImport } from '../views/users/render-import';

configure({ defaultHidden: true });

const CSV = 'Name,Email,Phone\nRosa Alvarez,rosa@summit.test,5551234567\n';
/** A file named in the generated paths (a File alone serialises to `{}`, and two events would read as one). */
const named = (file: File) => Object.assign(file, { toJSON: () => `${file.name} (${file.size} B)` });
const GOOD_FILE = named(new File([CSV], 'crew.csv', { type: 'text/csv' }));
const EMPTY_FILE = named(new File([], 'empty.csv', { type: 'text/csv' }));
const FAILED_LINK = { url: 'http://127.0.0.1:9/exports/imports/ticket-1', fileName: 'crew-failed-rows.csv' };

const isOpen = (s: AnyMachineSnapshot) => (s as MemberImportSnapshot).context.open;
const when = <T,>(ok: boolean, events: T[]): T[] => (ok ? events : []);

// Alone, the machine has no parent to tell (in the app the list is its parent).
const paths = generateModelPaths(memberImportMachine.provide({ actions: { reportImported: () => undefined } }), {
  cover: 'pairs',
  key: isOpen,
  events: {
    // A person can only do what is on the screen: the dialog's buttons while it is open, the
    // banner's View while it is closed.
    'import.open': (s) => when(!isOpen(s), [{ type: 'import.open' }]),
    'import.close': (s) => when(isOpen(s), [{ type: 'import.close' }]),
    'import.cancel': (s) => when(isOpen(s), [{ type: 'import.cancel' }]),
    'import.downloadFailed': (s) => when(isOpen(s), [{ type: 'import.downloadFailed' }]),
    'import.chooseFile': [
      { type: 'import.chooseFile', file: EMPTY_FILE },
      { type: 'import.chooseFile', file: GOOD_FILE },
    ],
    'xstate.done.actor.findCurrent': [
      { type: 'xstate.done.actor.findCurrent', output: RUNNING },
      { type: 'xstate.done.actor.findCurrent', output: DONE },
      { type: 'xstate.done.actor.findCurrent', output: null },
    ],
    'xstate.done.actor.previewImport': { type: 'xstate.done.actor.previewImport', output: PREVIEW },
    'xstate.done.actor.startImport': { type: 'xstate.done.actor.startImport', output: { ...RUNNING, invited: 0, pending: 25 } },
    'xstate.done.actor.readImport': [
      { type: 'xstate.done.actor.readImport', output: RUNNING },
      { type: 'xstate.done.actor.readImport', output: DONE },
    ],
    'xstate.done.actor.cancelImport': [
      { type: 'xstate.done.actor.cancelImport', output: RUNNING },
      { type: 'xstate.done.actor.cancelImport', output: CANCELLED },
    ],
    'xstate.done.actor.dismissImport': { type: 'xstate.done.actor.dismissImport', output: { ...DONE } },
    'xstate.done.actor.prepareFailedRows': { type: 'xstate.done.actor.prepareFailedRows', output: FAILED_LINK },
    'xstate.error.actor.findCurrent': { type: 'xstate.error.actor.findCurrent', error: new Error('Network down') },
    'xstate.error.actor.previewImport': {
      type: 'xstate.error.actor.previewImport',
      error: new Error('The file has no Email column. The first row must name the columns: Name, Email, Phone, Role, Licence.'),
    },
    'xstate.error.actor.startImport': { type: 'xstate.error.actor.startImport', error: new Error('') },
    'xstate.error.actor.readImport': { type: 'xstate.error.actor.readImport', error: new Error('') },
    'xstate.error.actor.cancelImport': { type: 'xstate.error.actor.cancelImport', error: new Error('') },
    'xstate.error.actor.dismissImport': { type: 'xstate.error.actor.dismissImport', error: new Error('') },
    'xstate.error.actor.prepareFailedRows': { type: 'xstate.error.actor.prepareFailedRows', error: new Error('') },
  },
});

walkPaths({
  machineId: 'memberImport',
  machine: memberImportMachine,
  paths,
  timeout: 15_000,
  setup: ({ inspect }) => {
    const harness = renderImport(inspect);
    const { fakes, delays, downloads, imported } = harness;
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    const dialog = () => within(screen.getByRole('dialog', { name: 'Import CSV' }));
    const noDialog = () => waitFor(() => expect(screen.queryByRole('dialog', { name: 'Import CSV' })).not.toBeInTheDocument());
    // act() is not returned: awaiting the act of a synchronous callback flushes outside the act environment.
    const settle = (event: AnyEventObject, info: StepInfo) => {
      act(() => {
        if (!fakes.settle(event, info)) throw new Error(`cannot perform ${event.type}`);
      });
    };
    /** The dialog when it is open, else the banner: where a running or finished job is shown. */
    const shown = async (open: boolean): Promise<HTMLElement> => {
      if (open) return screen.findByRole('dialog', { name: 'Import CSV' });
      await noDialog();
      return screen.findByRole('region', { name: 'Import CSV' });
    };
    const click = async (name: string | RegExp) => user.click(await screen.findByRole('button', { name }));
    /** What had happened before the step being performed (a walk may preview, finish and download several times). */
    const before = { previews: 0, imported: 0, downloads: 0 };
    const table = tableDriver(memberImportMachine, {
      states: {
        checking: () => expect(screen.getByRole('button', { name: 'Import CSV' })).toBeDisabled(),
        idle: async () => {
          await waitFor(() => expect(screen.getByRole('button', { name: 'Import CSV' })).toBeEnabled());
          await noDialog();
          expect(screen.queryByRole('region', { name: 'Import CSV' })).not.toBeInTheDocument();
        },
        choosing: async ({ context }) => {
          const d = within(await screen.findByRole('dialog', { name: 'Import CSV' }));
          expect(d.getByRole('link', { name: 'Download template' })).toHaveAttribute('download', 'hardline-import-template.csv');
          expect(d.getByText(/Up to 2 MB and 5,000 members per file\./)).toBeInTheDocument();
          if (context.error !== null) expect(await d.findByRole('alert')).toHaveTextContent(context.error);
        },
        previewing: async () => {
          expect(await dialog().findByRole('status')).toHaveTextContent('Checking the file…');
          expect((fakes.inputs('previewImport').at(-1) as { file: File }).file.name).toBe('crew.csv');
        },
        reviewing: async ({ context }) => {
          const figures = await dialog().findByLabelText('What the import will do');
          expect(figures).toHaveTextContent(/New invitations\s*25/);
          expect(figures).toHaveTextContent(/Matching existing members \(unchanged\)\s*2/);
          expect(figures).toHaveTextContent(/Rows with errors \(not imported\)\s*3/);
          const errors = dialog().getByRole('table', { name: 'Rows with errors' });
          expect(within(errors).getByRole('row', { name: /^4 Email Enter a valid email address/ })).toBeInTheDocument();
          await waitFor(() => expect(dialog().getByRole('button', { name: 'Invite 25 members' })).toBeEnabled());
          if (context.error !== null) expect(await dialog().findByRole('alert')).toHaveTextContent('The import could not be started');
        },
        starting: async () => {
          expect(fakes.inputs('startImport').at(-1)).toEqual({ importId: 'import-1' });
          await waitFor(() => expect(dialog().getByRole('button', { name: /Starting/ })).toBeDisabled());
        },
        running: inSubstates,
        'running.waiting': async ({ context }) => {
          const where = await shown(context.open);
          const bar = await within(where).findByRole('progressbar');
          expect(bar).toHaveAttribute('aria-valuenow', String(Math.round(((25 - (context.job?.pending ?? 0)) / 25) * 100)));
          expect(within(where).getByText(`${25 - (context.job?.pending ?? 0)} of 25 rows done`)).toBeInTheDocument();
          expect(delays.isPending('importPoll')).toBe(true);
        },
        'running.reading': () => expect(fakes.pending('readImport')).toHaveLength(1),
        cancelling: async () => {
          expect(fakes.inputs('cancelImport').at(-1)).toEqual({ importId: 'import-1' });
          await waitFor(() => expect(dialog().getByRole('button', { name: /Cancelling/ })).toBeDisabled());
        },
        finished: async ({ context }) => {
          const where = await shown(context.open);
          const title = context.job?.status === 'cancelled' ? 'Import of crew.csv cancelled' : 'Import of crew.csv finished';
          expect(await within(where).findByText(new RegExp(`^${title}`))).toBeInTheDocument();
          if (context.open) {
            expect(within(where).getByLabelText('What the import did')).toHaveTextContent(`Invited${context.job?.invited}`);
            await waitFor(() => expect(within(where).getByRole('button', { name: 'Download failed rows' })).toBeEnabled());
            if (context.error !== null) expect(await within(where).findByRole('alert')).toHaveTextContent(context.error);
          }
        },
        downloadingFailed: async () => {
          expect(fakes.pending('prepareFailedRows')).toHaveLength(1);
          await waitFor(() => expect(dialog().getByRole('button', { name: /Preparing/ })).toBeDisabled());
        },
        dismissing: () => expect(fakes.inputs('dismissImport').at(-1)).toEqual({ importId: 'import-1' }),
      },
      events: {
        'import.open': async () => {
          const inBanner = screen.queryByRole('region', { name: 'Import CSV' });
          await user.click(
            inBanner ? within(inBanner).getByRole('button', { name: 'View' }) : screen.getByRole('button', { name: 'Import CSV' }),
          );
        },
        'import.close': async () => {
          const d = dialog();
          const cancel = d.queryByRole('button', { name: 'Cancel' }) ?? (d.getAllByRole('button', { name: 'Close' })[0] as HTMLElement);
          await user.click(cancel);
        },
        'import.chooseFile': ({ file }) => user.upload(dialog().getByLabelText(/CSV file/), file),
        'import.chooseAnother': () => click('Choose another file'),
        'import.confirm': () => click('Invite 25 members'),
        'import.cancel': () => click('Cancel import'),
        'import.downloadFailed': () => click('Download failed rows'),
        'import.dismiss': async () => {
          const inBanner = screen.queryByRole('region', { name: 'Import CSV' });
          await user.click(
            inBanner ? within(inBanner).getByRole('button', { name: 'Dismiss' }) : dialog().getByRole('button', { name: 'Done' }),
          );
        },
        'xstate.after.importPoll.memberImport.running.waiting': () => {
          act(() => delays.fire('importPoll'));
        },
        'xstate.done.actor.findCurrent': settle,
        'xstate.done.actor.previewImport': settle,
        'xstate.done.actor.startImport': settle,
        'xstate.done.actor.readImport': settle,
        'xstate.done.actor.cancelImport': settle,
        'xstate.done.actor.dismissImport': settle,
        'xstate.done.actor.prepareFailedRows': settle,
        'xstate.error.actor.findCurrent': settle,
        'xstate.error.actor.previewImport': settle,
        'xstate.error.actor.startImport': settle,
        'xstate.error.actor.readImport': settle,
        'xstate.error.actor.cancelImport': settle,
        'xstate.error.actor.dismissImport': settle,
        'xstate.error.actor.prepareFailedRows': settle,
      },
      arrivals: {
        // A refused file is named and nothing is sent.
        choosing: {
          'import.chooseFile': async () => {
            expect(await dialog().findByRole('alert')).toHaveTextContent(FILE_EMPTY_MESSAGE);
            expect(fakes.calls('previewImport')).toHaveLength(before.previews);
          },
        },
        // Reaching the end of a running job tells the list to load again.
        finished: {
          'xstate.done.actor.readImport': () => expect(imported).toHaveLength(before.imported + 1),
          'xstate.done.actor.cancelImport': () => expect(imported).toHaveLength(before.imported + 1),
          'xstate.done.actor.prepareFailedRows': () => {
            expect(downloads).toHaveLength(before.downloads + 1);
            expect(downloads.at(-1)).toBe(FAILED_LINK.url);
          },
        },
        'running.waiting': {
          'xstate.error.actor.readImport': async ({ context }) => {
            if (context.open) expect(await dialog().findByRole('alert')).toHaveTextContent('The progress could not be read');
          },
        },
      },
    });
    return {
      ...table,
      perform(event: AnyEventObject, info: StepInfo) {
        before.previews = fakes.calls('previewImport').length;
        before.imported = imported.length;
        before.downloads = downloads.length;
        return table.perform(event, info);
      },
      teardown: harness.teardown,
    };
  },
  onReport: (report) => {
    expect(report.states.missing).toEqual([]);
    expect(report.transitions.missing).toEqual([]);
  },
});
