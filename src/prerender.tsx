/**
 * The pages rendered at build time (scripts/build/prerender.ts writes them into dist/):
 *
 * - /login (dist/login.html): the sign-in form and its styles are in the HTML, so a visitor sees it
 *   as soon as the page arrives, before any JavaScript; src/main.tsx then hydrates it (makes that
 *   same markup live). It renders what the browser's first render shows a visitor with no session:
 *   the auth machine settled on Sign In, at /login.
 * - The signed-in console's shell (dist/index.html, for /): the console as its first render draws it
 *   for an administrator whose data has not arrived yet (header, navigation, the screen with its
 *   placeholders). A tab with a session paints it as soon as the page arrives; src/main.tsx keeps it
 *   until the live console can replace it in one commit. Nothing user-specific is in it: the name in
 *   the header is left empty, the figures are placeholders.
 *
 * Nothing here reads the browser, the configuration or a service.
 */
import { renderToString } from 'react-dom/server';
import { StrictMode } from 'react';
import { Router } from 'wouter';
import { createActor, fromPromise, waitFor } from 'xstate';
import { authMachine, type MembershipResult, type PendingConfirmation, type SessionCheck } from './machines/auth';
import type { MachineSourceMap } from './machines/registry';
import { loadAccountMenu } from './views/account/AccountMenu';
import { App } from './views/app/App';
import { consoleReady } from './views/app/prefetch';
import { ROUTE_LIST } from './views/app/routeTable';

/** The path whose page is prerendered (and the marker src/main.tsx finds on the root element). */
export const PRERENDERED_PATH = '/login';

/**
 * The console routes whose page carries the console's shell: every route of the route table, each
 * with a page of its own (scripts/build/signed-in-preloads.ts). A route with parameters is drawn
 * with none (`/billing/user/:userId`: a member's billing as it waits for whoever's it is).
 */
export const SHELL_PATHS: readonly string[] = ROUTE_LIST.map((route) => route.path);

export async function renderLoginPage(): Promise<string> {
  const noSession: SessionCheck = { user: null, pending: null };
  const auth = createActor(authMachine.provide({ actors: { checkSession: fromPromise(() => Promise.resolve(noSession)) } })).start();
  try {
    // Signed out, the sign-in flow opens on Sign In at once (no pending confirmation).
    await waitFor(auth, (s) => s.matches('signedOut'), { timeout: 5000 });
    return renderToString(
      <StrictMode>
        <Router ssrPath={PRERENDERED_PATH}>
          <App machines={{}} actors={{ auth }} />
        </Router>
      </StrictMode>,
    );
  } finally {
    auth.stop();
  }
}

/**
 * The screens' machines as written (their side effects are placeholders, never started here: a
 * machine's actor starts in an effect, which server rendering does not run), so each screen renders
 * its first state: loading, with its placeholders.
 */
const SHELL_MACHINES: MachineSourceMap = {
  chat: () => import('./machines/chat').then((m) => m.chatMachine),
  dashboard: () => import('./machines/dashboard').then((m) => m.dashboardMachine),
  usersList: () => import('./machines/usersList').then((m) => m.usersListMachine),
  userBilling: () => import('./machines/userBilling').then((m) => m.userBillingMachine),
  billingOverview: () => import('./machines/billingOverview').then((m) => m.billingOverviewMachine),
  activity: () => import('./machines/activity').then((m) => m.activityMachine),
  twoFactor: () => import('./machines/twoFactor').then((m) => m.twoFactorMachine),
};

/** An administrator with no name: the shell shows nobody's name. */
const SHELL_SESSION: SessionCheck = { user: { username: '', email: '', attributes: {} }, pending: null };
const SHELL_MEMBERSHIP: MembershipResult = {
  kind: 'member',
  me: { memberId: '', name: '', email: '', role: 'Admin', isAdmin: true, isActive: true, organization: { id: '', name: '' } },
};

/** The console's shell at `path` (one of SHELL_PATHS). */
export async function renderConsoleShell(path: string): Promise<string> {
  const auth = createActor(
    authMachine.provide({
      actors: {
        checkSession: fromPromise(() => Promise.resolve(SHELL_SESSION)),
        loadPendingSignup: fromPromise(() => Promise.resolve<PendingConfirmation | null>(null)),
        loadMembership: fromPromise(() => Promise.resolve(SHELL_MEMBERSHIP)),
      },
    }),
  ).start();
  try {
    await waitFor(auth, (s) => s.matches({ signedIn: 'authorized' }), { timeout: 5000 });
    // Everything the console reads with `use` is here first: rendered to a string, nothing suspends
    // (the account menu's chunk too, which the browser fetches once the header is up).
    await Promise.all([consoleReady(path, SHELL_MACHINES), loadAccountMenu()]);
    return renderToString(
      <StrictMode>
        <Router ssrPath={path}>
          <App machines={SHELL_MACHINES} actors={{ auth }} shell />
        </Router>
      </StrictMode>,
    );
  } finally {
    auth.stop();
  }
}
