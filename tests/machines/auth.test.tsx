/**
 * Model-based walk of the session machine (src/machines/auth/authMachine.ts) through the real Gate,
 * with the real sign-in flow inside it.
 *
 * Paths are generated over the real machine (xstate/graph, see tests/support/model). Each path is
 * replayed the way a person would: signing in on the real Login screen (the flow's identity calls
 * are fakes the walk answers), the access-denied screen and the retry box. The session's side
 * effects are deferred fakes (the boundary: Cognito and the product API) that the walk resolves or
 * rejects per step; the pending confirmation is persisted by the real storage actions into jsdom's
 * localStorage. Events no view can cause are sent as the outside world would: `auth.sessionExpired`
 * (the API client) and `auth.signOut` while a spinner is showing (the header's Sign out, which is
 * the layout's). The sign-in flow's own steps are walked by auth.signInFlow.test.tsx.
 */
import { ChakraProvider } from '@chakra-ui/react';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useSelector } from '@xstate/react';
import { expect, vi } from 'vitest';
import { createActor, type AnyEventObject, type StateValue } from 'xstate';
import { ACCESS_DENIED_TITLE } from '../../src/views/app/AccessDenied';
import { Gate, SETTING_UP_TITLE } from '../../src/views/app/Gate';
import { MachinesProvider, useAppActors } from '../../src/views/app/machines-context';
import { getSystem } from '../../src/views/theme/system';
import {
  AUTH_LOG_MESSAGES,
  AUTH_MESSAGES,
  authMachine,
  pendingConfirmationActions,
  selectUsername,
  signInFlowMachine,
  type MembershipResult,
  type PendingConfirmation,
  type SessionCheck,
  type SessionUser,
} from '../../src/machines/auth';
import type { MeResponse } from '../../src/contract/api';
import { PENDING_CONFIRMATION_KEY, createStorage } from '../../src/services/storage';
import { createControllableActors, formatStateValue, generateModelPaths, walkPaths } from '../support/model';

// ---------------------------------------------------------------------------------------------
// Data
// ---------------------------------------------------------------------------------------------

const EMAIL = 'ada@summit.test';
const PASSWORD = 'Hardline#2026';
const NEW_PASSWORD = 'Brand#New2026';
const CODE = '123456';
const FIRST_TIME = 'firsttime@hardline.test';

const USER: SessionUser = { username: 'uuid-ada', email: EMAIL, attributes: { sub: 'sub-ada', email: EMAIL } };
const PENDING_REQUIRED: PendingConfirmation = {
  email: EMAIL,
  isRequired: true,
  signupData: { phoneNumber: '+15551234567', organization: 'Summit Builders', fullName: 'Ada Lovelace' },
};
const PENDING_CONFIRMED: PendingConfirmation = { ...PENDING_REQUIRED, isRequired: false };

const me = (isAdmin: boolean): MeResponse => ({
  memberId: 'm-1',
  name: 'Ada Lovelace',
  email: EMAIL,
  role: isAdmin ? 'Admin' : 'Field Worker',
  isAdmin,
  isActive: true,
  organization: { id: 'org-1', name: 'Summit Builders' },
});

const done = (id: string, output: unknown): AnyEventObject => ({ type: `xstate.done.actor.${id}`, output });
const failed = (id: string, error: unknown): AnyEventObject => ({ type: `xstate.error.actor.${id}`, error });

const SESSION_CHECKS: SessionCheck[] = [
  { user: USER, pending: null },
  { user: null, pending: PENDING_REQUIRED },
  { user: null, pending: null },
];
const MEMBERSHIPS: MembershipResult[] = [
  { kind: 'member', me: me(true) },
  { kind: 'member', me: me(false) },
  { kind: 'noMembership', status: 403 },
];

const ERRORS = {
  checkSession: 'The identity service could not be reached.',
  loadMembership: 'Cannot reach the server. Check your connection and try again.',
} as const;

const paths = generateModelPaths(authMachine, {
  events: {
    'xstate.done.actor.checkSession': SESSION_CHECKS.map((c) => done('checkSession', c)),
    'xstate.error.actor.checkSession': failed('checkSession', new Error(ERRORS.checkSession)),
    'xstate.done.actor.signInFlow': [
      done('signInFlow', { user: USER, passwordSet: false }),
      done('signInFlow', { user: { ...USER, email: FIRST_TIME }, passwordSet: true }),
    ],
    'xstate.done.actor.loadPendingSignup': [done('loadPendingSignup', null), done('loadPendingSignup', PENDING_CONFIRMED)],
    'xstate.error.actor.loadPendingSignup': failed('loadPendingSignup', new Error('storage unavailable')),
    'xstate.done.actor.completeSignup': done('completeSignup', undefined),
    'xstate.error.actor.completeSignup': failed(
      'completeSignup',
      Object.assign(new Error('The server took too long to answer. Please try again.'), { timedOut: true }),
    ),
    'xstate.done.actor.activateUser': done('activateUser', undefined),
    'xstate.error.actor.activateUser': failed('activateUser', new Error('HTTP 500: Internal Server Error')),
    'xstate.done.actor.loadMembership': MEMBERSHIPS.map((m) => done('loadMembership', m)),
    'xstate.error.actor.loadMembership': failed('loadMembership', new Error(ERRORS.loadMembership)),
    'xstate.done.actor.signOut': done('signOut', undefined),
    'xstate.error.actor.signOut': failed('signOut', new Error('Network error')),
  },
});

// ---------------------------------------------------------------------------------------------
// The system under test
// ---------------------------------------------------------------------------------------------

const ACTOR_NAMES = ['checkSession', 'loadPendingSignup', 'completeSignup', 'activateUser', 'loadMembership', 'signOut'] as const;

/** Stands in for the routes and layout (the lead's): what the Gate shows to an administrator. */
function AppShell() {
  const { auth } = useAppActors();
  const username = useSelector(auth, selectUsername);
  return (
    <main>
      <h1>Hardline console</h1>
      <p>Signed in as {username}</p>
      <button type="button" onClick={() => auth.send({ type: 'auth.signOut' })}>
        Sign out
      </button>
    </main>
  );
}

const storedPending = (): unknown => JSON.parse(localStorage.getItem(PENDING_CONFIRMATION_KEY) ?? 'null');

function submitButton(name: string): HTMLElement {
  return screen.getByRole('button', { name });
}

walkPaths({
  machineId: 'auth',
  machine: authMachine,
  paths,
  timeout: 5000,
  setup: ({ inspect }) => {
    localStorage.clear();
    sessionStorage.clear();
    window.history.replaceState(null, '', '/users');
    const fakes = createControllableActors(authMachine, ACTOR_NAMES);
    const identity = createControllableActors(signInFlowMachine, ['signIn', 'confirmSignUp', 'completeNewPassword']);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const storageActions = pendingConfirmationActions(createStorage(window));
    const actor = createActor(
      authMachine.provide({
        actors: { ...fakes.actors, signInFlow: signInFlowMachine.provide({ actors: identity.actors, actions: storageActions }) },
        actions: { clearPendingConfirmation: storageActions.clearPendingConfirmation },
      }),
      { inspect },
    );
    actor.start();
    const user = userEvent.setup();
    const view = render(
      <ChakraProvider value={getSystem()}>
        <MachinesProvider machines={{}} actors={{ auth: actor }}>
          <Gate>
            <AppShell />
          </Gate>
        </MachinesProvider>
      </ChakraProvider>,
    );

    let lastEvent: AnyEventObject | undefined;
    let previous: string | undefined;

    const fill = async (label: string, value: string) => {
      const input = screen.getByLabelText(label, { selector: 'input' });
      await user.clear(input);
      if (value !== '') {
        await user.click(input);
        await user.paste(value);
      }
    };

    return {
      actor,
      async perform(event, info) {
        lastEvent = event;
        switch (event.type) {
          case 'auth.retry':
            await user.click(submitButton('Try again'));
            return;
          case 'auth.signOut': {
            const button = screen.queryByRole('button', { name: /sign out/i });
            if (button) await user.click(button);
            // While a spinner shows, the layout's header (not rendered here) is where Sign out lives.
            else act(() => actor.send({ type: 'auth.signOut' }));
            return;
          }
          case 'auth.sessionExpired':
            // The API client sends this when a 401 cannot be recovered.
            act(() => actor.send({ type: 'auth.sessionExpired' }));
            return;
        }
        if (event.type === 'xstate.done.actor.checkSession') {
          // The real checkSession reads the pending confirmation an earlier visit stored.
          const pending = (event.output as SessionCheck).pending;
          if (pending) localStorage.setItem(PENDING_CONFIRMATION_KEY, JSON.stringify(pending));
        }
        if (event.type === 'xstate.done.actor.signInFlow') {
          // The real sign-in flow, finished the way a person does (its own walk covers the rest).
          const { user: signedIn, passwordSet } = event.output as { user: SessionUser; passwordSet: boolean };
          if (screen.queryByRole('heading', { name: 'Confirm Email' })) {
            await fill('Confirmation code', CODE);
            await user.click(submitButton('Confirm Email'));
            await act(async () => identity.resolve('confirmSignUp', undefined));
          }
          await fill('Email', signedIn.email);
          await fill('Password', PASSWORD);
          await user.click(submitButton('Sign In'));
          if (!passwordSet) {
            await act(async () => identity.resolve('signIn', { kind: 'signedIn', user: signedIn }));
            return;
          }
          await act(async () => identity.resolve('signIn', { kind: 'newPasswordRequired', username: signedIn.email }));
          await fill('New password', NEW_PASSWORD);
          await fill('Confirm new password', NEW_PASSWORD);
          await user.click(submitButton('Set New Password'));
          await act(async () => identity.resolve('completeNewPassword', signedIn));
          return;
        }
        await act(async () => {
          if (!fakes.settle(event, info)) throw new Error(`cannot perform ${event.type}`);
        });
      },

      async assert(value: StateValue, snapshot) {
        const state = formatStateValue(value);
        const type = lastEvent?.type;
        await waitFor(() => {
          switch (state) {
            case 'checkingSession':
            case 'signingOut':
            case 'signedIn.checkingPendingSignup':
            case 'signedIn.activating':
            case 'signedIn.checkingAccess':
              expect(screen.getByRole('status')).toHaveTextContent('Loading...');
              expect(screen.queryByRole('heading', { name: 'Hardline console' })).not.toBeInTheDocument();
              expect(screen.queryByRole('form')).not.toBeInTheDocument();
              break;
            case 'signedOut': {
              // The Login screen, at /login: Confirm Email when a code is awaited, Sign In otherwise.
              expect(window.location.pathname).toBe('/login');
              const awaitingCode = snapshot.context.pendingConfirmation?.isRequired === true;
              expect(screen.getByRole('heading', { name: awaitingCode ? 'Confirm Email' : 'Sign In' })).toBeInTheDocument();
              expect(screen.queryByRole('heading', { name: 'Hardline console' })).not.toBeInTheDocument();
              break;
            }
            case 'signedIn.completingSignup':
              expect(screen.getByRole('heading', { name: SETTING_UP_TITLE })).toBeInTheDocument();
              expect(screen.getByText(/preparing your workspace and provisioning a phone number/)).toBeInTheDocument();
              expect(screen.getByText(/refresh the page/)).toBeInTheDocument();
              expect(fakes.pending('completeSignup').at(-1)?.input).toEqual({ pending: PENDING_CONFIRMED, email: EMAIL });
              break;
            case 'signedIn.authorized':
              expect(screen.getByRole('heading', { name: 'Hardline console' })).toBeInTheDocument();
              expect(screen.getByText(`Signed in as ${snapshot.context.user?.email ?? ''}`)).toBeInTheDocument();
              break;
            case 'signedIn.notAdministrator':
              expect(screen.getByRole('heading', { name: ACCESS_DENIED_TITLE })).toBeInTheDocument();
              expect(screen.getByRole('button', { name: /sign out/i })).toBeEnabled();
              expect(screen.queryByRole('heading', { name: 'Hardline console' })).not.toBeInTheDocument();
              break;
            case 'signedIn.accessFailed':
              expect(screen.getByRole('alert')).toHaveTextContent(ERRORS.loadMembership);
              expect(submitButton('Try again')).toBeEnabled();
              break;
            default:
              throw new Error(`no assertion for state ${state}`);
          }
        });

        // What the last step should have shown or done.
        await waitFor(() => {
          const alerts = () => screen.queryAllByRole('alert').map((a) => a.textContent ?? '');
          if (type === 'xstate.error.actor.checkSession') expect(alerts()).toContain(ERRORS.checkSession);
          if (type === 'auth.sessionExpired') expect(snapshot.context.signedOutMessage).toBe(AUTH_MESSAGES.sessionExpired);
          if (previous === 'signingOut') {
            // Signed out: nothing of the sign-up is kept, and an expired session says so on Sign In.
            expect(storedPending()).toBeNull();
            if (snapshot.context.signedOutMessage === AUTH_MESSAGES.sessionExpired)
              expect(alerts()).toContain(AUTH_MESSAGES.sessionExpired);
            else expect(alerts()).not.toContain(AUTH_MESSAGES.sessionExpired);
          }
          if (type === 'xstate.done.actor.signInFlow') {
            const signedIn = (lastEvent?.output as { user: SessionUser }).user;
            expect(snapshot.context.user).toEqual(signedIn);
          }
          if (type === 'xstate.done.actor.completeSignup' || type === 'xstate.error.actor.completeSignup') {
            expect(storedPending()).toBeNull();
          }
          if (type === 'xstate.error.actor.completeSignup') {
            expect(console.warn).toHaveBeenCalledWith(AUTH_LOG_MESSAGES.signupCompletionTimedOut);
          }
          if (type === 'xstate.error.actor.activateUser') {
            expect(console.warn).toHaveBeenCalledWith(AUTH_LOG_MESSAGES.activationFailed, expect.any(Error));
          }
        });

        previous = state;
      },

      teardown() {
        view.unmount();
        actor.stop();
        warn.mockRestore();
      },
    };
  },
  onReport: (report) => {
    expect(report.states.missing).toEqual([]);
    expect(report.transitions.missing).toEqual([]);
  },
});
