/**
 * The one intent of a load screen (./createLoadMachine.ts): load again. Each screen makes its hook
 * with its reload event (`<screen>.retry`, or `<screen>.refresh` for a screen with a Refresh), so
 * its view calls `reload()` and never builds the event.
 */
import { useMemo } from 'react';
import type { ActorRef, AnyMachineSnapshot } from 'xstate';

/** A load screen's actor, seen by what it accepts: its reload event. */
type LoadRef<TReload extends string> = Pick<ActorRef<AnyMachineSnapshot, { type: TReload }>, 'send'>;

export function createLoadIntents<const TReload extends string>(reload: TReload) {
  /** The screen's intents for this ref, the same object (and function) for as long as the ref is. */
  return function useLoadIntents(ref: LoadRef<TReload>) {
    return useMemo(() => ({ reload: () => ref.send({ type: reload }) }), [ref]);
  };
}
