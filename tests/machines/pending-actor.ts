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

/**
 * A call kept in a log the scenario holds (the billing modals' scenarios): what it was asked, and
 * how to answer it.
 */
export interface Pending<T, I = unknown> {
  input: I;
  resolve: (value: T) => void;
  reject: (error: unknown) => void;
}

/** A promise actor that keeps each call in `log` until the scenario answers it. */
export function call<T, I>(log: Pending<T, I>[]) {
  return fromPromise<T, I>(({ input }) => new Promise<T>((resolve, reject) => log.push({ input, resolve, reject })));
}

/** The latest call in `log`; throws when nothing was asked. */
export function last<T, I>(log: Pending<T, I>[]): Pending<T, I> {
  const pending = log.at(-1);
  if (!pending) throw new Error('nothing was asked');
  return pending;
}
