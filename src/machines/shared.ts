/**
 * What every machine file shares: the placeholders a machine declares for the actors and actions
 * its `implementations.ts` provides, and the error-message helpers. Pure: no service values.
 *
 * `messageOf` and `UNKNOWN_ERROR_MESSAGE` are defined once in src/domain/errors.ts (the API service
 * needs `messageOf` too, and services must not import machines); they are re-exported here so a
 * machine finds everything it shares in one module.
 */
import { fromCallback, fromPromise } from 'xstate';
import type { EventObject, NonReducibleUnknown } from 'xstate';

export { UNKNOWN_ERROR_MESSAGE, messageOf } from '../domain/errors';

function notProvided(kind: 'actor' | 'action', name: string): Error {
  return new Error(`The "${name}" ${kind} is not provided`);
}

/**
 * A promise actor that rejects until `machine.provide({ actors })` replaces it: the machine names
 * its side effects and their types; the implementations come from services (or a test).
 * `TInput` defaults to what `fromPromise` defaults to, so the machine's types are those of a
 * hand-written `fromPromise<TOutput>(...)`.
 */
export function placeholderActor<TOutput, TInput = NonReducibleUnknown>(name: string) {
  return fromPromise<TOutput, TInput>(() => Promise.reject(notProvided('actor', name)));
}

/** A callback actor (one that sends events back) that throws until `machine.provide({ actors })` replaces it. */
export function placeholderCallback<TEvent extends EventObject, TInput = NonReducibleUnknown>(name: string) {
  return fromCallback<TEvent, TInput>(() => {
    throw notProvided('actor', name);
  });
}

/**
 * An action that throws until `machine.provide({ actions })` replaces it. `TParams` is the type of
 * the params the machine passes it (`unknown` by default, as for a hand-written `() => {...}`), so
 * `{ type, params }` stays checked.
 */
export function placeholderAction<TParams = unknown>(name: string): (args: unknown, params: TParams) => void {
  return () => {
    throw notProvided('action', name);
  };
}
