import { useActorRef } from '@xstate/react';
import { createContext, useContext, type ReactNode } from 'react';
import type { ActorOptions, AnyActorLogic, InspectionEvent, Observer } from 'xstate';

export type Inspector = Observer<InspectionEvent> | ((event: InspectionEvent) => void);
import type { AuthActorRef } from '../../machines/auth';
import type { MachineRegistry } from '../../machines/registry';

/** Actors that live for the whole visit (created by the composition root). */
export interface AppActors {
  auth: AuthActorRef;
}

interface MachinesValue {
  machines: Partial<MachineRegistry>;
  /** The Stately inspector in `npm run dev` with `?inspect`; undefined otherwise. */
  inspect: Inspector | undefined;
}

const MachinesContext = createContext<MachinesValue | null>(null);
const AppActorsContext = createContext<AppActors | null>(null);

export function MachinesProvider({
  machines,
  actors,
  inspect,
  children,
}: {
  machines: Partial<MachineRegistry>;
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

/** The provided logic of one machine. */
export function useMachine<K extends keyof MachineRegistry>(key: K): MachineRegistry[K] {
  const machine = useMachinesValue().machines[key];
  if (!machine) throw new Error(`Machine "${String(key)}" is not provided`);
  return machine as MachineRegistry[K];
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
