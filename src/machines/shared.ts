/**
 * What every machine file shares: the placeholders a machine declares for the actors and actions
 * its `implementations.ts` provides, and the error-message helpers. Pure: no service values.
 *
 * `messageOf` and `UNKNOWN_ERROR_MESSAGE` are defined once in src/domain/errors.ts (the API service
 * needs `messageOf` too, and services must not import machines); they are re-exported here so a
 * machine finds everything it shares in one module.
 */
import { fromCallback, fromPromise } from 'xstate';
import type { EventObject, NonReducibleUnknown, PromiseActorLogic } from 'xstate';

export { UNKNOWN_ERROR_MESSAGE, messageOf } from '../domain/errors';

/** What a promise actor's work receives (XState's `fromPromise` creator argument). */
type PromiseWork<TOutput, TInput> = Parameters<typeof fromPromise<TOutput, TInput>>[0];

/**
 * `fromPromise` for the implementations' work, which takes the actor's `signal`: a run whose signal
 * was aborted never settles, since the actor that started it was stopped and what it would report
 * belongs to no one.
 *
 * XState drops the outcome of a promise whose actor is no longer active, but @xstate/react restarts
 * the *same* actor after React stops it in Strict Mode (`npm run dev`) or in an Activity, and the
 * aborted first run would then reach the restarted actor: every screen's first load failed with
 * 'The request was cancelled.' in development (tests/views/app/strict-mode.test.tsx).
 */
export function fromAbortablePromise<TOutput, TInput = NonReducibleUnknown>(
  work: PromiseWork<TOutput, TInput>,
): PromiseActorLogic<TOutput, TInput> {
  return fromPromise<TOutput, TInput>(async (args) => {
    const never = () => new Promise<TOutput>(() => undefined);
    let output: TOutput;
    try {
      output = await work(args);
    } catch (error) {
      if (args.signal.aborted) return never();
      throw error;
    }
    return args.signal.aborted ? never() : output;
  });
}

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

/**
 * A context value that every transition into the state reading it sets first (the request being
 * sent, the billing the page was entered with), typed as present. Missing, it is a fault in the
 * machine, not a case to handle: it throws rather than make up a value.
 */
export function present<T>(value: T | null): T {
  if (value === null) throw new Error('The machine entered a state without the value it needs');
  return value;
}
