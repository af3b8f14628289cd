/**
 * Import CSV on User Management (docs/USERS.md): the button beside Add User, the banner that shows a
 * running or finished import while its dialog is closed (after a reload too), and the dialog itself,
 * whose code is fetched when it first opens.
 */
import { Button } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { FileUp } from 'lucide-react';
import { lazy, memo, Suspense } from 'react';
import {
  memberImportIntents,
  selectImportBanner,
  selectIsImportDialogOpen,
  selectIsLookingForJob,
  type MemberImportActorRef,
} from '../../machines/memberImport';
import { selectImportRef, type UsersListActorRef } from '../../machines/usersList';
import { useIntents } from '../shared/useIntents';

const ImportDialog = lazy(() => import('./ImportDialog').then((m) => ({ default: m.ImportDialog })));

export const OpenButton = memo(function OpenButton({ importRef }: { importRef: MemberImportActorRef }) {
  const looking = useSelector(importRef, selectIsLookingForJob);
  const { open } = useIntents(memberImportIntents, importRef);
  // While the console asks whether an import is already under way (a second one is not offered
  // during a running one), the button shows a spinner in place of its label, at the same width,
  // rather than sitting greyed out with no reason given. Its name is given, as the spinner hides the
  // label from the accessibility tree too.
  return (
    <Button variant="outline" onClick={open} loading={looking} aria-busy={looking || undefined} aria-label="Import CSV">
      <FileUp aria-hidden /> Import CSV
    </Button>
  );
});

/** 'Import CSV', beside Add User. */
export function ImportButton({ actor }: { actor: UsersListActorRef }) {
  const importRef = useSelector(actor, selectImportRef);
  return importRef ? <OpenButton importRef={importRef} /> : null;
}

/** The banner's code (the progress bar with it) is fetched when there is a job to show. */
const ImportBanner = lazy(() => import('./ImportBanner').then((m) => ({ default: m.ImportBanner })));

const Banner = memo(function Banner({ importRef }: { importRef: MemberImportActorRef }) {
  const job = useSelector(importRef, selectImportBanner);
  const { open, dismiss } = useIntents(memberImportIntents, importRef);
  if (!job) return null;
  return (
    <Suspense fallback={null}>
      <ImportBanner job={job} onView={open} onDismiss={dismiss} />
    </Suspense>
  );
});

const Dialog = memo(function Dialog({ importRef }: { importRef: MemberImportActorRef }) {
  const open = useSelector(importRef, selectIsImportDialogOpen);
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <ImportDialog actorRef={importRef} />
    </Suspense>
  );
});

/** An import's banner and dialog, on its own actor. */
export function ImportPanel({ importRef }: { importRef: MemberImportActorRef }) {
  return (
    <>
      <Banner importRef={importRef} />
      <Dialog importRef={importRef} />
    </>
  );
}

/** The import's banner and dialog, under the screen's head. */
export function ImportStatus({ actor }: { actor: UsersListActorRef }) {
  const importRef = useSelector(actor, selectImportRef);
  return importRef ? <ImportPanel importRef={importRef} /> : null;
}
