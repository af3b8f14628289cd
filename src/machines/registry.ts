/**
 * Every machine with its real implementations, built once from the services by the composition
 * root. Views take machine logic from here (through the React context) and never see a service.
 * Tests build their own registry-shaped objects with fake actors (plain logic per key).
 *
 * The auth machine runs from the first paint, so it is logic here. Every screen machine is a
 * loader: its code (and the screen code it shares) is a chunk fetched when its screen first renders,
 * never part of the JavaScript a visitor downloads before /login is usable. A loader is memoised
 * (one import and one `.provide()` per key); `useScreenActor(key)` resolves it with React's `use()`
 * under the screens' Suspense boundaries (src/views/app/machinesContext.tsx).
 */
import type { AnyActorLogic } from 'xstate';
import type { Services } from '../services';
import { authImplementations, authMachine } from './auth';

/** Machine logic that arrives with its own chunk. */
export type MachineLoader<T extends AnyActorLogic> = () => Promise<T>;

/** One import per key: every call returns the same promise (a failed load is retried on the next call). */
function lazyMachine<T extends AnyActorLogic>(load: MachineLoader<T>): MachineLoader<T> {
  let loading: Promise<T> | null = null;
  return () => {
    loading ??= load().catch((error: unknown) => {
      loading = null;
      throw error;
    });
    return loading;
  };
}

export function createMachineRegistry(services: Services) {
  return {
    dashboard: lazyMachine(() => import('./dashboard').then((m) => m.dashboardMachine.provide(m.dashboardImplementations(services)))),
    usersList: lazyMachine(() => import('./usersList').then((m) => m.usersListMachine.provide(m.usersListImplementations(services)))),
    userBilling: lazyMachine(() =>
      import('./userBilling').then((m) => m.userBillingMachine.provide(m.userBillingImplementations(services))),
    ),
    billingOverview: lazyMachine(() =>
      import('./billingOverview').then((m) => m.billingOverviewMachine.provide(m.billingOverviewImplementations(services))),
    ),
    activity: lazyMachine(() => import('./activity').then((m) => m.activityMachine.provide(m.activityImplementations(services)))),
    auth: authMachine.provide(authImplementations(services)),
    chat: lazyMachine(() => import('./chat').then((m) => m.chatMachine.provide(m.chatImplementations(services)))),
    twoFactor: lazyMachine(() => import('./twoFactor').then((m) => m.twoFactorMachine.provide(m.twoFactorImplementations(services)))),
  };
}

/** What the composition root provides per key: the logic itself, or a loader of it. */
type MachineSources = ReturnType<typeof createMachineRegistry>;

/** The logic of every machine (what a loader resolves to). */
export type MachineRegistry = {
  [K in keyof MachineSources]: MachineSources[K] extends MachineLoader<infer T> ? T : MachineSources[K];
};

/** Per key, the logic itself (tests, eager machines) or a loader of it (screen machines). */
export type MachineSource<K extends keyof MachineRegistry> = MachineRegistry[K] | MachineLoader<MachineRegistry[K]>;

/** What `MachinesProvider` accepts: a subset of the machines, each as logic or as a loader. */
export type MachineSourceMap = { [K in keyof MachineRegistry]?: MachineSource<K> };
