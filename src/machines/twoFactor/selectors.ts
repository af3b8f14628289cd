import type { TwoFactorSetup } from '../../services/identity';
import type { TwoFactorSnapshot } from './twoFactorMachine';

/** What the dialog shows: the machine's phase (a top-level state). */
export type TwoFactorPhase = 'loading' | 'loadFailed' | 'off' | 'associating' | 'settingUp' | 'on' | 'turningOff';

/** The top-level states after the first; the first, reading the setting, is 'loading'. */
const PHASES: readonly TwoFactorPhase[] = ['loadFailed', 'off', 'associating', 'settingUp', 'on', 'turningOff'];

export const selectPhase = (snapshot: TwoFactorSnapshot): TwoFactorPhase => PHASES.find((phase) => snapshot.matches(phase)) ?? 'loading';
/** A request is in flight (reading the setting, starting the setup, checking a code). */
export const selectIsPending = (snapshot: TwoFactorSnapshot): boolean => snapshot.hasTag('pending');
/** A code was sent and its answer is awaited. */
export const selectIsCheckingCode = (snapshot: TwoFactorSnapshot): boolean =>
  snapshot.matches({ settingUp: 'submitting' }) || snapshot.matches({ turningOff: 'submitting' });
export const selectSetup = (snapshot: TwoFactorSnapshot): TwoFactorSetup | null => snapshot.context.setup;
export const selectNotice = (snapshot: TwoFactorSnapshot): string | null => snapshot.context.notice;
export const selectError = (snapshot: TwoFactorSnapshot): string | null => snapshot.context.error;
export const selectCodeError = (snapshot: TwoFactorSnapshot): string | null => snapshot.context.fieldErrors.code ?? null;
export const selectFormError = (snapshot: TwoFactorSnapshot): string | null => snapshot.context.formError;

/** The key as it is read out and typed: blocks of 4 characters ('JBSW Y3DP EHPK 3PXP'). */
export function keyInBlocks(secret: string): string {
  return (secret.replace(/\s/g, '').match(/.{1,4}/g) ?? []).join(' ');
}
