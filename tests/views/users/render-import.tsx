/**
 * Renders Import CSV on its own machine (no list around it): the Import CSV button, the banner and
 * the dialog, with every API call a controllable double and the progress poll a held timer.
 */
import { ChakraProvider } from '@chakra-ui/react';
import { render } from '@testing-library/react';
import { createActor, type InspectionEvent } from 'xstate';
import type { ImportJob, ImportPreviewResponse } from '../../../src/contract/imports';
import { memberImportMachine } from '../../../src/machines/memberImport';
import { getSystem } from '../../../src/views/theme/system';
import { ImportPanel, OpenButton } from '../../../src/views/users/ImportParts';
import { createControllableActors, createControlledDelays } from '../../support/model';

export const IMPORT_ACTORS = [
  'findCurrent',
  'previewImport',
  'startImport',
  'readImport',
  'cancelImport',
  'dismissImport',
  'prepareFailedRows',
] as const;

function makeJob(overrides: Partial<ImportJob> = {}): ImportJob {
  return {
    id: 'import-1',
    fileName: 'crew.csv',
    status: 'draft',
    createdAt: '2026-01-05T09:00:00.000Z',
    startedAt: null,
    finishedAt: null,
    total: 30,
    toInvite: 25,
    existing: 2,
    invalid: 3,
    invited: 0,
    failed: 0,
    skipped: 0,
    pending: 25,
    message: null,
    ...overrides,
  };
}

export const DRAFT = makeJob();
export const RUNNING = makeJob({ status: 'running', startedAt: '2026-01-05T09:01:00.000Z', invited: 10, pending: 15 });
export const DONE = makeJob({
  status: 'done',
  startedAt: '2026-01-05T09:01:00.000Z',
  finishedAt: '2026-01-05T09:02:00.000Z',
  invited: 24,
  failed: 1,
  pending: 0,
});
export const CANCELLED = makeJob({ ...DONE, status: 'cancelled', invited: 12, failed: 0, skipped: 13 });
export const PREVIEW: ImportPreviewResponse = {
  import: DRAFT,
  errors: [
    { row: 4, field: 'Email', message: 'Enter a valid email address' },
    { row: 9, field: 'Role', message: 'Role must be one of Field Worker, Supervisor, Project Manager, Admin' },
    { row: 17, field: 'Phone', message: 'Phone number is required' },
  ],
};

export function renderImport(inspect?: (event: InspectionEvent) => void) {
  const fakes = createControllableActors(memberImportMachine, [...IMPORT_ACTORS]);
  const delays = createControlledDelays(['importPoll']);
  delays.install();
  const downloads: string[] = [];
  const imported: number[] = [];
  const logic = memberImportMachine.provide({
    actors: fakes.actors,
    delays: delays.delays,
    actions: {
      openDownload: (_: unknown, params: { url: string }) => {
        downloads.push(params.url);
      },
      // In the app the list is the parent and loads again (tests/machines/usersList.walk.tsx).
      reportImported: () => {
        imported.push(Date.now());
      },
    },
  });
  const actor = createActor(logic, inspect ? { inspect } : {}).start();
  const view = render(
    <ChakraProvider value={getSystem()}>
      <OpenButton importRef={actor} />
      <ImportPanel importRef={actor} />
    </ChakraProvider>,
  );
  return {
    fakes,
    delays,
    actor,
    view,
    downloads,
    imported,
    teardown() {
      actor.stop();
      view.unmount();
      delays.uninstall();
    },
  };
}
