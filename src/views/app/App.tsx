import { ChakraProvider } from '@chakra-ui/react';
import { lazy, Suspense, type ReactNode } from 'react';
import { Redirect, Route, Switch, useLocation } from 'wouter';
import type { MachineRegistry } from '../../machines/registry';
import { ChatProvider } from '../assistant/ChatProvider';
import { Layout } from '../layout/Layout';
import { LoadingState } from '../shared/LoadingState';
import { RouteErrorBoundary } from '../shared/RouteErrorBoundary';
import { AppToaster } from '../shared/toaster';
import { UnexpectedError } from '../shared/UnexpectedError';
import { system } from '../theme/system';
import { Gate } from './Gate';
import { MachinesProvider, type AppActors, type Inspector } from './machines-context';

// Each screen is its own chunk: a visitor downloads only the login and the screen they open.
const DashboardScreen = lazy(() => import('../dashboard/DashboardScreen').then((m) => ({ default: m.DashboardScreen })));
const UsersScreen = lazy(() => import('../users/UsersScreen').then((m) => ({ default: m.UsersScreen })));
const BillingOverviewScreen = lazy(() =>
  import('../billing/BillingOverviewScreen').then((m) => ({ default: m.BillingOverviewScreen })),
);
const UserBillingScreen = lazy(() => import('../billing/UserBillingScreen').then((m) => ({ default: m.UserBillingScreen })));
const AssistantScreen = lazy(() => import('../assistant/AssistantScreen').then((m) => ({ default: m.AssistantScreen })));

function Screen({ children }: { children: ReactNode }) {
  const [path] = useLocation();
  return (
    <RouteErrorBoundary resetKey={path}>
      <Suspense fallback={<LoadingState label="Loading..." />}>{children}</Suspense>
    </RouteErrorBoundary>
  );
}

/** The routes of SPEC §2, all behind the Gate and inside the shared layout. */
export function AppRoutes() {
  return (
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
              <Redirect to="/" replace />
            </Route>
            <Route>
              <UnexpectedError />
            </Route>
          </Switch>
        </Screen>
      </Layout>
    </ChatProvider>
  );
}

export interface AppProps {
  machines: Partial<MachineRegistry>;
  actors: AppActors;
  inspect?: Inspector;
}

export function App({ machines, actors, inspect }: AppProps) {
  return (
    <ChakraProvider value={system}>
      <MachinesProvider machines={machines} actors={actors} inspect={inspect}>
        <Gate>
          <AppRoutes />
        </Gate>
        <AppToaster />
      </MachinesProvider>
    </ChakraProvider>
  );
}
