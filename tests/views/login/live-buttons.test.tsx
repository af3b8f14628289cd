/**
 * The prerendered /login becoming live (issue 17): Sign In and Forgot password are disabled in the
 * prerendered form (so that it cannot be submitted natively) and enabled once React has hydrated
 * it. That change must be attributes only: the same class (style) prerendered and live, so the
 * synchronous render that follows hydration compiles and inserts no new style.
 */
import { ChakraProvider } from '@chakra-ui/react';
import { render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { authMachine, selectSignInFlow, type SessionCheck } from '../../../src/machines/auth';
import { SignInForm } from '../../../src/views/login/SignInForm';
import { getCoreSystem } from '../../../src/views/theme/core';

const noSession: SessionCheck = { user: null, pending: null };
const auth = createActor(authMachine.provide({ actors: { checkSession: fromPromise(() => Promise.resolve(noSession)) } }));

afterEach(() => {
  auth.stop();
});

async function signInFlow() {
  auth.start();
  const snapshot = await waitFor(auth, (s) => s.matches('signedOut'));
  const flow = selectSignInFlow(snapshot);
  if (!flow) throw new Error('no sign-in flow');
  return flow;
}

describe('the Sign In form becoming live', () => {
  it('enables Sign In and Forgot password by their attributes alone, keeping the prerendered class', async () => {
    const flow = await signInFlow();
    const form = (
      <ChakraProvider value={getCoreSystem()}>
        <SignInForm flow={flow} />
      </ChakraProvider>
    );
    const prerendered = new DOMParser().parseFromString(renderToString(form), 'text/html');
    // The prerendered document is parsed HTML, not the rendered screen: Testing Library has no hold on it.
    // eslint-disable-next-line testing-library/no-node-access
    const buttonIn = (root: ParentNode, name: string) => [...root.querySelectorAll('button')].find((b) => b.textContent === name) ?? null;

    render(form);
    for (const name of ['Sign In', 'Forgot password?']) {
      const before = buttonIn(prerendered, name);
      const live = screen.getByRole('button', { name });
      expect(before?.hasAttribute('disabled'), name).toBe(true);
      expect(before?.hasAttribute('data-waiting'), name).toBe(true);
      expect(live).toBeEnabled();
      expect(live).not.toHaveAttribute('data-waiting');
      expect(live.className, name).toBe(before?.className);
    }
  });
});
