// @vitest-environment node
/**
 * What Import CSV's dialog and banner read of the machine (src/machines/memberImport/selectors.ts),
 * the checks of a chosen file (file.ts), and the machine's answers to each call: the step shown in
 * every state, what is busy, the figures of a finished job in words, the messages when a call fails
 * without one of its own, and what the list is told. Actor level, no rendering: each API call is a
 * promise the test settles, the progress poll a held timer the test fires.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createActor, createMachine } from 'xstate';
import type { ImportJob } from '../../src/contract/imports';
import {
  FILE_EMPTY_MESSAGE,
  FILE_TOO_LARGE_MESSAGE,
  IMPORT_LIMITS_TEXT,
  importOutcome,
  importOutcomeTitle,
  importPercent,
  importProgressText,
  notCsvMessage,
  selectCanConfirmImport,
  selectCanDownloadFailed,
  selectImportBanner,
  selectImportError,
  selectImportJob,
  selectImportRowErrors,
  selectImportStep,
  selectIsCancelling,
  selectIsCheckingFile,
  selectIsDismissing,
  selectIsDownloadingFailed,
  selectIsImportBusy,
  selectIsImportDialogOpen,
  selectIsLookingForJob,
  selectIsStarting,
  type MemberImportSnapshot,
} from '../../src/machines/memberImport';
import { fileProblem } from '../../src/machines/memberImport/file';
import { CANCELLED, DONE, DRAFT, PREVIEW, RUNNING } from '../views/users/render-import';
import { actorsOf, CSV_FILE, openScreen, reviewing, uninstallDelays, withDoubles, type Screen } from './memberImport.harness';
import { settle } from './pending-actor';

afterEach(uninstallDelays);

/** A job found running when the screen opened. */
async function running(): Promise<Screen> {
  const s = openScreen();
  s.findCurrent.last().resolve(RUNNING);
  await settle();
  return s;
}

/** A finished job found when the screen opened. */
async function finished(job: ImportJob = DONE): Promise<Screen> {
  const s = openScreen();
  s.findCurrent.last().resolve(job);
  await settle();
  return s;
}

/** Which of the "something is on its way" selectors say yes. */
function busyFlags(snap: MemberImportSnapshot) {
  return {
    lookingForJob: selectIsLookingForJob(snap),
    checkingFile: selectIsCheckingFile(snap),
    starting: selectIsStarting(snap),
    cancelling: selectIsCancelling(snap),
    downloadingFailed: selectIsDownloadingFailed(snap),
    dismissing: selectIsDismissing(snap),
    busy: selectIsImportBusy(snap),
  };
}

const IDLE_FLAGS = {
  lookingForJob: false,
  checkingFile: false,
  starting: false,
  cancelling: false,
  downloadingFailed: false,
  dismissing: false,
  busy: false,
};

describe('the step the dialog shows and what it is waiting for', () => {
  it('looks for a current job first, then shows nothing while there is none', async () => {
    const s = openScreen();
    expect(selectImportStep(s.snap())).toBeNull();
    expect(busyFlags(s.snap())).toEqual({ ...IDLE_FLAGS, lookingForJob: true, busy: true });
    s.findCurrent.last().resolve(null);
    await settle();
    expect(selectImportStep(s.snap())).toBeNull();
    expect(busyFlags(s.snap())).toEqual(IDLE_FLAGS);
    expect(selectIsImportDialogOpen(s.snap())).toBe(false);
  });

  it('checks the chosen file on the choose step, then reviews the dry run', async () => {
    const s = openScreen();
    s.findCurrent.last().resolve(null);
    await settle();
    s.send({ type: 'import.open' });
    expect(selectImportStep(s.snap())).toBe('choose');
    s.send({ type: 'import.chooseFile', file: CSV_FILE });
    expect(selectImportStep(s.snap())).toBe('choose');
    expect(busyFlags(s.snap())).toEqual({ ...IDLE_FLAGS, checkingFile: true, busy: true });
    s.previewImport.last().resolve(PREVIEW);
    await settle();
    expect(selectImportStep(s.snap())).toBe('review');
    expect(busyFlags(s.snap())).toEqual(IDLE_FLAGS);
    expect(selectImportJob(s.snap())).toEqual(DRAFT);
    expect(selectImportRowErrors(s.snap())).toEqual(PREVIEW.errors);
  });

  it('stays on the review step while the job starts', async () => {
    const s = await reviewing();
    expect(selectCanConfirmImport(s.snap())).toBe(true);
    s.send({ type: 'import.confirm' });
    expect(selectImportStep(s.snap())).toBe('review');
    expect(busyFlags(s.snap())).toEqual({ ...IDLE_FLAGS, starting: true, busy: true });
    expect(selectCanConfirmImport(s.snap())).toBe(false);
  });

  it('stays on the progress step while a cancel is on its way', async () => {
    const s = await running();
    expect(selectImportStep(s.snap())).toBe('progress');
    s.send({ type: 'import.cancel' });
    expect(selectImportStep(s.snap())).toBe('progress');
    expect(busyFlags(s.snap())).toEqual({ ...IDLE_FLAGS, cancelling: true, busy: true });
  });

  it('stays on the summary while the failed rows are prepared and while Done is on its way', async () => {
    const s = await finished();
    expect(selectImportStep(s.snap())).toBe('summary');
    s.send({ type: 'import.downloadFailed' });
    expect(selectImportStep(s.snap())).toBe('summary');
    expect(busyFlags(s.snap())).toEqual({ ...IDLE_FLAGS, downloadingFailed: true, busy: true });
    s.prepareFailedRows.last().resolve({ url: 'http://api/exports/imports/t1', fileName: 'crew-failed-rows.csv' });
    await settle();
    s.send({ type: 'import.dismiss' });
    expect(selectImportStep(s.snap())).toBe('summary');
    expect(busyFlags(s.snap())).toEqual({ ...IDLE_FLAGS, dismissing: true, busy: true });
  });

  it('shows no banner for a dry run the administrator closed', async () => {
    const s = await reviewing();
    s.send({ type: 'import.close' });
    expect(selectImportStep(s.snap())).toBeNull();
    expect(selectIsImportDialogOpen(s.snap())).toBe(false);
    expect(selectImportBanner(s.snap())).toBeNull();
  });
});

describe('the job the API calls current', () => {
  it('a draft left from an earlier dry run is not shown: the screen starts with no job', async () => {
    const s = openScreen();
    s.findCurrent.last().resolve(DRAFT);
    await settle();
    expect(s.snap().value).toBe('idle');
    expect(selectImportStep(s.snap())).toBeNull();
    expect(selectImportJob(s.snap())).toBeNull();
  });

  it('a job read as finished at a poll is the one the summary shows', async () => {
    const s = await running();
    s.delays.fire('importPoll');
    s.readImport.last().resolve(DONE);
    await settle();
    expect(selectImportJob(s.snap())).toEqual(DONE);
  });
});

describe('choosing another file', () => {
  it('forgets the dry run, its errors and any message', async () => {
    const s = await reviewing();
    s.send({ type: 'import.confirm' });
    s.startImport.last().reject(new Error('Another import is running.'));
    await settle();
    expect(selectImportError(s.snap())).toBe('Another import is running.');
    s.send({ type: 'import.chooseAnother' });
    expect(selectImportStep(s.snap())).toBe('choose');
    expect(s.snap().context).toEqual({ job: null, rowErrors: [], file: null, error: null, open: true });
  });

  it('the dialog opens with nothing from before', async () => {
    const s = openScreen();
    s.findCurrent.last().resolve(null);
    await settle();
    s.send({ type: 'import.open' });
    expect(s.snap().context).toEqual({ job: null, rowErrors: [], file: null, error: null, open: true });
  });
});

describe('a cancel the API answers', () => {
  it('a job still running when the cancel arrived keeps running, as the API last reported it', async () => {
    const s = await running();
    s.send({ type: 'import.cancel' });
    const later = { ...RUNNING, invited: 14, pending: 11 };
    s.cancelImport.last().resolve(later);
    await settle();
    expect(selectImportStep(s.snap())).toBe('progress');
    expect(selectImportJob(s.snap())).toEqual(later);
    expect(s.told).toEqual([]);
  });

  it('a cancelled job shows its summary and the list loads again', async () => {
    const s = await running();
    s.send({ type: 'import.cancel' });
    s.cancelImport.last().resolve(CANCELLED);
    await settle();
    expect(selectImportJob(s.snap())).toEqual(CANCELLED);
    expect(s.told).toEqual(['users.imported']);
  });
});

describe('the messages when a call fails without one of its own', () => {
  it('says the import could not be started, and stays on the review', async () => {
    const s = await reviewing();
    s.send({ type: 'import.confirm' });
    s.startImport.last().reject(new Error(''));
    await settle();
    expect(selectImportStep(s.snap())).toBe('review');
    expect(selectImportError(s.snap())).toBe('The import could not be started');
  });

  it('says the file could not be checked', async () => {
    const s = openScreen();
    s.findCurrent.last().resolve(null);
    await settle();
    s.send({ type: 'import.open' });
    s.send({ type: 'import.chooseFile', file: CSV_FILE });
    s.previewImport.last().reject(new Error(' '));
    await settle();
    expect(selectImportError(s.snap())).toBe('The file could not be checked');
  });

  it('says the import could not be cancelled, and the job goes on', async () => {
    const s = await running();
    s.send({ type: 'import.cancel' });
    s.cancelImport.last().reject(new Error(''));
    await settle();
    expect(selectImportStep(s.snap())).toBe('progress');
    expect(selectImportError(s.snap())).toBe('The import could not be cancelled');
  });

  it('says the failed rows could not be downloaded, then Done clears the message', async () => {
    const s = await finished();
    s.send({ type: 'import.downloadFailed' });
    expect(s.prepareFailedRows.last().input).toEqual({ importId: 'import-1' });
    s.prepareFailedRows.last().reject(new Error(''));
    await settle();
    expect(selectImportError(s.snap())).toBe('The failed rows could not be downloaded');
    s.send({ type: 'import.dismiss' });
    expect(selectImportError(s.snap())).toBeNull();
  });

  it('says the import could not be closed, then a new download clears the message', async () => {
    const s = await finished();
    s.send({ type: 'import.dismiss' });
    s.dismissImport.last().reject(new Error(''));
    await settle();
    expect(selectImportStep(s.snap())).toBe('summary');
    expect(selectImportError(s.snap())).toBe('The import could not be closed');
    s.send({ type: 'import.downloadFailed' });
    expect(selectImportError(s.snap())).toBeNull();
  });
});

describe('the failed rows of a finished job', () => {
  it.each([
    ['rows that failed only', { failed: 2, invalid: 0 }, true],
    ['rows with errors only', { failed: 0, invalid: 3 }, true],
    ['neither', { failed: 0, invalid: 0 }, false],
  ])('can be downloaded with %s: %j', async (_, counts, can) => {
    const s = await finished({ ...DONE, ...counts });
    expect(selectCanDownloadFailed(s.snap())).toBe(can);
  });
});

describe('what the list is told, and what the browser opens', () => {
  it('the users list hears that members were imported when a job it followed finishes', async () => {
    const actors = actorsOf();
    const { machine, delays } = withDoubles(actors);
    const heard: string[] = [];
    const parent = createMachine({
      invoke: { id: 'import', src: machine.provide({ actions: { openDownload: () => undefined } }) },
      on: {
        '*': {
          actions: ({ event }) => {
            heard.push(event.type);
          },
        },
      },
    });
    createActor(parent).start();
    actors.findCurrent.last().resolve(RUNNING);
    await settle();
    delays.fire('importPoll');
    actors.readImport.last().resolve(DONE);
    await settle();
    expect(heard).toEqual(['users.imported']);
  });

  it('the failed rows link is opened only by the download the screen provides', async () => {
    const actors = actorsOf();
    const { machine } = withDoubles(actors);
    const errors: unknown[] = [];
    const actor = createActor(machine);
    actor.subscribe({ error: (error) => errors.push(error) });
    actor.start();
    actors.findCurrent.last().resolve(DONE);
    await settle();
    actor.send({ type: 'import.downloadFailed' });
    actors.prepareFailedRows.last().resolve({ url: 'http://api/exports/imports/t1', fileName: 'crew-failed-rows.csv' });
    await settle();
    expect(errors.map((error) => (error as Error).message)).toEqual(['The "openDownload" action is not provided']);
  });
});

describe('a job in words', () => {
  const job = (overrides: Partial<ImportJob>): ImportJob => ({ ...DONE, ...overrides });

  it('says how far it is, and counts a job with nothing to invite as done', () => {
    expect(importPercent(job({ toInvite: 0, pending: 0 }))).toBe(100);
    expect(importPercent(job({ toInvite: 3, pending: 2 }))).toBe(33);
    expect(importProgressText(job({ toInvite: 1500, pending: 300 }))).toBe('1,200 of 1,500 rows done');
    expect(importProgressText(RUNNING)).toBe('10 of 25 rows done');
  });

  it('titles a finished, a cancelled and a stopped job', () => {
    expect(importOutcomeTitle(DONE)).toBe('Import of crew.csv finished');
    expect(importOutcomeTitle(CANCELLED)).toBe('Import of crew.csv cancelled');
    expect(importOutcomeTitle(job({ status: 'failed', message: 'The database went away' }))).toBe(
      'Import of crew.csv stopped: The database went away',
    );
    expect(importOutcomeTitle(job({ status: 'failed', message: null }))).toBe('Import of crew.csv stopped');
  });

  it('lists what it did, figure by figure', () => {
    expect(importOutcome(job({ invited: 1200, existing: 2, invalid: 3, failed: 4, skipped: 5 }))).toEqual([
      { label: 'Invited', value: '1,200' },
      { label: 'Already members (unchanged)', value: '2' },
      { label: 'Rows with errors', value: '3' },
      { label: 'Failed', value: '4' },
      { label: 'Skipped (cancelled)', value: '5' },
    ]);
  });
});

describe('the checks of a chosen file', () => {
  it('states the limits and the messages in the words of the dialog', () => {
    expect(IMPORT_LIMITS_TEXT).toBe('Up to 2 MB and 5,000 members per file.');
    expect(FILE_TOO_LARGE_MESSAGE).toBe('The file is larger than 2 MB: import at most 2 MB at once.');
    expect(FILE_EMPTY_MESSAGE).toBe('The file is empty. Download the template, add a row per member, and choose it again.');
    expect(notCsvMessage('crew.xlsx')).toBe('crew.xlsx is not a CSV file. Save the sheet as CSV (.csv) and choose that file.');
  });

  it.each([
    ['a .csv name of any case', { name: 'CREW.CSV', size: 10, type: '' }, null],
    ['a CSV type whatever the name', { name: 'crew.txt', size: 10, type: 'text/csv' }, null],
    [
      'a name that only contains .csv',
      { name: 'crew.csv.xlsx', size: 10, type: 'application/vnd.ms-excel' },
      notCsvMessage('crew.csv.xlsx'),
    ],
    ['an empty CSV', { name: 'crew.csv', size: 0, type: 'text/csv' }, FILE_EMPTY_MESSAGE],
    ['2 MB exactly', { name: 'crew.csv', size: 2 * 1024 * 1024, type: 'text/csv' }, null],
    ['one byte over 2 MB', { name: 'crew.csv', size: 2 * 1024 * 1024 + 1, type: 'text/csv' }, FILE_TOO_LARGE_MESSAGE],
  ])('%s: %j', (_, file, problem) => {
    expect(fileProblem(file)).toBe(problem);
  });
});
