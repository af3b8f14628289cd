/**
 * The dev inspector (src/dev/inspector) on the real session machine: the recorder lists the actors
 * of the system it inspects and logs each event with the state before and after it, without
 * secrets; the panel lists the running actors, shows the log and draws the selected machine with
 * its current state highlighted.
 *
 * Fakes, only at boundaries we don't own: the identity service's calls (promise actors, as the
 * machine tests provide them) and Mermaid's drawing (jsdom cannot lay out SVG, so `draw` records
 * the Mermaid source it is given and returns a placeholder SVG; the highlight is checked in that
 * source).
 */
import { ChakraProvider } from '@chakra-ui/react';
import { render, screen, waitFor as waitForDom, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { InspectorPanel } from '../../src/dev/inspector/InspectorPanel';
import { createInspectorRecorder, type InspectorRecorder } from '../../src/dev/inspector/recorder';
import { activeStatePaths, formatStateValue } from '../../src/dev/statechart/machineGraph';
import { mermaidId, renderMermaid } from '../../src/dev/statechart/mermaid';
import { usersListMachine } from '../../src/machines/usersList';
import {
  authMachine,
  signInFlowMachine,
  type MembershipResult,
  type PendingConfirmation,
  type SessionCheck,
  type SignInResult,
} from '../../src/machines/auth';
import { getCoreSystem } from '../../src/views/theme/core';

const EMAIL = 'ada@summit.test';
const PASSWORD = 'Hardline#2026';
const ID_TOKEN = ['eyJhbGciOiJSUzI1NiJ9', 'eyJzdWIiOiJ1dWlkLWFkYSJ9', 'c2lnbmF0dXJl'].join('.');
const REFRESH_TOKEN = 'AbCdEfGhIjKlMnOpQrStUvWxYz0123456789AbCdEfGhIjKl';
const USER = { username: 'uuid-ada', email: EMAIL, attributes: { sub: 'sub-ada', email: EMAIL } };

/** The session machine with the identity calls faked; signing in resolves with tokens in its output. */
function startAuth(recorder: InspectorRecorder) {
  const signedIn = { kind: 'signedIn', user: USER, tokens: { idToken: ID_TOKEN, refreshToken: REFRESH_TOKEN } } as SignInResult;
  const actor = createActor(
    authMachine.provide({
      actors: {
        checkSession: fromPromise(async (): Promise<SessionCheck> => ({ user: null, pending: null })),
        signInFlow: signInFlowMachine.provide({
          actors: { signIn: fromPromise(async () => signedIn) },
          actions: { savePendingConfirmation: () => undefined, clearPendingConfirmation: () => undefined },
        }),
        loadPendingSignup: fromPromise(async (): Promise<PendingConfirmation | null> => null),
        completeSignup: fromPromise(() => new Promise<void>(() => undefined)),
        loadMembership: fromPromise(() => new Promise<MembershipResult>(() => undefined)),
      },
      actions: { clearPendingConfirmation: () => undefined },
    }),
    { inspect: recorder.inspect },
  ).start();
  const flow = () => {
    const child = actor.getSnapshot().children.signInFlow;
    if (!child) throw new Error('not signed out');
    return child;
  };
  return { actor, flow };
}

describe('the inspector recorder', () => {
  it('records the actors of the system and each event with the state before and after, without secrets', async () => {
    const recorder = createInspectorRecorder();
    const { actor, flow } = startAuth(recorder);
    await waitFor(actor, (s) => s.matches('signedOut'));

    const labels = recorder.getState().actors.map((a) => a.label);
    expect(labels).toEqual(expect.arrayContaining(['auth', 'signInFlow', 'checkSession']));
    const flowEntry = recorder.getState().actors.find((a) => a.label === 'signInFlow');
    expect(flowEntry?.parentSessionId).toBe(actor.sessionId);

    const before = formatStateValue(flow().getSnapshot().value);
    flow().send({ type: 'auth.signIn', username: EMAIL, password: PASSWORD });
    const after = formatStateValue(flow().getSnapshot().value);
    expect(after).not.toBe(before);
    await waitFor(actor, (s) => s.matches({ signedIn: 'checkingAccess' }));

    const { log, actors } = recorder.getState();
    const signIn = log.find((e) => e.type === 'auth.signIn');
    expect(signIn).toMatchObject({ actor: 'signInFlow', from: before, to: after, payload: { username: EMAIL, password: '[redacted]' } });
    expect(signIn?.time).toBeGreaterThan(0);
    // the auth machine's own steps: start, then the session check's result, then signing in
    const authSteps = log.filter((e) => e.sessionId === actor.sessionId).map((e) => `${e.type}: ${e.from} -> ${e.to}`);
    expect(authSteps[0]).toBe('xstate.init: (start) -> checkingSession');
    expect(authSteps).toContain('xstate.done.actor.checkSession: checkingSession -> signedOut');
    expect(authSteps).toEqual(expect.arrayContaining([expect.stringMatching(/^xstate\.done\.actor\.signInFlow: signedOut -> signedIn\./)]));
    expect(authSteps.at(-1)).toMatch(new RegExp(`-> ${formatStateValue(actor.getSnapshot().value)}$`));
    // the sign-in flow is done (its final state), no longer running
    expect(actors.find((a) => a.label === 'signInFlow')?.status).not.toBe('active');
    expect(actors.find((a) => a.label === 'auth')).toMatchObject({ status: 'active', state: formatStateValue(actor.getSnapshot().value) });

    const everything = JSON.stringify(log);
    expect(everything).toContain('xstate.done.actor.signIn');
    for (const secret of [PASSWORD, ID_TOKEN, REFRESH_TOKEN]) expect(everything).not.toContain(secret);
    actor.stop();
  });
});

describe('the inspector panel', () => {
  it('lists the running actors, shows the log and draws the selected machine with its state highlighted', async () => {
    const recorder = createInspectorRecorder();
    const drawn: string[] = [];
    const draw = async (_id: string, source: string) => {
      drawn.push(source);
      return `<svg xmlns="http://www.w3.org/2000/svg" data-drawing="${drawn.length}"></svg>`;
    };
    render(
      <ChakraProvider value={getCoreSystem()}>
        <InspectorPanel recorder={recorder} draw={draw} />
      </ChakraProvider>,
    );
    const { actor, flow } = startAuth(recorder);
    await waitFor(actor, (s) => s.matches('signedOut'));

    const list = await screen.findByRole('region', { name: 'Running actors' });
    await within(list).findByRole('button', { name: /signInFlow/ });
    expect(within(list).getByRole('button', { name: /^auth/ })).toHaveAttribute('aria-pressed', 'true');
    // the session check is over: no longer listed
    expect(within(list).queryByRole('button', { name: /checkSession/ })).toBeNull();

    // the selected (first) actor is auth: its log and its drawing
    const log = screen.getByTestId('inspector-log');
    await within(log).findByText('xstate.done.actor.checkSession');
    expect(within(log).getByText('checkingSession → signedOut')).toBeInTheDocument();
    // Mermaid's drawing is an SVG with no accessible role of its own.
    // eslint-disable-next-line testing-library/no-node-access
    await waitForDom(() => expect(screen.getByTestId('inspector-chart').querySelector('svg')).not.toBeNull());
    expect(drawn.at(-1)).toContain(`class ${mermaidId('signedOut')} active`);

    // select the sign-in flow: its statechart, its current state highlighted, live
    await userEvent.click(within(list).getByRole('button', { name: /signInFlow/ }));
    const leafOf = (paths: string[]) => paths.at(-1) ?? '';
    const idle = leafOf(activeStatePaths(signInFlowMachine, flow().getSnapshot().value));
    await waitForDom(() => expect(screen.getByTestId('inspector-mermaid-source').textContent).toContain(`class ${mermaidId(idle)} active`));
    expect(screen.getByTestId('inspector-mermaid-source').textContent).toMatch(/^stateDiagram-v2/);

    flow().send({ type: 'auth.signIn', username: EMAIL, password: PASSWORD });
    await waitFor(actor, (s) => s.matches({ signedIn: 'checkingAccess' }));
    await within(log).findByText('auth.signIn');
    expect(screen.getByTestId('inspector-log').textContent).not.toContain(PASSWORD);
    expect(screen.getByTestId('inspector-mermaid-source').textContent).not.toContain(`class ${mermaidId(idle)} active`);

    // every actor's events: auth's and its children's
    await userEvent.click(screen.getByRole('button', { name: 'All actors' }));
    expect(within(log).getAllByText('xstate.init').length).toBeGreaterThan(2);
    expect(document.body.textContent).not.toContain(PASSWORD);
    expect(document.body.textContent).not.toContain(ID_TOKEN);
    actor.stop();
  });
});

describe("the inspector's Mermaid source", () => {
  it('draws a machine with a parallel root inside one composite state, which Mermaid accepts', () => {
    const docs = renderMermaid(usersListMachine);
    const drawn = renderMermaid(usersListMachine, { wrapParallelRoot: true });
    // the docs' form puts the region separator at the top level (Mermaid rejects it there)
    expect(docs.split('\n')).toContain('  --');
    expect(drawn.split('\n').slice(0, 2)).toEqual(['stateDiagram-v2', '  state "usersList" as root {']);
    expect(drawn.split('\n')).not.toContain('  --');
    expect(drawn).not.toMatch(/\broot --> root\b/);
    // a machine with an ordinary root is drawn as in the docs
    expect(renderMermaid(authMachine, { wrapParallelRoot: true })).toBe(renderMermaid(authMachine));
  });
});
