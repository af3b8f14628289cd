/**
 * Composition root: config -> services -> machine registry -> app-lifetime actors -> <App/>.
 * The only module that creates services; everything below receives them through machines.
 */
import { ChakraProvider } from '@chakra-ui/react';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createActor } from 'xstate';
import { createMachineRegistry } from './machines/registry';
import { createApi } from './services/api';
import { ConfigError, loadConfig } from './services/config';
import { createIdentityService } from './services/identity';
import { createPayments } from './services/payments';
import type { Services } from './services';
import { createStorage } from './services/storage';
import { App } from './views/app/App';
import { ConfigErrorScreen } from './views/app/ConfigErrorScreen';
import type { Inspector } from './views/app/machines-context';
import { system } from './views/theme/system';

async function devInspector(): Promise<Inspector | undefined> {
  // Dev only, behind a dynamic import: the production bundle carries none of the inspector.
  if (import.meta.env.DEV && new URLSearchParams(window.location.search).has('inspect')) {
    const { createBrowserInspector } = await import('@statelyai/inspect');
    return createBrowserInspector().inspect;
  }
  return undefined;
}

async function main() {
  const root = createRoot(document.getElementById('root') as HTMLElement);

  let config;
  try {
    config = loadConfig(import.meta.env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    root.render(
      <ChakraProvider value={system}>
        <ConfigErrorScreen problems={error.problems} />
      </ChakraProvider>,
    );
    return;
  }

  const inspect = await devInspector();
  const storage = createStorage(window);
  const identity = createIdentityService(config, storage);
  // The API client reports an unrecoverable 401 to the auth machine: one source of truth for auth.
  const sessionExpired = { notify: () => {} };
  const api = createApi({
    baseUrl: config.apiBaseUrl,
    getAccessToken: () => identity.getAccessToken(),
    refreshAccessToken: () => identity.refreshAccessToken(),
    onSessionExpired: () => sessionExpired.notify(),
  });
  const services: Services = { config, storage, identity, api, payments: createPayments(config) };
  const machines = createMachineRegistry(services);
  const auth = createActor(machines.auth, { inspect }).start();
  sessionExpired.notify = () => auth.send({ type: 'auth.sessionExpired' });

  root.render(
    <StrictMode>
      <App machines={machines} actors={{ auth }} inspect={inspect} />
    </StrictMode>,
  );
}

void main();
