/**
 * The real side effects of the two-factor machine, from the identity service. Apply with
 * `twoFactorMachine.provide(twoFactorImplementations(services))`.
 *
 * The identity calls go through the Cognito SDK, which takes no AbortSignal: leaving a state stops
 * the actor (its answer is ignored), but a call already sent completes at the pool.
 */
import { fromAbortablePromise } from '../shared';
import type { Services } from '../../services';
import type { TwoFactorSetup, TwoFactorStatus } from '../../services/identity';

export function twoFactorImplementations({ identity }: Pick<Services, 'identity'>) {
  return {
    actors: {
      loadStatus: fromAbortablePromise<TwoFactorStatus>(() => identity.getTwoFactorStatus()),
      startSetup: fromAbortablePromise<TwoFactorSetup>(() => identity.startTwoFactorSetup()),
      enableTwoFactor: fromAbortablePromise(({ input }: { input: { code: string } }) => identity.enableTwoFactor(input)),
      disableTwoFactor: fromAbortablePromise(({ input }: { input: { code: string } }) => identity.disableTwoFactor(input)),
    },
  };
}
