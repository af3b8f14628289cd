/**
 * The one machine of every screen that only loads, shows and retries (cypress-realworld-app's
 * `dataMachine`, done with `setup` and `provide`). A screen gives its id, the id of its load, its
 * reload event and what is particular to it; its implementations provide the `load` actor
 * (`machine.provide({ actors: { load: fromAbortablePromise(...) } })`).
 *
 * loading (tagged `pending`) -> loaded | empty | failed. The screen's one event (`<screen>.retry`
 * or `<screen>.refresh`) loads again from `failed`, and from what is shown when the screen has a
 * Refresh. The data stays in context until new data arrives, so a reload (or a failed one) keeps
 * what was on screen. Leaving `loading`, or stopping the screen, aborts the request.
 */
import { assign, setup } from 'xstate';
import type { AnyStateMachine, DoneActorEvent, StateMachine, StateValue } from 'xstate';
import { messageOf, placeholderActor } from '../shared';

export interface LoadContext<TData> {
  /** The last data loaded (kept while loading again and after a failed reload). */
  data: TData | null;
  /** The last failure's message; null once data arrives. */
  error: string | null;
}

/** The states of a load machine; `empty` only where the screen says what empty is. */
type LoadState = 'loading' | 'loaded' | 'empty' | 'failed';

/** `M` with the state value `V` (every other type parameter kept). */
type WithStateValue<M extends AnyStateMachine, V extends StateValue> =
  M extends StateMachine<
    infer C,
    infer E,
    infer Ch,
    infer A,
    infer Ac,
    infer G,
    infer D,
    StateValue,
    infer T,
    infer I,
    infer O,
    infer Em,
    infer Me,
    infer S
  >
    ? StateMachine<C, E, Ch, A, Ac, G, D, V, T, I, O, Em, Me, S>
    : never;

export interface LoadMachineOptions<TData, TReload extends string> {
  /** The machine's id: its registry key and statechart page. */
  id: string;
  /** The SPEC sections it implements (listed on the model coverage page, docs/STATECHARTS.md). */
  spec: string[];
  /** The invoked load's id: its events are `xstate.done.actor.<loadId>` and `xstate.error.actor.<loadId>`. */
  loadId: string;
  /** The event that loads again: `<screen>.retry`, or `<screen>.refresh` for a screen with a Refresh. */
  reload: TReload;
  /** The event also reloads what is shown (`loaded`, `empty`), not only a failure. */
  reloadsShown?: boolean;
  /** The message of a failure that carries none (by default `messageOf`'s 'Unknown error'). */
  fallbackError?: string;
  /** Data that leaves nothing to show; given, the machine has an `empty` state for it. */
  isEmpty?: (data: TData) => boolean;
}

/** The `isEmpty` guard's params: the data loaded and the screen's test of it. */
interface EmptyTest<TData> {
  data: TData;
  test: (data: TData) => boolean;
}

function buildLoadMachine<TData, TReload extends string>(options: LoadMachineOptions<TData, TReload>) {
  const { id, spec, loadId, reload, reloadsShown = false, isEmpty, fallbackError } = options;
  // The screen's event, named by the screen (typed as the machine's event through `reload`).
  const reloading: Record<never, never> = { [reload]: 'loading' };
  const shown = reloadsShown ? { on: reloading } : {};
  const loaded = ({ event }: { event: DoneActorEvent<TData> }) => ({ data: event.output });
  const toLoaded = { target: 'loaded', actions: { type: 'assignData', params: loaded } } as const;
  return setup({
    types: {} as { context: LoadContext<TData>; events: { type: TReload }; tags: 'pending' },
    actors: {
      /** Provided per screen; until then it fails, naming itself ("load"). */
      load: placeholderActor<TData>('load'),
    },
    guards: {
      /** Only on the transition to `empty`, which exists when the screen gives `isEmpty`: it passes the screen's test. */
      isEmpty: (_, { data, test }: EmptyTest<TData>) => test(data),
    },
    actions: {
      assignData: assign((_, { data }: { data: TData }) => ({ data, error: null })),
      assignError: assign((_, { error }: { error: unknown }) => ({ error: messageOf(error, fallbackError) })),
    },
  }).createMachine({
    id,
    meta: { spec },
    initial: 'loading',
    context: { data: null, error: null },
    states: {
      loading: {
        tags: ['pending'],
        invoke: {
          id: loadId,
          src: 'load',
          onDone: isEmpty
            ? [
                {
                  ...toLoaded,
                  guard: { type: 'isEmpty', params: ({ event }) => ({ data: event.output, test: isEmpty }) },
                  target: 'empty',
                },
                toLoaded,
              ]
            : toLoaded,
          onError: { target: 'failed', actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) } },
        },
      },
      loaded: shown,
      ...(isEmpty ? { empty: shown } : {}),
      failed: { on: reloading },
    },
  });
}

/**
 * A load machine typed with the states it has. The states are written with a spread (`empty` only
 * where the screen has one), from which TypeScript reads no state value: each overload says which.
 */
type LoadMachine<TData, TReload extends string, TState extends LoadState> = WithStateValue<
  ReturnType<typeof buildLoadMachine<TData, TReload>>,
  TState
>;

/** `createLoadMachine`'s two forms: with `isEmpty`, the machine has an `empty` state. */
interface CreateLoadMachine {
  /** A screen whose data can leave nothing to show: loading -> loaded | empty | failed. */
  <TData, const TReload extends string>(
    options: LoadMachineOptions<TData, TReload> & Required<Pick<LoadMachineOptions<TData, TReload>, 'isEmpty'>>,
  ): LoadMachine<TData, TReload, LoadState>;
  /** loading -> loaded | failed. */
  <TData, const TReload extends string>(
    options: LoadMachineOptions<TData, TReload> & { isEmpty?: undefined },
  ): LoadMachine<TData, TReload, Exclude<LoadState, 'empty'>>;
}

export const createLoadMachine = buildLoadMachine as CreateLoadMachine;
