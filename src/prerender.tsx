/**
 * The /login page rendered at build time (vite.config.ts writes it into dist/login.html): the
 * sign-in form and its styles are in the HTML, so a visitor sees it as soon as the page arrives,
 * before any JavaScript; src/main.tsx then hydrates it (makes that same markup live).
 *
 * It renders what the browser's first render shows a visitor with no session: the auth machine
 * settled on Sign In, at /login. Nothing here reads the browser, the configuration or a service.
 */
import { renderToString } from 'react-dom/server';
import { StrictMode } from 'react';
import { Router } from 'wouter';
import { createActor, fromPromise, waitFor } from 'xstate';
import { authMachine, type SessionCheck } from './machines/auth';
import { App } from './views/app/App';

/** The path whose page is prerendered (and the marker src/main.tsx finds on the root element). */
export const PRERENDERED_PATH = '/login';

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
