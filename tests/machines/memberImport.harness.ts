/**
 * The actor-level harness of Import CSV shared by its scenarios and its selector tests: each API
 * call is a promise the test settles, and the progress poll a held timer the test fires.
 */
import { createActor } from 'xstate';
import type { ImportJob, ImportPreviewResponse } from '../../src/contract/imports';
import { memberImportMachine, type FailedRowsFile } from '../../src/machines/memberImport';
import { createControlledDelays } from '../support/model';
import { PREVIEW } from '../views/users/render-import';
import { pendingActor, settle } from './pending-actor';

export const CSV_FILE = new File(['Name,Email,Phone\nRosa,rosa@summit.test,5551234567\n'], 'crew.csv', {
  type: 'text/csv',
});

type JobInput = { importId: string };
let uninstall: (() => void) | null = null;

/** Puts the real timers back after a test that held the progress poll; for `afterEach`. */
export function uninstallDelays() {
  uninstall?.();
  uninstall = null;
}

export function actorsOf() {
  return {
    findCurrent: pendingActor<ImportJob | null, unknown>(),
    previewImport: pendingActor<ImportPreviewResponse, { file: File }>(),
    startImport: pendingActor<ImportJob, JobInput>(),
    readImport: pendingActor<ImportJob, JobInput>(),
    cancelImport: pendingActor<ImportJob, JobInput>(),
    dismissImport: pendingActor<ImportJob, JobInput>(),
    prepareFailedRows: pendingActor<FailedRowsFile, JobInput>(),
  };
}

export function withDoubles(actors: ReturnType<typeof actorsOf>) {
  const delays = createControlledDelays(['importPoll']);
  delays.install();
  uninstall = () => delays.uninstall();
  const machine = memberImportMachine.provide({
    actors: {
      findCurrent: actors.findCurrent.logic,
      previewImport: actors.previewImport.logic,
      startImport: actors.startImport.logic,
      readImport: actors.readImport.logic,
      cancelImport: actors.cancelImport.logic,
      dismissImport: actors.dismissImport.logic,
      prepareFailedRows: actors.prepareFailedRows.logic,
    },
    delays: delays.delays,
  });
  return { machine, delays };
}

export function openScreen() {
  const actors = actorsOf();
  const { machine, delays } = withDoubles(actors);
  const told: string[] = [];
  const opened: string[] = [];
  const actor = createActor(
    machine.provide({
      actions: {
        reportImported: () => {
          told.push('users.imported');
        },
        openDownload: (_: unknown, params: { url: string }) => {
          opened.push(params.url);
        },
      },
    }),
  ).start();
  const snap = () => actor.getSnapshot();
  const send = actor.send.bind(actor);
  return { ...actors, actor, snap, send, delays, told, opened };
}

export type Screen = ReturnType<typeof openScreen>;

/** Opened with no job, a file chosen, and its dry run answered. */
export async function reviewing(preview: ImportPreviewResponse = PREVIEW): Promise<Screen> {
  const s = openScreen();
  s.findCurrent.last().resolve(null);
  await settle();
  s.send({ type: 'import.open' });
  s.send({ type: 'import.chooseFile', file: CSV_FILE });
  s.previewImport.last().resolve(preview);
  await settle();
  return s;
}
