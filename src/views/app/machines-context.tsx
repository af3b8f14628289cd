import { useActorRef } from '@xstate/react';
import { createContext, use, useContext, type ReactNode } from 'react';
import type { ActorOptions, AnyActorLogic, InspectionEvent, Observer } from 'xstate';
import type { AuthActorRef } from '../../machines/auth';
import type { MachineLoader, MachineRegistry, MachineSource, MachineSourceMap } from '../../machines/registry';

export type Inspector = Observer<InspectionEvent> | ((event: InspectionEvent) => void);

/** Actors that live for the whole visit (created by the composition root). */
export interface AppActors {
  auth: AuthActorRef;
}

interface MachinesValue {
  machines: MachineSourceMap;
  /** The Stately inspector in `npm run dev` with `?inspect`; undefined otherwise. */
  inspect: Inspector | undefined;
}

const MachinesContext = createContext<MachinesValue | null>(null);
const AppActorsContext = createContext<AppActors | null>(null);

/**
 * `machines`: per registry key, the machine logic itself (tests, eager machines) or a loader of it
 * (the screen machines of src/machines/registry.ts, fetched when their screen first renders).
 */
export function MachinesProvider({
  machines,
  actors,
  inspect,
  children,
}: {
  machines: MachineSourceMap;
  actors: AppActors;
  inspect?: Inspector;
  children: ReactNode;
}) {
  return (
    <MachinesContext.Provider value={{ machines, inspect }}>
      <AppActorsContext.Provider value={actors}>{children}</AppActorsContext.Provider>
    </MachinesContext.Provider>
  );
}

function useMachinesValue(): MachinesValue {
  const value = useContext(MachinesContext);
  if (!value) throw new Error('Machines are read inside <MachinesProvider>');
  return value;
}

/**
 * One load per loader, shared by every screen that asks for it (and retried after a failure). Once
 * loaded, the promise carries its outcome as `status` and `value` (React's convention), so `use`
 * returns the machine at once instead of suspending again.
 */
const loads = new WeakMap<MachineLoader<AnyActorLogic>, Promise<AnyActorLogic>>();

function loadOf<T extends AnyActorLogic>(loader: MachineLoader<T>): Promise<T> {
  // The map holds, per loader, the load of that very loader: its value is that loader's T.
  const known = loads.get(loader) as Promise<T> | undefined;
  if (known) return known;
  const load: Promise<T> = loader().then(
    (logic) => {
      const settled = load as Promise<T> & { status?: string; value?: T };
      settled.status = 'fulfilled';
      settled.value = logic;
      return logic;
    },
    (error: unknown) => {
      loads.delete(loader);
      throw error;
    },
  );
  loads.set(loader, load);
  return load;
}

function isLoader<K extends keyof MachineRegistry>(source: MachineSource<K>): source is MachineLoader<MachineRegistry[K]> {
  return typeof source === 'function';
}

/**
 * The provided logic of one machine. A machine that comes as a loader suspends the caller (with
 * React's `use`) until its chunk has arrived; the screens render under Suspense boundaries.
 *
 * `use` is called on every render of a loaded machine too, never skipped: when React replays a
 * component that suspended, the hooks after `use` only work if `use` ran again (skipping it made
 * React fail with "Update hook called on initial render", minified #467).
 */
export function useMachine<K extends keyof MachineRegistry>(key: K): MachineRegistry[K] {
  const source: MachineSource<K> | undefined = useMachinesValue().machines[key];
  if (!source) throw new Error(`Machine "${String(key)}" is not provided`);
  if (!isLoader(source)) return source;
  return use(loadOf(source));
}

/**
 * Starts the machine `key` for as long as the calling screen is mounted (stopped on unmount, which
 * aborts its requests), attached to the inspector when one is running.
 */
export function useScreenActor<K extends keyof MachineRegistry>(
  key: K,
  options?: Omit<ActorOptions<MachineRegistry[K] & AnyActorLogic>, 'inspect'>,
) {
  const { inspect } = useMachinesValue();
  const machine = useMachine(key);
  return useActorRef(machine, { ...options, inspect });
}

export function useAppActors(): AppActors {
  const actors = useContext(AppActorsContext);
  if (!actors) throw new Error('useAppActors needs <MachinesProvider>');
  return actors;
}
