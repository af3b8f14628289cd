/**
 * The signed-in console: the Assistant's conversation, the shared layout and the routes of SPEC §2,
 * with the app's toaster. A chunk of its own (App.tsx loads it lazily once the Gate lets the visitor
 * in), so none of it is part of the JavaScript downloaded before /login is usable.
 */
import { Suspense, type ComponentType, type ReactNode } from 'react';
import { Redirect, Route, Switch, useLocation, useSearch } from 'wouter';
import { safeReturnPath } from '../../domain/urls';
import { ChatProvider } from '../assistant/ChatProvider';
import { Layout } from '../layout/Layout';
import { LoadingState } from '../shared/LoadingState';
import { RouteErrorBoundary } from '../shared/RouteErrorBoundary';
import { AppToaster } from '../shared/toaster';
import { UnexpectedError } from '../shared/UnexpectedError';
import type { Preloadable } from './preloadable';
import { screenModules } from './screens';

// Each screen is its own chunk (screens.ts): a visitor downloads only the login and the screen they
// open. Each reads its module with `use`: no suspense once the chunk is here (prefetched or visited).
function screenFrom<M, P extends object>(module: Preloadable<M>, pick: (loaded: M) => ComponentType<P>) {
  return function LoadedScreen(props: P) {
    const Loaded = pick(module.use());
    return <Loaded {...props} />;
  };
}
const DashboardScreen = screenFrom(screenModules.dashboard, (m) => m.DashboardScreen);
const UsersScreen = screenFrom(screenModules.users, (m) => m.UsersScreen);
const BillingOverviewScreen = screenFrom(screenModules.billingOverview, (m) => m.BillingOverviewScreen);
const UserBillingScreen = screenFrom(screenModules.userBilling, (m) => m.UserBillingScreen);
const AssistantScreen = screenFrom(screenModules.assistant, (m) => m.AssistantScreen);

function Screen({ children }: { children: ReactNode }) {
  const [path] = useLocation();
  return (
    <RouteErrorBoundary resetKey={path}>
      <Suspense fallback={<LoadingState label="Loading..." />}>{children}</Suspense>
    </RouteErrorBoundary>
  );
}

/** The routes of SPEC §2, all behind the Gate and inside the shared layout. */
export function SignedInApp() {
  return (
    <>
      <ChatProvider>
        <Layout>
          <Screen>
            <Switch>
              <Route path="/">
                <DashboardScreen />
              </Route>
              <Route path="/users">
                <UsersScreen />
              </Route>
              <Route path="/billing">
                <BillingOverviewScreen />
              </Route>
              <Route path="/billing/user/:userId">{(params) => <UserBillingScreen userId={params.userId} />}</Route>
              <Route path="/ai">
                <AssistantScreen />
              </Route>
              <Route path="/login">
                <ReturnAfterSignIn />
              </Route>
              <Route>
                <UnexpectedError />
              </Route>
            </Switch>
          </Screen>
        </Layout>
      </ChatProvider>
      <AppToaster />
    </>
  );
}

/** /login once signed in: back to the route the visitor first asked for (same-origin paths only). */
function ReturnAfterSignIn() {
  return <Redirect to={safeReturnPath(new URLSearchParams(useSearch()).get('next'))} replace />;
}
