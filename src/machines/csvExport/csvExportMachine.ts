/**
 * Export CSV, a child a screen invokes while its export is prepared (the users list's members; the
 * activity trail's entries). It asks for a one-time link to what the screen's filters select at
 * the moment of the click (`prepareExport`), then has the browser open it (`openDownload`); or it
 * ends with the message of the error toast. The screen goes on meanwhile: a search, a page change
 * or a dialog neither waits for the export nor stops it.
 */
import { assign, setup } from 'xstate';
import { placeholderAction, placeholderActor } from '../shared';
import { exportFailedMessage, type ExportQuery, type ExportedFile } from './exporting';

export interface CsvExportContext {
  query: ExportQuery;
  /** The error toast's message, once the link could not be had. */
  failure: string | null;
}

/** How the export ended: the link opened (`failure` null), or the message saying why not. */
export interface CsvExportOutput {
  failure: string | null;
}

export const csvExportMachine = setup({
  types: {
    tags: {} as 'pending',
    context: {} as CsvExportContext,
    input: {} as ExportQuery,
    output: {} as CsvExportOutput,
  },
  actors: {
    prepareExport: placeholderActor<ExportedFile, ExportQuery>('prepareExport'),
  },
  actions: {
    assignFailure: assign((_, error: unknown) => ({ failure: exportFailedMessage(error) })),
    /** Replaced with the real one: the browser opens the link (an attachment: the page stays). */
    openDownload: (args, params: { url: string }) => placeholderAction<{ url: string }>('openDownload')(args, params),
  },
}).createMachine({
  id: 'csvExport',
  context: ({ input }) => ({ query: input, failure: null }),
  initial: 'preparing',
  states: {
    preparing: {
      tags: ['pending'],
      invoke: {
        id: 'prepareExport',
        src: 'prepareExport',
        input: ({ context }) => context.query,
        onDone: { target: 'opened', actions: { type: 'openDownload', params: ({ event }) => ({ url: event.output.url }) } },
        onError: {
          target: 'failed',
          actions: { type: 'assignFailure', params: ({ event }: { event: { error: unknown } }) => event.error },
        },
      },
    },
    opened: { type: 'final' },
    failed: { type: 'final' },
  },
  output: ({ context }) => ({ failure: context.failure }),
});
