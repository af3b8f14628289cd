/**
 * The real side effects of the two-factor machine, from the identity service. Apply with
 * `twoFactorMachine.provide(twoFactorImplementations(services))`.
 *
 * The identity calls go through the Cognito SDK, which takes no AbortSignal: leaving a state stops
 * the actor (its answer is ignored), but a call already sent completes at the pool.
 */
import { fromPromise } from 'xstate';
import type { Services } from '../../services';
import type { TwoFactorSetup, TwoFactorStatus } from '../../services/identity';

export function twoFactorImplementations({ identity }: Pick<Services, 'identity'>) {
  return {
    actors: {
      loadStatus: fromPromise<TwoFactorStatus>(() => identity.getTwoFactorStatus()),
      startSetup: fromPromise<TwoFactorSetup>(() => identity.startTwoFactorSetup()),
      enableTwoFactor: fromPromise(({ input }: { input: { code: string } }) => identity.enableTwoFactor(input)),
      disableTwoFactor: fromPromise(({ input }: { input: { code: string } }) => identity.disableTwoFactor(input)),
    },
  };
}
