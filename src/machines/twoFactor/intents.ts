/**
 * The named intents of the two-factor machine (./twoFactorMachine.ts): what the dialog may ask of
 * it, as plain functions over its actor ref (a view holds them with `useIntents`,
 * src/views/shared/useIntents.ts). The event objects are built here, never in src/views.
 */
import type { TwoFactorActorRef } from './twoFactorMachine';

export function twoFactorIntents(twoFactor: TwoFactorActorRef) {
  return {
    /** Read the setting again after it failed to load. */
    retry: () => twoFactor.send({ type: 'twoFactor.retry' }),
    startSetup: () => twoFactor.send({ type: 'twoFactor.startSetup' }),
    turnOff: () => twoFactor.send({ type: 'twoFactor.turnOff' }),
    /** The code of the setup or turn-off step, as typed (the machine trims and validates it). */
    submitCode: (code: string) => twoFactor.send({ type: 'twoFactor.submitCode', code }),
    /** Leave the setup or turn-off step. */
    cancel: () => twoFactor.send({ type: 'twoFactor.cancel' }),
  };
}
