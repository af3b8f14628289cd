/**
 * The code of each signed-in screen: a chunk of its own, fetched when its route first renders
 * (SignedInApp.tsx) or ahead of that, when a tab that holds a session opens the route directly
 * (prefetchScreen, from src/main.tsx): then the screen's code and its machine arrive together with
 * the signed-in console instead of one after the other.
 */
import type { MachineSourceMap } from '../../machines/registry';
import { prefetchMachine } from './machines-context';
import { preloadable } from './preloadable';

export const screenModules = {
  dashboard: preloadable(() => import('../dashboard/DashboardScreen')),
  users: preloadable(() => import('../users/UsersScreen')),
  billingOverview: preloadable(() => import('../billing/BillingOverviewScreen')),
  userBilling: preloadable(() => import('../billing/UserBillingScreen')),
  assistant: preloadable(() => import('../assistant/AssistantScreen')),
} as const;

type ScreenKey = keyof typeof screenModules;
type MachineKey = keyof MachineSourceMap;

/** The screen a path opens, and the machine that screen starts (the routes of SignedInApp.tsx). */
export function screenOfPath(path: string): { screen: ScreenKey; machine?: MachineKey } | null {
  if (path === '/') return { screen: 'dashboard', machine: 'dashboard' };
  if (path === '/users') return { screen: 'users', machine: 'usersList' };
  if (path === '/billing') return { screen: 'billingOverview', machine: 'billingOverview' };
  if (/^\/billing\/user\/[^/]+$/.test(path)) return { screen: 'userBilling', machine: 'userBilling' };
  if (path === '/ai') return { screen: 'assistant' };
  return null;
}

/**
 * Starts fetching the code of the screen at `path`, its machine, and the Assistant's machine (the
 * signed-in layout starts it on every page). Failures are left to the real loads, which report them.
 */
export function prefetchScreen(path: string, machines: MachineSourceMap): void {
  prefetchMachine(machines, 'chat');
  const target = screenOfPath(path);
  if (!target) return;
  screenModules[target.screen].prefetch();
  if (target.machine) prefetchMachine(machines, target.machine);
}
