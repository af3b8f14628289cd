/**
 * Composition root: config -> services -> machine registry -> app-lifetime actors -> <App/>.
 * The only module that creates services; everything below receives them through machines.
 */
import { ChakraProvider } from '@chakra-ui/react';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { createActor } from 'xstate';
import { createMachineRegistry } from './machines/registry';
import { createDeferredApi, loadProductApi } from './services/api/deferred';
import { ConfigError, loadConfig } from './services/config';
import { createIdentityService } from './services/identity';
import { createPayments } from './services/payments';
import type { Services } from './services';
import { createStorage } from './services/storage';
import { createAddressBar } from './services/address';
import { safeReturnPath } from './domain/urls';
import { App } from './views/app/App';
import { prefetchScreen } from './views/app/prefetch';
import { consoleReplacesShell, forgetShell, showsPrerenderedPage } from './views/app/startup/firstRender';
import { afterFirstPaint, nextTask, onFirstInteraction, whenIdle } from './views/app/startup/schedule';
import { prefetchLoginSteps } from './views/login/lazyForms';
import type { Inspector } from './views/app/machinesContext';
import { getCoreSystem } from './views/theme/core';
import { adoptPrerenderedGlobalCss } from './views/theme/prerenderedGlobal';

/**
 * `npm run dev` with `?inspect`: the in-app statechart inspector (src/dev/inspector, works offline);
 * with `?inspect=stately`: Stately's inspector (needs stately.ai). Dev only, behind dynamic imports:
 * the production bundle carries neither. Every root actor gets it as its `inspect` option (auth
 * here, the screens' actors through useScreenActor); it sees the children they invoke and spawn.
 */
async function devInspector(): Promise<Inspector | undefined> {
  if (!import.meta.env.DEV) return undefined;
  const choice = new URLSearchParams(window.location.search).get('inspect');
  if (choice === null) return undefined;
  if (choice === 'stately') {
    const { createBrowserInspector } = await import('@statelyai/inspect');
    return createBrowserInspector().inspect;
  }
  const { startDevInspector } = await import('./dev/inspector');
  return startDevInspector();
}

async function main() {
  // Evaluating the modules is a task of its own: the start-up work below begins in the next one,
  // rather than lengthening that task (a long task is what Total Blocking Time counts).
  await nextTask();
  const rootElement = document.getElementById('root') as HTMLElement;
  /** Set on the root element of a prerendered page (dist/login.html) to the path it shows. */
  const prerenderedPath = rootElement.dataset.prerendered ?? null;
  /** The route of the console's shell on screen (each console page has one); its gate script removed it if not shown. */
  const shellPath = rootElement.dataset.shell ?? null;
  /** A root of our own, without the prerendered markup (it shows something else). */
  const freshRoot = (): Root => {
    rootElement.replaceChildren();
    delete rootElement.dataset.prerendered;
    forgetShell(rootElement);
    rootElement.removeAttribute('inert');
    return createRoot(rootElement);
  };

  let config;
  try {
    config = loadConfig(import.meta.env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    // Only a misconfigured deployment shows it: not part of the /login JavaScript.
    const { ConfigErrorScreen } = await import('./views/app/ConfigErrorScreen');
    freshRoot().render(
      <ChakraProvider value={getCoreSystem()}>
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
  const apiOptions = {
    baseUrl: config.apiBaseUrl,
    getAccessToken: () => identity.getAccessToken(),
    refreshAccessToken: () => identity.refreshAccessToken(),
    onSessionExpired: () => sessionExpired.notify(),
  };
  // Sign In never calls the API: its client (ky, the response schemas) is fetched on first use, or
  // ahead of need below, and stays out of the /login JavaScript.
  const deferredApi = createDeferredApi(() => loadProductApi(apiOptions));
  const services: Services = {
    config,
    storage,
    address: createAddressBar(window),
    identity,
    api: deferredApi.api,
    payments: createPayments(config),
  };
  const machines = createMachineRegistry(services);
  const auth = createActor(machines.auth, { inspect }).start();
  sessionExpired.notify = () => auth.send({ type: 'auth.sessionExpired' });

  // Code that is not part of the /login JavaScript, fetched ahead of need. A tab with a session: the
  // signed-in console, the screen of this address and the machines they start, before the start-up
  // work below (the screen and its machine as soon as the small route table is here, prefetch.ts),
  // so they are here when the session has been checked (no loading frame). Otherwise the console,
  // the screen signing in leads to (the `?next=` route or the dashboard) and the machines they
  // start, once the visitor starts filling in the form: signing in then renders them at once,
  // instead of fetching the Assistant's machine the shell waits for, and then the screen. A tab with
  // a session also starts its screen's first reads (the route's readAhead), so the data is on its
  // way while the code and the session check are.
  if (identity.hasStoredSession()) {
    void deferredApi.preload();
    prefetchScreen(window.location.pathname, machines, services);
  } else {
    onFirstInteraction(() => {
      void deferredApi.preload();
      const next = safeReturnPath(new URLSearchParams(window.location.search).get('next'));
      prefetchScreen(new URL(next, window.location.origin).pathname, machines);
      prefetchLoginSteps();
    });
  }

  // Start-up in short tasks: modules and services above, the Chakra system in a task of its own,
  // then a render (or, on the prerendered /login, a hydration) that React splits into slices (a
  // transition) so that no single task runs long.
  await nextTask();
  // A prerendered page carries the system's global CSS: the system does not build it again.
  adoptPrerenderedGlobalCss(getCoreSystem(), document);
  await nextTask();
  const app = (shell: boolean, onLive?: () => void) => (
    <StrictMode>
      <App machines={machines} actors={{ auth }} inspect={inspect} shell={shell} onLive={onLive} />
    </StrictMode>
  );
  if (prerenderedPath !== null && (await showsPrerenderedPage(auth, prerenderedPath))) {
    startTransition(() => {
      hydrateRoot(rootElement, app(false));
    });
  } else if (shellPath !== null && (await consoleReplacesShell(auth, machines))) {
    // Not cleared here: React removes the shell in the commit that draws the console, which then
    // turns the root live (no longer inert). Replaced rather than hydrated: hydrating it measured
    // slower on a phone (its render is not split into slices) and the header's name, which the
    // shell cannot know, moved the header when it came in.
    const root = createRoot(rootElement);
    forgetShell(rootElement);
    startTransition(() => root.render(app(true, () => rootElement.removeAttribute('inert'))));
  } else {
    const root = freshRoot();
    startTransition(() => root.render(app(false)));
  }

  // The SDK signs in, up and out of first-time passwords; a tab with a session does not need it
  // (tokens are refreshed and revoked without it). Not before the first screen is on the page:
  // fetched earlier, it would compete with the login JavaScript for a slow link.
  if (!identity.hasStoredSession()) afterFirstPaint(() => whenIdle(() => void identity.preload()));
}

void main();
