/** What the Import CSV dialog and banner can ask of the import (./memberImportMachine.ts), named. */
import type { MemberImportActorRef } from './memberImportMachine';

export function memberImportIntents(ref: MemberImportActorRef) {
  return {
    /** Import CSV, or the banner's View: the dialog opens (on the running or finished job, if there is one). */
    open: () => ref.send({ type: 'import.open' }),
    close: () => ref.send({ type: 'import.close' }),
    /** A file was chosen or dropped: checked, then read by the API (the dry run). */
    chooseFile: (file: File) => ref.send({ type: 'import.chooseFile', file }),
    chooseAnother: () => ref.send({ type: 'import.chooseAnother' }),
    /** Invites the new rows of the dry run. */
    confirm: () => ref.send({ type: 'import.confirm' }),
    cancel: () => ref.send({ type: 'import.cancel' }),
    downloadFailed: () => ref.send({ type: 'import.downloadFailed' }),
    /** Done: the finished job is put away. */
    dismiss: () => ref.send({ type: 'import.dismiss' }),
  };
}
