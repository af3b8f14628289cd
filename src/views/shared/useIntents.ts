import { useMemo } from 'react';

/**
 * A machine's named intents (src/machines/<flow>/intents.ts) for an actor ref, made once per ref:
 * the functions stay the same between renders, so they can go to memoised children and effects.
 *
 *   const { signIn, showSignUp } = useIntents(signInFlowIntents, flow);
 */
export function useIntents<Ref, Intents>(intentsOf: (ref: Ref) => Intents, ref: Ref): Intents {
  return useMemo(() => intentsOf(ref), [intentsOf, ref]);
}
