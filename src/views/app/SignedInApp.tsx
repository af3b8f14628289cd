/**
 * The signed-in console: the Assistant's conversation, the shared layout and the routes of SPEC §2,
 * with the app's toaster. A chunk of its own (App.tsx loads it lazily once the Gate lets the visitor
 * in), so none of it is part of the JavaScript downloaded before /login is usable.
 */
import { Suspense, type ReactNode } from 'react';
import { Redirect, Route, Switch, useLocation, useSearch } from 'wouter';
import { safeReturnPath } from '../../domain/urls';
import { ChatProvider } from '../assistant/ChatProvider';
import { Layout } from '../layout/Layout';
import { LoadingState } from '../shared/LoadingState';
import { RouteErrorBoundary } from '../shared/RouteErrorBoundary';
import { AppToaster } from '../shared/toaster';
import { UnexpectedError } from '../shared/UnexpectedError';
import { ROUTES } from './routes';

function Screen({ children }: { children: ReactNode }) {
  const [path] = useLocation();
  return (
    <RouteErrorBoundary resetKey={path}>
      <Suspense fallback={<LoadingState label="Loading..." />}>{children}</Suspense>
    </RouteErrorBoundary>
  );
}

/** The routes of SPEC §2 (routes.tsx), all behind the Gate and inside the shared layout. */
export function SignedInApp() {
  return (
    <>
      <ChatProvider>
        <Layout>
          <Screen>
            <Switch>
              {ROUTES.map((route) => (
                <Route key={route.path} path={route.path} component={route.component} />
              ))}
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
