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
import { createActor, type AnyEventObject } from 'xstate';
import { ACCESS_DENIED_TITLE } from '../../src/views/app/AccessDenied';
import { Gate } from '../../src/views/app/Gate';
import { SETTING_UP_TITLE } from '../../src/views/app/SessionScreens';
import { MachinesProvider, useAppActors } from '../../src/views/app/machinesContext';
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
import { createControllableActors, createControlledDelays, generateModelPaths, walkPaths, type StepInfo } from '../support/model';
import { inSubstates, tableDriver } from '../support/model/tables';
import { EMAIL, USER } from './auth.harness';

// ---------------------------------------------------------------------------------------------
// Data
// ---------------------------------------------------------------------------------------------

const PASSWORD = 'Hardline#2026';
const NEW_PASSWORD = 'Brand#New2026';
const CODE = '123456';
const FIRST_TIME = 'firsttime@hardline.test';
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
  cover: 'pairs',
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
    // One a moment may cure (tried again after `completeSignupRetry`), one the server refused (given up, cleared).
    'xstate.error.actor.completeSignup': [
      failed('completeSignup', Object.assign(new Error('The server took too long to answer. Please try again.'), { timedOut: true })),
      failed('completeSignup', Object.assign(new Error('Signup was refused.'), { status: 409 })),
    ],
    'xstate.done.actor.activateUser': done('activateUser', undefined),
    'xstate.error.actor.activateUser': failed('activateUser', new Error('HTTP 500: Internal Server Error')),
    'xstate.done.actor.loadMembership': MEMBERSHIPS.map((m) => done('loadMembership', m)),
    'xstate.error.actor.loadMembership': failed('loadMembership', new Error(ERRORS.loadMembership)),
    'xstate.done.actor.signOut': done('signOut', undefined),
    'xstate.error.actor.signOut': failed('signOut', new Error('Network error')),
    'xstate.done.actor.signOutAllDevices': done('signOutAllDevices', undefined),
    'xstate.error.actor.signOutAllDevices': failed('signOutAllDevices', new Error('Network error')),
  },
});

// ---------------------------------------------------------------------------------------------
// The system under test
// ---------------------------------------------------------------------------------------------

const ACTOR_NAMES = [
  'checkSession',
  'loadPendingSignup',
  'completeSignup',
  'activateUser',
  'loadMembership',
  'signOut',
  'signOutAllDevices',
] as const;

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
      <button type="button" onClick={() => auth.send({ type: 'auth.signOutAllDevices' })}>
        Sign out of all devices
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
  setup: ({ inspect }) => {
    localStorage.clear();
    sessionStorage.clear();
    window.history.replaceState(null, '', '/users');
    const fakes = createControllableActors(authMachine, ACTOR_NAMES);
    const identity = createControllableActors(signInFlowMachine, ['signIn', 'confirmSignUp', 'completeNewPassword']);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const timers = createControlledDelays(['completeSignupRetry']);
    timers.install();
    const storageActions = pendingConfirmationActions(createStorage(window));
    const actor = createActor(
      authMachine.provide({
        actors: { ...fakes.actors, signInFlow: signInFlowMachine.provide({ actors: identity.actors, actions: storageActions }) },
        actions: { clearPendingConfirmation: storageActions.clearPendingConfirmation },
        delays: timers.delays,
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

    const fill = async (label: string, value: string) => {
      // A login step other than Sign In arrives as a chunk of its own (src/views/login/lazyForms.tsx).
      const input = await screen.findByLabelText(label, { selector: 'input' });
      await user.clear(input);
      if (value !== '') {
        await user.click(input);
        await user.paste(value);
      }
    };
    const settle = (event: AnyEventObject, info: StepInfo) =>
      act(async () => {
        if (!fakes.settle(event, info)) throw new Error(`cannot perform ${event.type}`);
      });
    const alerts = () => screen.queryAllByRole('alert').map((a) => a.textContent ?? '');
    /** Checks the view reaches in time (it renders after the machine moves). */
    const eventually =
      <C,>(check: (ctx: C) => void) =>
      (ctx: C) =>
        waitFor(() => check(ctx));
    /** The Gate's spinner: nothing of the console or of the Login screen shows. */
    const spinner = eventually(() => {
      expect(screen.getByRole('status')).toHaveTextContent('Loading...');
      expect(screen.queryByRole('heading', { name: 'Hardline console' })).not.toBeInTheDocument();
      expect(screen.queryByRole('form')).not.toBeInTheDocument();
    });
    /** Signed out: nothing of the sign-up is kept, and an expired session says so on Sign In. */
    const signedOutAgain = eventually<{ context: { signedOutMessage: string | null } }>(({ context }) => {
      expect(storedPending()).toBeNull();
      if (context.signedOutMessage === AUTH_MESSAGES.sessionExpired) expect(alerts()).toContain(AUTH_MESSAGES.sessionExpired);
      else expect(alerts()).not.toContain(AUTH_MESSAGES.sessionExpired);
    });
    const pendingForgotten = () => waitFor(() => expect(storedPending()).toBeNull());

    return {
      actor,
      ...tableDriver(authMachine, {
        states: {
          checkingSession: spinner,
          // The Login screen, at /login: Confirm Email when a code is awaited, Sign In otherwise.
          signedOut: eventually(({ context }) => {
            expect(window.location.pathname).toBe('/login');
            const awaitingCode = context.pendingConfirmation?.isRequired === true;
            expect(screen.getByRole('heading', { name: awaitingCode ? 'Confirm Email' : 'Sign In' })).toBeInTheDocument();
            expect(screen.queryByRole('heading', { name: 'Hardline console' })).not.toBeInTheDocument();
          }),
          signedIn: inSubstates,
          'signedIn.checkingPendingSignup': spinner,
          // 'Setting up your account...' while it is sent, and while a retry waits: no failure is shown.
          'signedIn.completingSignup': eventually(() => {
            expect(screen.getByRole('heading', { name: SETTING_UP_TITLE })).toBeInTheDocument();
            expect(screen.getByText(/preparing your workspace and provisioning a phone number/)).toBeInTheDocument();
            expect(screen.getByText(/refresh the page/)).toBeInTheDocument();
            expect(screen.queryByRole('alert')).not.toBeInTheDocument();
          }),
          'signedIn.completingSignup.attempting': () =>
            expect(fakes.pending('completeSignup').at(-1)?.input).toEqual({ pending: PENDING_CONFIRMED, email: EMAIL }),
          // Nothing is sent while it waits, and the kept sign-up is still there for the next attempt.
          'signedIn.completingSignup.waitingToRetry': () => {
            expect(fakes.pending('completeSignup')).toHaveLength(0);
            expect(storedPending()).toEqual(PENDING_CONFIRMED);
          },
          'signedIn.activating': spinner,
          'signedIn.checkingAccess': spinner,
          'signedIn.authorized': eventually(({ context }) => {
            expect(screen.getByRole('heading', { name: 'Hardline console' })).toBeInTheDocument();
            expect(screen.getByText(`Signed in as ${context.user?.email ?? ''}`)).toBeInTheDocument();
          }),
          'signedIn.notAdministrator': eventually(() => {
            expect(screen.getByRole('heading', { name: ACCESS_DENIED_TITLE })).toBeInTheDocument();
            expect(screen.getByRole('button', { name: /sign out/i })).toBeEnabled();
            expect(screen.queryByRole('heading', { name: 'Hardline console' })).not.toBeInTheDocument();
          }),
          'signedIn.accessFailed': eventually(() => {
            expect(screen.getByRole('alert')).toHaveTextContent(ERRORS.loadMembership);
            expect(submitButton('Try again')).toBeEnabled();
          }),
          signingOut: spinner,
          signingOutAllDevices: spinner,
        },
        events: {
          'auth.retry': () => user.click(submitButton('Try again')),
          'auth.signOut': async () => {
            const button = screen.queryByRole('button', { name: /^sign out$/i });
            if (button) await user.click(button);
            // While a spinner shows, the layout's header (not rendered here) is where Sign out lives.
            else act(() => actor.send({ type: 'auth.signOut' }));
          },
          // The account menu's item (the layout's; stood in for by the shell's button here).
          'auth.signOutAllDevices': async () => {
            const button = screen.queryByRole('button', { name: 'Sign out of all devices' });
            if (button) await user.click(button);
            else act(() => actor.send({ type: 'auth.signOutAllDevices' }));
          },
          // The API client sends this when a 401 cannot be recovered.
          'auth.sessionExpired': () => {
            act(() => actor.send({ type: 'auth.sessionExpired' }));
          },
          'xstate.done.actor.checkSession': async (event, info) => {
            // The real checkSession reads the pending confirmation an earlier visit stored.
            const pending = (event.output as SessionCheck).pending;
            if (pending) localStorage.setItem(PENDING_CONFIRMATION_KEY, JSON.stringify(pending));
            await settle(event, info);
          },
          'xstate.error.actor.checkSession': settle,
          // The real sign-in flow, finished the way a person does (its own walk covers the rest).
          'xstate.done.actor.signInFlow': async (event) => {
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
          },
          'xstate.done.actor.loadPendingSignup': async (event, info) => {
            // The real loadPendingSignup reads what the browser kept.
            const pending = event.output as PendingConfirmation | null;
            if (pending) localStorage.setItem(PENDING_CONFIRMATION_KEY, JSON.stringify(pending));
            await settle(event, info);
          },
          'xstate.error.actor.loadPendingSignup': settle,
          'xstate.done.actor.completeSignup': settle,
          'xstate.error.actor.completeSignup': settle,
          'xstate.after.completeSignupRetry.auth.signedIn.completingSignup.waitingToRetry': () =>
            act(() => timers.fire('completeSignupRetry')),
          'xstate.done.actor.activateUser': settle,
          'xstate.error.actor.activateUser': settle,
          'xstate.done.actor.loadMembership': settle,
          'xstate.error.actor.loadMembership': settle,
          'xstate.done.actor.signOut': settle,
          'xstate.error.actor.signOut': settle,
          'xstate.done.actor.signOutAllDevices': settle,
          'xstate.error.actor.signOutAllDevices': settle,
        },
        arrivals: {
          signedOut: {
            'xstate.error.actor.checkSession': eventually(() => expect(alerts()).toContain(ERRORS.checkSession)),
            'xstate.done.actor.signOut': signedOutAgain,
            'xstate.error.actor.signOut': signedOutAgain,
            'xstate.done.actor.signOutAllDevices': async (ctx) => {
              await signedOutAgain(ctx);
              expect(alerts()).not.toContain(AUTH_MESSAGES.allDevicesSignOutFailed);
            },
            // This device is signed out; Sign In says the others may not be.
            'xstate.error.actor.signOutAllDevices': eventually(() => {
              expect(storedPending()).toBeNull();
              expect(alerts()).toContain(AUTH_MESSAGES.allDevicesSignOutFailed);
              expect(console.warn).toHaveBeenCalledWith(AUTH_LOG_MESSAGES.allDevicesSignOutFailed, expect.any(Error));
            }),
          },
          signedIn: {
            'xstate.done.actor.signInFlow': ({ context, event }) =>
              expect(context.user).toEqual((event?.output as { user: SessionUser }).user),
          },
          'signedIn.checkingAccess': {
            'xstate.done.actor.completeSignup': pendingForgotten,
            // Refused: given up at once and cleared (SPEC §4), only logged.
            'xstate.error.actor.completeSignup': async ({ event }) => {
              await pendingForgotten();
              expect(console.warn).toHaveBeenCalledWith(AUTH_LOG_MESSAGES.signupCompletionFailed, event?.error);
            },
            'xstate.error.actor.activateUser': () =>
              expect(console.warn).toHaveBeenCalledWith(AUTH_LOG_MESSAGES.activationFailed, expect.any(Error)),
          },
          'signedIn.completingSignup.waitingToRetry': {
            // Timed out: logged as such, and tried again after the wait.
            'xstate.error.actor.completeSignup': () =>
              expect(console.warn).toHaveBeenCalledWith(AUTH_LOG_MESSAGES.signupCompletionTimedOut),
          },
          signingOut: {
            'auth.sessionExpired': ({ context }) => expect(context.signedOutMessage).toBe(AUTH_MESSAGES.sessionExpired),
          },
        },
      }),

      teardown() {
        view.unmount();
        actor.stop();
        timers.uninstall();
        warn.mockRestore();
      },
    };
  },
  onReport: (report) => {
    expect(report.states.missing).toEqual([]);
    expect(report.transitions.missing).toEqual([]);
  },
});
