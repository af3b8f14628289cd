import type { ImportJob } from '../../contract/imports';
import { formatCount } from '../../domain/intl';
import type { ImportRowError, MemberImportSnapshot } from './memberImportMachine';

/** Which part of the import the dialog shows. */
export type ImportStep = 'choose' | 'review' | 'progress' | 'summary';

const STEPS: ReadonlyArray<[state: string, step: ImportStep]> = [
  ['choosing', 'choose'],
  ['previewing', 'choose'],
  ['reviewing', 'review'],
  ['starting', 'review'],
  ['running', 'progress'],
  ['cancelling', 'progress'],
  ['finished', 'summary'],
  ['downloadingFailed', 'summary'],
  ['dismissing', 'summary'],
];

/** The dialog's step, or null when there is nothing to show (no job, or still looking for one). */
export const selectImportStep = (s: MemberImportSnapshot): ImportStep | null =>
  STEPS.find(([state]) => s.matches(state as never))?.[1] ?? null;

/**
 * Whether the dialog shows. `open` says it: Import CSV sets it as it opens the dialog (the choose and
 * review steps have it), Close clears it, and so does every way back to no job.
 */
export const selectIsImportDialogOpen = (s: MemberImportSnapshot): boolean => s.context.open;

/** Something is on its way (the dry run, start, cancel, a download, Done, or the first check). */
export const selectIsImportBusy = (s: MemberImportSnapshot): boolean => s.hasTag('pending');
export const selectIsCheckingFile = (s: MemberImportSnapshot): boolean => s.matches('previewing');
export const selectIsStarting = (s: MemberImportSnapshot): boolean => s.matches('starting');
export const selectIsCancelling = (s: MemberImportSnapshot): boolean => s.matches('cancelling');
export const selectIsDownloadingFailed = (s: MemberImportSnapshot): boolean => s.matches('downloadingFailed');
export const selectIsDismissing = (s: MemberImportSnapshot): boolean => s.matches('dismissing');
export const selectImportJob = (s: MemberImportSnapshot): ImportJob | null => s.context.job;
export const selectImportRowErrors = (s: MemberImportSnapshot): ImportRowError[] => s.context.rowErrors;
export const selectImportError = (s: MemberImportSnapshot): string | null => s.context.error;
export const selectCanConfirmImport = (s: MemberImportSnapshot): boolean => s.can({ type: 'import.confirm' });
export const selectCanDownloadFailed = (s: MemberImportSnapshot): boolean => s.can({ type: 'import.downloadFailed' });

/** A running or finished job shown under the screen's head while the dialog is closed, or null. */
export const selectImportBanner = (s: MemberImportSnapshot): ImportJob | null => {
  const step = selectImportStep(s);
  return (step === 'progress' || step === 'summary') && !s.context.open ? s.context.job : null;
};

/** How far the job is: the rows it has dealt with out of those it has to invite (0–100). */
export function importPercent(job: ImportJob): number {
  if (job.toInvite === 0) return 100;
  return Math.round(((job.toInvite - job.pending) / job.toInvite) * 100);
}

/** The job's progress in words: "12 of 27 rows done". */
export function importProgressText(job: ImportJob): string {
  return `${formatCount(job.toInvite - job.pending)} of ${formatCount(job.toInvite)} rows done`;
}

/** A finished job's heading. */
export function importOutcomeTitle(job: ImportJob): string {
  if (job.status === 'cancelled') return `Import of ${job.fileName} cancelled`;
  if (job.status === 'failed') return `Import of ${job.fileName} stopped${job.message ? `: ${job.message}` : ''}`;
  return `Import of ${job.fileName} finished`;
}

/** What a job did, figure by figure (what the summary lists). */
export function importOutcome(job: ImportJob): Array<{ label: string; value: string }> {
  return [
    { label: 'Invited', value: formatCount(job.invited) },
    { label: 'Already members (unchanged)', value: formatCount(job.existing) },
    { label: 'Rows with errors', value: formatCount(job.invalid) },
    { label: 'Failed', value: formatCount(job.failed) },
    { label: 'Skipped (cancelled)', value: formatCount(job.skipped) },
  ];
}

/** Still asking whether a job is under way (Import CSV waits for the answer). */
export const selectIsLookingForJob = (s: MemberImportSnapshot): boolean => s.matches('checking');
