/**
 * The console's routes as data: each path, the module of the screen it shows (under src/views/)
 * and the machines that screen starts. routes.tsx builds the router's table from it, adding each
 * screen's code (a chunk of its own), its heading, navigation entry and reads ahead; the build
 * imports it too: scripts/build/bundle-size.ts measures each screen's chunk against its budget, and
 * scripts/build/signed-in-preloads.ts announces each page's screen and machines. It imports nothing
 * at run time, so a Node script or the Vite config can read it.
 *
 * tests/views/app/routes.test.tsx checks that each route's code is the module named here.
 */
import type { MachineSourceMap } from '../../machines/registry';

export interface RouteData {
  /** A wouter pattern: '/users', '/billing/user/:userId'. */
  readonly path: string;
  /** The screen's module under src/views/, without its extension: 'users/UsersScreen' (its export is the file's name). */
  readonly screen: `${string}/${string}Screen`;
  /** The machines the screen starts (keys of the machine registry), fetched together with its code at start-up. */
  readonly machines: readonly (keyof MachineSourceMap)[];
}

/** In table order, which is the router's match order and the navigation's order. */
export const ROUTE_DATA = {
  dashboard: { path: '/', screen: 'dashboard/DashboardScreen', machines: ['dashboard'] },
  users: { path: '/users', screen: 'users/UsersScreen', machines: ['usersList'] },
  activity: { path: '/users/activity', screen: 'users/ActivityScreen', machines: ['activity'] },
  billingOverview: { path: '/billing', screen: 'billing/BillingOverviewScreen', machines: ['billingOverview'] },
  // The page's 'Recent activity' card runs an activity trail of its own.
  userBilling: { path: '/billing/user/:userId', screen: 'billing/UserBillingScreen', machines: ['userBilling', 'activity'] },
  assistant: { path: '/ai', screen: 'assistant/AssistantScreen', machines: [] },
} as const satisfies Record<string, RouteData>;

export const ROUTE_LIST: readonly RouteData[] = Object.values(ROUTE_DATA);
