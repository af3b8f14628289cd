import { useActorRef } from '@xstate/react';
import { createContext, useContext, type ReactNode } from 'react';
import type { ActorOptions, AnyActorLogic, InspectionEvent, Observer } from 'xstate';
import type { AuthActorRef } from '../../machines/auth';
import type { MachineLoader, MachineRegistry, MachineSource, MachineSourceMap } from '../../machines/registry';
import { preloadable, type Preloadable } from './preloadable';

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

/** One load per loader, shared by every screen that asks for it (src/views/app/preloadable.ts). */
const loads = new WeakMap<MachineLoader<AnyActorLogic>, Preloadable<AnyActorLogic>>();

function loadOf<T extends AnyActorLogic>(loader: MachineLoader<T>): Preloadable<T> {
  // The map holds, per loader, the load of that very loader: its value is that loader's T.
  const known = loads.get(loader) as Preloadable<T> | undefined;
  if (known) return known;
  const load = preloadable(loader);
  loads.set(loader, load);
  return load;
}

/**
 * The machine `key` once it is here (at once for logic given directly), through the same load
 * `useMachine` reads: a screen that renders after it has arrived does not suspend. See consoleReady
 * (prefetch.ts).
 */
export function loadMachine<K extends keyof MachineRegistry>(machines: MachineSourceMap, key: K): Promise<unknown> {
  const source: MachineSource<K> | undefined = machines[key];
  return source && isLoader(source) ? loadOf(source).load() : Promise.resolve(source);
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
function useMachine<K extends keyof MachineRegistry>(key: K): MachineRegistry[K] {
  const source: MachineSource<K> | undefined = useMachinesValue().machines[key];
  if (!source) throw new Error(`Machine "${String(key)}" is not provided`);
  if (!isLoader(source)) return source;
  return loadOf(source).use();
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
