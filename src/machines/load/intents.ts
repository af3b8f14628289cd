/**
 * The one intent of a load screen (./createLoadMachine.ts): load again. Each screen names its own
 * with its reload event (`<screen>.retry`, or `<screen>.refresh` for a screen with a Refresh), so its
 * view calls `reload()` and never builds the event.
 */
import type { ActorRef, AnyMachineSnapshot } from 'xstate';

/** A load screen's actor, seen by what it accepts: its reload event. */
type LoadRef<TReload extends string> = Pick<ActorRef<AnyMachineSnapshot, { type: TReload }>, 'send'>;

export function loadIntents<const TReload extends string>(reload: TReload) {
  return (ref: LoadRef<TReload>) => ({ reload: () => ref.send({ type: reload }) });
}
