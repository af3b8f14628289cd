// @vitest-environment node
/**
 * Named scenarios of Import CSV (issue 41 item 1, docs/USERS.md): what importing a crew does, read
 * as its specification. Actor level, no rendering: each API call is a promise the scenario settles,
 * and the progress poll a held timer the scenario fires.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { ImportJob } from '../../src/contract/imports';
import {
  FILE_EMPTY_MESSAGE,
  FILE_TOO_LARGE_MESSAGE,
  notCsvMessage,
  selectCanConfirmImport,
  selectCanDownloadFailed,
  selectImportBanner,
  selectImportError,
  selectImportStep,
  selectIsImportBusy,
  selectIsImportDialogOpen,
  importPercent,
} from '../../src/machines/memberImport';
import { CANCELLED, DONE, DRAFT, PREVIEW, RUNNING } from '../views/users/render-import';
import { CSV_FILE, openScreen, reviewing, uninstallDelays } from './memberImport.harness';
import { settle } from './pending-actor';

afterEach(uninstallDelays);

describe('Import CSV', () => {
  it('a job running when User Management opens is found again and followed until it finishes; then the list loads again', async () => {
    const s = openScreen();
    expect(selectIsImportBusy(s.snap())).toBe(true);
    s.findCurrent.last().resolve(RUNNING);
    await settle();
    // The dialog stays closed: the banner shows the progress.
    expect(selectIsImportDialogOpen(s.snap())).toBe(false);
    expect(selectImportBanner(s.snap())).toEqual(RUNNING);
    expect(importPercent(RUNNING)).toBe(40);

    s.delays.fire('importPoll');
    expect(s.readImport.last().input).toEqual({ importId: 'import-1' });
    s.readImport.last().resolve({ ...RUNNING, invited: 20, pending: 5 });
    await settle();
    expect(importPercent(s.snap().context.job as ImportJob)).toBe(80);
    expect(s.told).toEqual([]);

    s.delays.fire('importPoll');
    s.readImport.last().resolve(DONE);
    await settle();
    expect(selectImportStep(s.snap())).toBe('summary');
    expect(s.told).toEqual(['users.imported']);
  });

  it('a finished import not yet dismissed shows its summary, and Done puts it away', async () => {
    const s = openScreen();
    s.findCurrent.last().resolve(DONE);
    await settle();
    expect(selectImportBanner(s.snap())).toEqual(DONE);
    // It was finished before the list opened: the list loads it anyway.
    expect(s.told).toEqual([]);
    s.send({ type: 'import.dismiss' });
    expect(s.dismissImport.last().input).toEqual({ importId: 'import-1' });
    s.dismissImport.last().resolve(DONE);
    await settle();
    expect(s.snap().value).toBe('idle');
    expect(selectImportBanner(s.snap())).toBeNull();
  });

  it.each([
    ['a spreadsheet that is not CSV', new File(['x'], 'crew.xlsx', { type: 'application/vnd.ms-excel' }), notCsvMessage('crew.xlsx')],
    ['an empty file', new File([], 'crew.csv', { type: 'text/csv' }), FILE_EMPTY_MESSAGE],
    ['a file over 2 MB', new File([new Uint8Array(2 * 1024 * 1024 + 1)], 'crew.csv', { type: 'text/csv' }), FILE_TOO_LARGE_MESSAGE],
  ])('%s is refused with a message, and nothing is sent', async (_, file, message) => {
    const s = openScreen();
    s.findCurrent.last().resolve(null);
    await settle();
    s.send({ type: 'import.open' });
    s.send({ type: 'import.chooseFile', file });
    expect(selectImportStep(s.snap())).toBe('choose');
    expect(selectImportError(s.snap())).toBe(message);
    expect(s.previewImport.calls).toHaveLength(0);
  });

  it('the limit is the one the API keeps: 2 MB exactly is sent', async () => {
    const s = openScreen();
    s.findCurrent.last().resolve(null);
    await settle();
    s.send({ type: 'import.open' });
    s.send({ type: 'import.chooseFile', file: new File([new Uint8Array(2 * 1024 * 1024)], 'crew.csv') });
    expect(s.previewImport.calls).toHaveLength(1);
  });

  it("the dry run's figures and errors are shown before anything is created; Confirm starts the job", async () => {
    const s = await reviewing();
    expect(s.previewImport.last().input.file).toBe(CSV_FILE);
    expect(selectImportStep(s.snap())).toBe('review');
    expect(s.snap().context.job).toEqual(DRAFT);
    expect(s.snap().context.rowErrors).toEqual(PREVIEW.errors);
    expect(s.startImport.calls).toHaveLength(0);
    s.send({ type: 'import.confirm' });
    s.send({ type: 'import.confirm' });
    expect(s.startImport.calls.map((c) => c.input)).toEqual([{ importId: 'import-1' }]);
    s.startImport.last().resolve({ ...RUNNING, invited: 0, pending: 25 });
    await settle();
    expect(selectImportStep(s.snap())).toBe('progress');
    expect(selectIsImportDialogOpen(s.snap())).toBe(true);
  });

  it('a file with no one new cannot be confirmed', async () => {
    const s = openScreen();
    s.findCurrent.last().resolve(null);
    await settle();
    s.send({ type: 'import.open' });
    s.send({ type: 'import.chooseFile', file: CSV_FILE });
    s.previewImport.last().resolve({ import: { ...DRAFT, toInvite: 0, pending: 0, existing: 27 }, errors: [] });
    await settle();
    expect(selectCanConfirmImport(s.snap())).toBe(false);
    s.send({ type: 'import.confirm' });
    expect(s.startImport.calls).toHaveLength(0);
  });

  it("a file the API refuses keeps the dialog on the file, with the API's message", async () => {
    const s = openScreen();
    s.findCurrent.last().resolve(null);
    await settle();
    s.send({ type: 'import.open' });
    s.send({ type: 'import.chooseFile', file: CSV_FILE });
    s.previewImport.last().reject(new Error('The file has no Email column.'));
    await settle();
    expect(selectImportStep(s.snap())).toBe('choose');
    expect(selectImportError(s.snap())).toBe('The file has no Email column.');
  });

  it('closing the dialog during the dry run stops the upload', async () => {
    const s = openScreen();
    s.findCurrent.last().resolve(null);
    await settle();
    s.send({ type: 'import.open' });
    s.send({ type: 'import.chooseFile', file: CSV_FILE });
    s.send({ type: 'import.close' });
    expect(s.previewImport.last().signal.aborted).toBe(true);
    expect(selectIsImportDialogOpen(s.snap())).toBe(false);
  });

  it('closing the dialog while the job runs leaves it running, shown in the banner; View opens it again', async () => {
    const s = await reviewing();
    s.send({ type: 'import.confirm' });
    s.startImport.last().resolve(RUNNING);
    await settle();
    s.send({ type: 'import.close' });
    expect(selectIsImportDialogOpen(s.snap())).toBe(false);
    expect(selectImportBanner(s.snap())).toEqual(RUNNING);
    s.send({ type: 'import.open' });
    expect(selectIsImportDialogOpen(s.snap())).toBe(true);
    expect(selectImportBanner(s.snap())).toBeNull();
  });

  it('Cancel skips the rows left; the list loads again and the failed rows can be downloaded', async () => {
    const s = await reviewing();
    s.send({ type: 'import.confirm' });
    s.startImport.last().resolve(RUNNING);
    await settle();
    s.send({ type: 'import.cancel' });
    expect(s.cancelImport.last().input).toEqual({ importId: 'import-1' });
    s.cancelImport.last().resolve(CANCELLED);
    await settle();
    expect(selectImportStep(s.snap())).toBe('summary');
    expect(s.told).toEqual(['users.imported']);
    expect(selectCanDownloadFailed(s.snap())).toBe(true);
    s.send({ type: 'import.downloadFailed' });
    s.prepareFailedRows.last().resolve({ url: 'http://api/exports/imports/t1', fileName: 'crew-failed-rows.csv' });
    await settle();
    expect(s.opened).toEqual(['http://api/exports/imports/t1']);
  });

  it('a progress that cannot be read is said, and asked again at the next poll', async () => {
    const s = openScreen();
    s.findCurrent.last().resolve(RUNNING);
    await settle();
    s.delays.fire('importPoll');
    s.readImport.last().reject(new Error(''));
    await settle();
    expect(selectImportError(s.snap())).toBe('The progress could not be read');
    expect(s.delays.isPending('importPoll')).toBe(true);
    s.delays.fire('importPoll');
    s.readImport.last().resolve(RUNNING);
    await settle();
    expect(selectImportError(s.snap())).toBeNull();
  });

  it('with nothing failed there is no failed rows file to download', async () => {
    const s = openScreen();
    s.findCurrent.last().resolve({ ...DONE, failed: 0, invalid: 0 });
    await settle();
    expect(selectCanDownloadFailed(s.snap())).toBe(false);
    s.send({ type: 'import.downloadFailed' });
    expect(s.prepareFailedRows.calls).toHaveLength(0);
  });
});
