/**
 * Deferred fake actors: `fromPromise` logic whose invocations stay pending until the test resolves
 * or rejects them, recording the input each invocation received.
 */
import { fromPromise } from 'xstate';
import type { AnyStateMachine, OutputFrom, PromiseActorLogic } from 'xstate';
import type { StepInfo } from './paths';

interface Invocation<TOutput = unknown> {
  name: string;
  input: unknown;
  signal: AbortSignal;
  settled: boolean;
  resolve(output: TOutput): void;
  reject(error: unknown): void;
}

/** The actor implementations a machine accepts in `.provide({ actors })`, by `src`. */
export type ActorsOf<TMachine extends AnyStateMachine> = NonNullable<NonNullable<Parameters<TMachine['provide']>[0]>['actors']>;

/** Output type of each named actor of a machine. */
export type ActorOutputs<TMachine extends AnyStateMachine, N extends string> = {
  [K in N]: K extends keyof ActorsOf<TMachine> ? OutputFrom<NonNullable<ActorsOf<TMachine>[K]>> : unknown;
};

export interface ControllableActors<
  TOutputs extends Record<string, unknown>,
  TLogic = { [K in keyof TOutputs]: PromiseActorLogic<TOutputs[K], unknown> },
> {
  /** Pass to `machine.provide({ actors })`. */
  actors: TLogic;
  /** Every invocation of `name` so far (settled or not), oldest first. */
  calls<K extends keyof TOutputs & string>(name: K): Array<Invocation<TOutputs[K]>>;
  /** Inputs received by `name`, oldest first. */
  inputs<K extends keyof TOutputs & string>(name: K): unknown[];
  /** Invocations of `name` still pending (not settled, not aborted). */
  pending<K extends keyof TOutputs & string>(name: K): Array<Invocation<TOutputs[K]>>;
  /** Resolve the most recent pending invocation of `name`; throws when none is pending. */
  resolve<K extends keyof TOutputs & string>(name: K, output: TOutputs[K]): void;
  /** Reject the most recent pending invocation of `name`; throws when none is pending. */
  reject<K extends keyof TOutputs & string>(name: K, error: unknown): void;
  /**
   * Settle the invocation a model step names: a `done.actor` step resolves with `event.output`, an
   * `error.actor` step rejects with `event.error`. Returns false for other steps.
   */
  settle(event: { type: string; output?: unknown; error?: unknown }, info: StepInfo): boolean;
  /** Forget every recorded invocation (between paths). */
  reset(): void;
}

/**
 * `createControllableActors(machine, ['signIn', 'signUp'])`: deferred `fromPromise` fakes for the
 * named actors of `machine`, typed so `machine.provide({ actors: fakes.actors })` type-checks and
 * `resolve(name, output)` takes that actor's output type.
 */
export function createControllableActors<TMachine extends AnyStateMachine, const N extends keyof ActorsOf<TMachine> & string>(
  _machine: TMachine,
  names: readonly N[],
): ControllableActors<ActorOutputs<TMachine, N>, Pick<ActorsOf<TMachine>, N>> {
  const log = new Map<string, Array<Invocation<never>>>();
  const all = (name: string): Array<Invocation<never>> => {
    let list = log.get(name);
    if (!list) {
      list = [];
      log.set(name, list);
    }
    return list;
  };
  const actors = {} as Record<string, PromiseActorLogic<unknown, unknown>>;
  for (const name of names) {
    actors[name] = fromPromise<unknown, unknown>(
      ({ input, signal }) =>
        new Promise<unknown>((resolve, reject) => {
          const invocation: Invocation<unknown> = {
            name,
            input,
            signal,
            settled: false,
            resolve: (output) => {
              invocation.settled = true;
              resolve(output);
            },
            reject: (error) => {
              invocation.settled = true;
              reject(error);
            },
          };
          all(name).push(invocation as Invocation<never>);
        }),
    );
  }
  const pendingOf = (name: string): Array<Invocation<never>> => all(name).filter((i) => !i.settled && !i.signal.aborted);
  const latest = (name: string): Invocation<never> => {
    const list = pendingOf(name);
    const last = list[list.length - 1];
    if (!last) {
      const names = [...log.entries()].filter(([, l]) => l.some((i) => !i.settled && !i.signal.aborted)).map(([n]) => n);
      throw new Error(`No pending invocation of actor "${name}" (pending: ${names.length > 0 ? names.join(', ') : 'none'})`);
    }
    return last;
  };
  return {
    actors: actors as unknown as Pick<ActorsOf<TMachine>, N>,
    calls: (name) => [...all(name)],
    inputs: (name) => all(name).map((i) => i.input),
    pending: (name) => pendingOf(name),
    resolve: (name, output) => latest(name).resolve(output as never),
    reject: (name, error) => latest(name).reject(error),
    settle: (event, info) => {
      if (!info.invoke) return false;
      const inv = latest(info.invoke.src);
      if (info.kind === 'done.actor') {
        inv.resolve(event.output as never);
        return true;
      }
      if (info.kind === 'error.actor') {
        inv.reject(event.error);
        return true;
      }
      return false;
    },
    reset: () => log.clear(),
  };
}
