/**
 * A promise actor the scenario settles by hand, for the named scenarios of the users-area machines
 * (users list, add user, edit user, user billing, activity). Each call is kept with its input and
 * abort signal, so a scenario can say what was asked, answer it, and see that leaving a state
 * aborted it.
 */
import { fromPromise } from 'xstate';

export interface PendingCall<TOutput, TInput> {
  input: TInput;
  signal: AbortSignal;
  resolve: (output: TOutput) => void;
  reject: (error: unknown) => void;
}

export function pendingActor<TOutput, TInput>() {
  const calls: PendingCall<TOutput, TInput>[] = [];
  const logic = fromPromise<TOutput, TInput>(
    ({ input, signal }) => new Promise<TOutput>((resolve, reject) => calls.push({ input, signal, resolve, reject })),
  );
  /** The latest call; throws when nothing was asked, so a scenario cannot answer a request never made. */
  const last = (): PendingCall<TOutput, TInput> => {
    const call = calls.at(-1);
    if (!call) throw new Error('nothing was asked');
    return call;
  };
  return { logic, calls, last };
}

/** Lets settled promises deliver their results to the actor. */
export function settle(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}
