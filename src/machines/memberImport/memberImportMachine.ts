/**
 * Import CSV (docs/USERS.md "Import CSV"): a crew invited from a CSV file, invoked by the users list for
 * as long as User Management is open.
 *
 * - `checking`: the organisation's current job (GET /api/users/imports/current): a running one is
 *   followed (the job survives a reload), a finished one not yet dismissed shows its summary.
 * - The dialog: `choosing` a file (checked here: a CSV, not empty, within the size limit), the dry
 *   run (`previewing`, nothing created), `reviewing` its figures and errors, `starting` the job.
 * - `running`: the job's progress is read every `importPoll`; `cancelling` skips the rows left.
 * - `finished`: the summary; the failed rows can be downloaded (`downloadingFailed`), and Done
 *   (`dismissing`) ends the job. Reaching it from a running job tells the list to load again.
 * - While a job runs or is finished the dialog may be closed (`open` in context): the screen then
 *   shows a banner with the progress that opens it again.
 */
import { assertEvent, assign, sendParent, setup } from 'xstate';
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { ImportJob, ImportPreviewResponse } from '../../contract/imports';
import { messageOf, placeholderAction, placeholderActor, present } from '../shared';
import {
  CANCEL_FALLBACK,
  DISMISS_FALLBACK,
  FAILED_ROWS_FALLBACK,
  PREVIEW_FALLBACK,
  PROGRESS_FALLBACK,
  START_FALLBACK,
  fileProblem,
} from './file';

export type ImportRowError = ImportPreviewResponse['errors'][number];

/** A link to the rows not imported (CSV with an Error column), valid once. */
export interface FailedRowsFile {
  url: string;
  fileName: string;
}

export interface MemberImportContext {
  /** The job: in draft after the dry run, then as last read. */
  job: ImportJob | null;
  /** The dry run's rows with errors (the first IMPORT_ERRORS_LISTED). */
  rowErrors: ImportRowError[];
  /** The file being checked. */
  file: File | null;
  /** What went wrong last (a refused file, a failed call), shown in the dialog. */
  error: string | null;
  /**
   * Whether the dialog is open: always while a file is chosen and reviewed (Import CSV opens it,
   * Close leaves for idle); a running or finished job's may be closed (the banner shows it).
   */
  open: boolean;
}

export type MemberImportEvent =
  | { type: 'import.open' }
  | { type: 'import.close' }
  | { type: 'import.chooseFile'; file: File }
  | { type: 'import.chooseAnother' }
  | { type: 'import.confirm' }
  | { type: 'import.cancel' }
  | { type: 'import.downloadFailed' }
  | { type: 'import.dismiss' };

export const memberImportMachine = setup({
  types: {
    tags: {} as 'pending',
    context: {} as MemberImportContext,
    events: {} as MemberImportEvent,
  },
  actors: {
    findCurrent: placeholderActor<ImportJob | null>('findCurrent'),
    previewImport: placeholderActor<ImportPreviewResponse, { file: File }>('previewImport'),
    startImport: placeholderActor<ImportJob, { importId: string }>('startImport'),
    readImport: placeholderActor<ImportJob, { importId: string }>('readImport'),
    cancelImport: placeholderActor<ImportJob, { importId: string }>('cancelImport'),
    dismissImport: placeholderActor<ImportJob, { importId: string }>('dismissImport'),
    prepareFailedRows: placeholderActor<FailedRowsFile, { importId: string }>('prepareFailedRows'),
  },
  delays: { importPoll: 1000 },
  guards: {
    isRunning: (_, job: ImportJob | null) => job?.status === 'running',
    /** Asked after isRunning: a job that is not running is finished unless still a draft. */
    isFinished: (_, job: ImportJob | null) => job !== null && job.status !== 'draft',
    isRefusedFile: ({ event }) => {
      assertEvent(event, 'import.chooseFile');
      return fileProblem(event.file) !== null;
    },
    hasInvitations: ({ context }) => present(context.job).toInvite > 0,
    hasFailedRows: ({ context }) => {
      const job = present(context.job);
      return job.failed + job.invalid > 0;
    },
  },
  actions: {
    assignJob: assign((_, job: ImportJob) => ({ job, error: null })),
    assignPreview: assign((_, preview: ImportPreviewResponse) => ({ job: preview.import, rowErrors: preview.errors, error: null })),
    assignFile: assign(({ event }) => {
      assertEvent(event, 'import.chooseFile');
      return { file: event.file, error: null };
    }),
    assignFileProblem: assign(({ event }) => {
      assertEvent(event, 'import.chooseFile');
      return { error: fileProblem(event.file) };
    }),
    assignError: assign((_, params: { error: unknown; fallback: string }) => ({ error: messageOf(params.error, params.fallback) })),
    clearError: assign({ error: null }),
    clearDraft: assign({ job: null, rowErrors: [], file: null, error: null }),
    showDialog: assign({ open: true, error: null }),
    hideDialog: assign({ open: false }),
    /** The list loads again: the members the job invited are on it. */
    reportImported: sendParent({ type: 'users.imported' }),
    /** Replaced with the real one: the browser opens the link (an attachment: the page stays). */
    openDownload: (args, params: { url: string }) => placeholderAction<{ url: string }>('openDownload')(args, params),
  },
}).createMachine({
  id: 'memberImport',
  meta: { spec: ['§2 Users screen', '§4 Users'] },
  context: { job: null, rowErrors: [], file: null, error: null, open: false },
  initial: 'checking',
  states: {
    checking: {
      description: 'Is a job running, or finished and not dismissed? (It survives a reload.)',
      tags: ['pending'],
      invoke: {
        id: 'findCurrent',
        src: 'findCurrent',
        onDone: [
          {
            guard: { type: 'isRunning', params: ({ event }) => event.output },
            target: 'running',
            actions: { type: 'assignJob', params: ({ event }) => event.output as ImportJob },
          },
          {
            guard: { type: 'isFinished', params: ({ event }) => event.output },
            target: 'finished',
            actions: { type: 'assignJob', params: ({ event }) => event.output as ImportJob },
          },
          { target: 'idle' },
        ],
        // The button still works: a running job is found again when the next one is refused.
        onError: { target: 'idle' },
      },
    },
    idle: {
      on: { 'import.open': { target: 'choosing', actions: ['clearDraft', 'showDialog'] } },
    },
    choosing: {
      on: {
        'import.chooseFile': [
          { guard: 'isRefusedFile', actions: 'assignFileProblem' },
          { target: 'previewing', actions: 'assignFile' },
        ],
        'import.close': { target: 'idle', actions: 'hideDialog' },
      },
    },
    previewing: {
      description: 'The dry run: the API reads and checks the file; nothing is created.',
      tags: ['pending'],
      invoke: {
        id: 'previewImport',
        src: 'previewImport',
        input: ({ context }) => ({ file: context.file as File }),
        onDone: { target: 'reviewing', actions: { type: 'assignPreview', params: ({ event }) => event.output } },
        onError: {
          target: 'choosing',
          actions: { type: 'assignError', params: ({ event }) => ({ error: event.error, fallback: PREVIEW_FALLBACK }) },
        },
      },
      on: { 'import.close': { target: 'idle', actions: 'hideDialog' } },
    },
    reviewing: {
      on: {
        'import.confirm': { guard: 'hasInvitations', target: 'starting' },
        'import.chooseAnother': { target: 'choosing', actions: 'clearDraft' },
        'import.close': { target: 'idle', actions: 'hideDialog' },
      },
    },
    starting: {
      tags: ['pending'],
      invoke: {
        id: 'startImport',
        src: 'startImport',
        input: ({ context }) => ({ importId: present(context.job).id }),
        onDone: { target: 'running', actions: { type: 'assignJob', params: ({ event }) => event.output } },
        onError: {
          target: 'reviewing',
          actions: { type: 'assignError', params: ({ event }) => ({ error: event.error, fallback: START_FALLBACK }) },
        },
      },
    },
    running: {
      description: 'The job invites the rows on the server; its progress is read every importPoll.',
      initial: 'waiting',
      on: {
        'import.open': { actions: 'showDialog' },
        'import.close': { actions: 'hideDialog' },
        'import.cancel': { target: 'cancelling' },
      },
      states: {
        waiting: { after: { importPoll: 'reading' } },
        reading: {
          invoke: {
            id: 'readImport',
            src: 'readImport',
            input: ({ context }) => ({ importId: present(context.job).id }),
            onDone: [
              {
                guard: { type: 'isRunning', params: ({ event }) => event.output },
                target: 'waiting',
                actions: { type: 'assignJob', params: ({ event }) => event.output },
              },
              {
                target: '#memberImport.finished',
                actions: [{ type: 'assignJob', params: ({ event }) => event.output }, 'reportImported'],
              },
            ],
            onError: {
              target: 'waiting',
              actions: { type: 'assignError', params: ({ event }) => ({ error: event.error, fallback: PROGRESS_FALLBACK }) },
            },
          },
        },
      },
    },
    cancelling: {
      tags: ['pending'],
      invoke: {
        id: 'cancelImport',
        src: 'cancelImport',
        input: ({ context }) => ({ importId: present(context.job).id }),
        onDone: [
          {
            // It finished before the cancel arrived: nothing was left to skip.
            guard: { type: 'isRunning', params: ({ event }) => event.output },
            target: 'running',
            actions: { type: 'assignJob', params: ({ event }) => event.output },
          },
          { target: 'finished', actions: [{ type: 'assignJob', params: ({ event }) => event.output }, 'reportImported'] },
        ],
        onError: {
          target: 'running',
          actions: { type: 'assignError', params: ({ event }) => ({ error: event.error, fallback: CANCEL_FALLBACK }) },
        },
      },
    },
    finished: {
      on: {
        'import.open': { actions: 'showDialog' },
        'import.close': { actions: 'hideDialog' },
        'import.downloadFailed': { guard: 'hasFailedRows', target: 'downloadingFailed', actions: 'clearError' },
        'import.dismiss': { target: 'dismissing', actions: 'clearError' },
      },
    },
    downloadingFailed: {
      tags: ['pending'],
      invoke: {
        id: 'prepareFailedRows',
        src: 'prepareFailedRows',
        input: ({ context }) => ({ importId: present(context.job).id }),
        onDone: { target: 'finished', actions: { type: 'openDownload', params: ({ event }) => ({ url: event.output.url }) } },
        onError: {
          target: 'finished',
          actions: { type: 'assignError', params: ({ event }) => ({ error: event.error, fallback: FAILED_ROWS_FALLBACK }) },
        },
      },
    },
    dismissing: {
      tags: ['pending'],
      invoke: {
        id: 'dismissImport',
        src: 'dismissImport',
        input: ({ context }) => ({ importId: present(context.job).id }),
        onDone: { target: 'idle', actions: ['clearDraft', 'hideDialog'] },
        onError: {
          target: 'finished',
          actions: { type: 'assignError', params: ({ event }) => ({ error: event.error, fallback: DISMISS_FALLBACK }) },
        },
      },
    },
  },
});

export type MemberImportActorRef = ActorRefFrom<typeof memberImportMachine>;
export type MemberImportSnapshot = SnapshotFrom<typeof memberImportMachine>;
