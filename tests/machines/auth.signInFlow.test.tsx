/**
 * Model-based walk of the sign-in flow (src/machines/auth/signInFlowMachine.ts) through the real
 * Login screen.
 *
 * Paths are generated over the real machine (xstate/graph, see tests/support/model). Each path is
 * replayed the way a person would: typing into the labelled fields and clicking the buttons of the
 * Sign In / Create Account / Confirm Email / Set New Password screens. The identity calls are
 * deferred fakes (the boundary: Cognito) that the walk resolves or rejects per step; the pending
 * confirmation is persisted by the real storage actions into jsdom's localStorage; the 3-minute
 * challenge expiry is a controlled timer. The flow opens on Sign In; a second, one-path walk opens
 * it on Confirm Email, as a reload with a pending confirmation does. The forgot-password, resend
 * and authenticator-code children have walks of their own (auth.*.test.tsx); here they are
 * finished the way a person does.
 */
import { ChakraProvider } from '@chakra-ui/react';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect } from 'vitest';
import { createActor, type AnyEventObject, type AnyMachineSnapshot } from 'xstate';
import { LoginScreen } from '../../src/views/login/LoginScreen';
import { getSystem } from '../../src/views/theme/system';
import {
  AUTH_MESSAGES,
  forgotPasswordMachine,
  mfaChallengeMachine,
  pendingConfirmationActions,
  resendCodeMachine,
  signInFlowMachine,
  type PendingConfirmation,
  type SessionUser,
  type SignInResult,
} from '../../src/machines/auth';
import { PENDING_CONFIRMATION_KEY, createStorage } from '../../src/services/storage';
import {
  createControllableActors,
  createControlledDelays,
  coveredBy,
  generateModelPaths,
  walkPaths,
  type Driver,
  type StepInfo,
  type WalkContext,
} from '../support/model';
import { tableDriver } from '../support/model/tables';

// ---------------------------------------------------------------------------------------------
// Data
// ---------------------------------------------------------------------------------------------

const EMAIL = 'ada@summit.test';
const PASSWORD = 'Hardline#2026';
const NEW_PASSWORD = 'Brand#New2026';
const CODE = '123456';
const FIRST_TIME = 'firsttime@hardline.test';
const RESET_EMAIL = 'forgetful@summit.test';

const USER: SessionUser = { username: 'uuid-ada', email: EMAIL, attributes: { sub: 'sub-ada', email: EMAIL } };
const SIGNUP = {
  fullName: 'Ada Lovelace',
  email: EMAIL,
  phoneNumber: '(555) 123-4567',
  organization: 'Summit Builders',
  password: PASSWORD,
  confirmPassword: PASSWORD,
};
const PENDING_REQUIRED: PendingConfirmation = {
  email: EMAIL,
  isRequired: true,
  signupData: { phoneNumber: '+15551234567', organization: 'Summit Builders', fullName: 'Ada Lovelace' },
};
const done = (id: string, output: unknown): AnyEventObject => ({ type: `xstate.done.actor.${id}`, output });
const failed = (id: string, error: unknown): AnyEventObject => ({ type: `xstate.error.actor.${id}`, error });

const SIGN_IN_RESULTS: SignInResult[] = [
  { kind: 'signedIn', user: USER },
  { kind: 'newPasswordRequired', username: FIRST_TIME },
  { kind: 'confirmSignUp' },
  { kind: 'totpRequired' },
  { kind: 'mfa' },
  { kind: 'other' },
];
const ERRORS = {
  signIn: 'Sign in failed. Please check your credentials.',
  signUp: 'Password must contain at least one special character',
  confirmSignUp: 'Invalid verification code provided, please try again.',
  completeNewPassword: 'Password does not meet security requirements. Please check the requirements and try again.',
} as const;

// The sign-up and recovery forms are lazy chunks: their first render can take more than the default second on a busy machine.

const EVENTS = {
  // 'Enter confirmation code' shows only after Sign In said the account is not confirmed.
  'auth.enterCode': (s: AnyMachineSnapshot) =>
    (s.context as { unconfirmedEmail: string | null }).unconfirmedEmail !== null ? [{ type: 'auth.enterCode' }] : [],
  'auth.signIn': [
    { type: 'auth.signIn', username: 'not-an-email', password: '' },
    { type: 'auth.signIn', username: EMAIL, password: PASSWORD },
  ],
  'auth.signUp': [
    { type: 'auth.signUp', fullName: '', email: '', phoneNumber: '', organization: '', password: 'short', confirmPassword: '' },
    { type: 'auth.signUp', ...SIGNUP },
  ],
  'auth.confirm': [
    { type: 'auth.confirm', code: '12ab' },
    { type: 'auth.confirm', code: CODE },
  ],
  'auth.forgotPassword': { type: 'auth.forgotPassword', email: '' },
  'xstate.done.actor.forgotPassword': done('forgotPassword', { email: RESET_EMAIL }),
  'xstate.done.actor.mfaChallenge': done('mfaChallenge', { user: USER }),
  'auth.newPassword': [
    { type: 'auth.newPassword', password: 'short', confirmPassword: 'other' },
    { type: 'auth.newPassword', password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
  ],
  'xstate.done.actor.signIn': SIGN_IN_RESULTS.map((r) => done('signIn', r)),
  'xstate.error.actor.signIn': failed('signIn', new Error(ERRORS.signIn)),
  'xstate.done.actor.signUp': [done('signUp', { confirmationRequired: true }), done('signUp', { confirmationRequired: false })],
  'xstate.error.actor.signUp': failed('signUp', new Error(ERRORS.signUp)),
  'xstate.done.actor.confirmSignUp': done('confirmSignUp', undefined),
  'xstate.error.actor.confirmSignUp': failed('confirmSignUp', new Error(ERRORS.confirmSignUp)),
  'xstate.done.actor.completeNewPassword': done('completeNewPassword', { ...USER, email: FIRST_TIME }),
  'xstate.error.actor.completeNewPassword': failed('completeNewPassword', new Error(ERRORS.completeNewPassword)),
};

/** From Sign In (a first visit), every state and transition but the reload on Confirm Email. */
const paths = generateModelPaths(signInFlowMachine, { cover: 'pairs', events: EVENTS, input: { pending: null, formError: null } });
/** A reload while a code is awaited opens on Confirm Email: walked for what the first visit's walks leave. */
const reloadPaths = generateModelPaths(signInFlowMachine, {
  cover: 'pairs',
  events: EVENTS,
  input: { pending: PENDING_REQUIRED, formError: null },
  alreadyCovered: coveredBy(paths),
});

// ---------------------------------------------------------------------------------------------
// The system under test
// ---------------------------------------------------------------------------------------------

const ACTOR_NAMES = ['signIn', 'signUp', 'confirmSignUp', 'completeNewPassword'] as const;

const storedPending = (): unknown => JSON.parse(localStorage.getItem(PENDING_CONFIRMATION_KEY) ?? 'null');

function submitButton(name: string): HTMLElement {
  return screen.getByRole('button', { name });
}

function setupFlow(pending: PendingConfirmation | null) {
  return ({ inspect }: WalkContext): Driver => {
    localStorage.clear();
    if (pending) localStorage.setItem(PENDING_CONFIRMATION_KEY, JSON.stringify(pending));
    const fakes = createControllableActors(signInFlowMachine, ACTOR_NAMES);
    const recovery = createControllableActors(forgotPasswordMachine, ['requestPasswordReset', 'confirmPasswordReset']);
    const resend = createControllableActors(resendCodeMachine, ['resendConfirmationCode']);
    const totp = createControllableActors(mfaChallengeMachine, ['answerTotp']);
    const delays = createControlledDelays(['challengeExpiry']);
    delays.install();
    const actor = createActor(
      signInFlowMachine.provide({
        actors: {
          ...fakes.actors,
          forgotPassword: forgotPasswordMachine.provide({ actors: recovery.actors }),
          resendCode: resendCodeMachine.provide({ actors: resend.actors }),
          mfaChallenge: mfaChallengeMachine.provide({ actors: totp.actors }),
        },
        actions: pendingConfirmationActions(createStorage(window)),
        delays: delays.delays,
      }),
      { inspect, input: { pending, formError: null } },
    );
    actor.start();
    const user = userEvent.setup();
    const view = render(
      <ChakraProvider value={getSystem()}>
        <LoginScreen flow={actor} />
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
    // act() is not returned: awaiting the act of a synchronous callback flushes outside the act environment.
    const expire = () => {
      act(() => delays.fire('challengeExpiry'));
    };
    const alerts = () => screen.queryAllByRole('alert').map((a) => a.textContent ?? '');
    const status = () =>
      screen
        .queryAllByRole('status')
        .map((s) => s.textContent ?? '')
        .join(' ');
    /** Checks the view reaches in time (it renders after the machine moves). */
    const eventually =
      <C,>(check: (ctx: C) => void) =>
      (ctx: C) =>
        waitFor(() => check(ctx));
    const alertSays = (text: string) => eventually(() => expect(alerts()).toContain(text));
    const emailField = () => screen.getByLabelText('Email', { selector: 'input' });
    /** Signed in: the flow is done and hands the user to the session machine (its own walk: auth.test.tsx). */
    const signedInAs =
      (output: { user: SessionUser; passwordSet: boolean }) =>
      ({ snapshot }: { snapshot: { output?: unknown } }) =>
        expect(snapshot.output).toEqual(output);

    return {
      actor,
      ...tableDriver(signInFlowMachine, {
        states: {
          opening: () => {
            throw new Error('opening is left at once (eventless): a walk never rests there');
          },
          signIn: eventually(() => {
            expect(screen.getByRole('heading', { name: 'Sign In' })).toBeInTheDocument();
            expect(emailField()).toHaveAttribute('autocomplete', 'username');
            expect(screen.getByLabelText('Password', { selector: 'input' })).toHaveAttribute('autocomplete', 'current-password');
          }),
          'signIn.idle': eventually(() => expect(submitButton('Sign In')).toBeEnabled()),
          'signIn.submitting': async () => {
            await waitFor(() => expect(submitButton('Signing in...')).toBeDisabled());
            expect(fakes.pending('signIn').at(-1)?.input).toEqual({ username: EMAIL, password: PASSWORD });
          },
          signUp: eventually(() => {
            expect(screen.getByRole('heading', { name: 'Create Account' })).toBeInTheDocument();
            expect(screen.getByLabelText('Full name', { selector: 'input' })).toBeInTheDocument();
            expect(screen.getByLabelText('Password requirements')).toBeInTheDocument();
          }),
          'signUp.idle': eventually(() => expect(submitButton('Create Account')).toBeEnabled()),
          'signUp.submitting': async () => {
            await waitFor(() => expect(submitButton('Creating account...')).toBeDisabled());
            expect(fakes.pending('signUp').at(-1)?.input).toEqual({ ...SIGNUP, phoneNumber: '+15551234567' });
          },
          // The kept sign-up (from Create Account or a reload) is what is stored; the code is six digits.
          confirmEmail: eventually(({ context }) => {
            expect(screen.getByRole('heading', { name: 'Confirm Email' })).toBeInTheDocument();
            const code = screen.getByLabelText('Confirmation code', { selector: 'input' });
            expect(code).toHaveAttribute('autocomplete', 'one-time-code');
            expect(code).toHaveAttribute('maxLength', '6');
            expect(screen.getByText(EMAIL)).toBeInTheDocument();
            expect(storedPending()).toEqual(context.pendingConfirmation);
            expect(context.pendingConfirmation?.isRequired).toBe(true);
            expect(screen.getByRole('button', { name: 'Resend code' })).toBeInTheDocument();
          }),
          // Confirm Email is offered once a code is typed.
          'confirmEmail.idle': eventually(() => {
            const code = screen.getByLabelText('Confirmation code', { selector: 'input' });
            if ((code as HTMLInputElement).value.trim() === '') expect(submitButton('Confirm Email')).toBeDisabled();
            else expect(submitButton('Confirm Email')).toBeEnabled();
          }),
          'confirmEmail.submitting': async () => {
            await waitFor(() => expect(submitButton('Confirming...')).toBeDisabled());
            expect(fakes.pending('confirmSignUp').at(-1)?.input).toEqual({ email: EMAIL, code: CODE });
          },
          // The 3-minute challenge runs while the new password is chosen.
          newPassword: eventually(() => {
            expect(screen.getByRole('heading', { name: 'Set New Password' })).toBeInTheDocument();
            expect(screen.getByText(new RegExp(FIRST_TIME.replace(/\./g, '\\.')))).toBeInTheDocument();
            expect(screen.getByLabelText('New password', { selector: 'input' })).toHaveAttribute('autocomplete', 'new-password');
            expect(delays.isPending('challengeExpiry')).toBe(true);
          }),
          'newPassword.idle': eventually(() => expect(submitButton('Set New Password')).toBeEnabled()),
          'newPassword.submitting': async () => {
            await waitFor(() => expect(submitButton('Setting password...')).toBeDisabled());
            expect(fakes.pending('completeNewPassword').at(-1)?.input).toEqual({ newPassword: NEW_PASSWORD });
          },
          mfa: eventually(() => {
            expect(screen.getByRole('heading', { name: 'Two-Factor Authentication' })).toBeInTheDocument();
            const code = screen.getByLabelText('Authentication code', { selector: 'input' });
            expect(code).toHaveAttribute('autocomplete', 'one-time-code');
            expect(code).toHaveAttribute('inputmode', 'numeric');
            expect(submitButton('Verify')).toBeEnabled();
            expect(delays.isPending('challengeExpiry')).toBe(true);
          }),
          forgotPassword: eventually(({ context }) => {
            expect(screen.getByRole('heading', { name: 'Reset Password' })).toBeInTheDocument();
            expect(screen.getByRole('button', { name: 'Send code' })).toBeEnabled();
            expect(emailField()).toHaveValue(context.signInEmail);
          }),
          // Which user, and whether a password was set, depends on the way in (arrivals).
          signedIn: ({ snapshot }) => expect(snapshot.status).toBe('done'),
        },
        events: {
          'auth.signIn': async (event) => {
            await fill('Email', event.username);
            await fill('Password', event.password);
            await user.click(submitButton('Sign In'));
          },
          'auth.signUp': async (event) => {
            await fill('Full name', event.fullName);
            await fill('Email', event.email);
            await fill('Phone number', event.phoneNumber);
            await fill('Organization', event.organization);
            await fill('Password', event.password);
            await fill('Confirm password', event.confirmPassword);
            await user.click(submitButton('Create Account'));
          },
          'auth.confirm': async (event) => {
            await fill('Confirmation code', event.code);
            await user.click(submitButton('Confirm Email'));
          },
          'auth.newPassword': async (event) => {
            await fill('New password', event.password);
            await fill('Confirm new password', event.confirmPassword);
            await user.click(submitButton('Set New Password'));
          },
          'auth.showSignUp': () => user.click(submitButton('Create Account')),
          'auth.showSignIn': () => user.click(screen.queryByRole('button', { name: 'Back to Sign In' }) ?? submitButton('Sign In')),
          'auth.enterCode': () => user.click(submitButton('Enter confirmation code')),
          'auth.forgotPassword': async (event) => {
            await fill('Email', event.email);
            await user.click(submitButton('Forgot password?'));
          },
          'auth.restartSignUp': () => user.click(submitButton('Try signing up again')),
          'auth.backToSignIn': () => user.click(submitButton('Back to Sign In')),
          // The real two-factor step, answered the way a person does (its own walk covers the rest).
          'xstate.done.actor.mfaChallenge': async () => {
            await fill('Authentication code', CODE);
            await user.click(submitButton('Verify'));
            await act(async () => totp.resolve('answerTotp', USER));
          },
          // The real forgot-password flow, finished the way a person does (its own walk covers the rest).
          'xstate.done.actor.forgotPassword': async () => {
            await fill('Email', RESET_EMAIL);
            await user.click(submitButton('Send code'));
            await act(async () => recovery.resolve('requestPasswordReset', undefined));
            await fill('Reset code', CODE);
            await fill('New password', NEW_PASSWORD);
            await fill('Confirm new password', NEW_PASSWORD);
            await user.click(submitButton('Reset password'));
            await act(async () => recovery.resolve('confirmPasswordReset', undefined));
          },
          'xstate.after.challengeExpiry.signInFlow.mfa': expire,
          'xstate.after.challengeExpiry.signInFlow.newPassword': expire,
          'xstate.done.actor.signIn': settle,
          'xstate.error.actor.signIn': settle,
          'xstate.done.actor.signUp': settle,
          'xstate.error.actor.signUp': settle,
          'xstate.done.actor.confirmSignUp': settle,
          'xstate.error.actor.confirmSignUp': settle,
          'xstate.done.actor.completeNewPassword': settle,
          'xstate.error.actor.completeNewPassword': settle,
        },
        arrivals: {
          signIn: {
            'xstate.error.actor.signIn': alertSays(ERRORS.signIn),
            'xstate.done.actor.signUp': eventually(({ event }) => {
              expect(event?.output).toEqual({ confirmationRequired: false });
              expect(status()).toContain('Account created successfully! You can now sign in.');
              expect(emailField()).toHaveValue(EMAIL);
              expect(storedPending()).toEqual({ ...PENDING_REQUIRED, isRequired: false });
            }),
            'xstate.done.actor.confirmSignUp': eventually(({ snapshot }) => {
              expect(status()).toContain('Email confirmed successfully! Please sign in to complete your account setup.');
              expect(emailField()).toHaveValue(EMAIL);
              expect(storedPending()).toEqual({ ...snapshot.context.pendingConfirmation, isRequired: false });
            }),
            'xstate.done.actor.forgotPassword': eventually(() => {
              expect(status()).toContain(AUTH_MESSAGES.passwordReset);
              expect(emailField()).toHaveValue(RESET_EMAIL);
            }),
            'xstate.after.challengeExpiry.signInFlow.mfa': alertSays(AUTH_MESSAGES.challengeExpired),
            'xstate.after.challengeExpiry.signInFlow.newPassword': alertSays(AUTH_MESSAGES.challengeExpired),
          },
          'signIn.idle': {
            'auth.signIn': eventually(() =>
              expect(alerts()).toEqual(expect.arrayContaining(['Please enter a valid email address', 'Password is required'])),
            ),
            // A sign-in the console cannot finish here says why; an unconfirmed account is offered its code screen.
            'xstate.done.actor.signIn': eventually(({ event }) => {
              const kind = (event?.output as SignInResult).kind;
              const expected =
                kind === 'confirmSignUp' ? AUTH_MESSAGES.confirmSignUp : kind === 'mfa' ? AUTH_MESSAGES.mfa : AUTH_MESSAGES.other;
              expect(alerts()).toContain(expected);
              const offered = screen.queryByRole('button', { name: 'Enter confirmation code' });
              if (kind === 'confirmSignUp') expect(offered).toBeInTheDocument();
              else expect(offered).not.toBeInTheDocument();
            }),
          },
          signUp: {
            'xstate.error.actor.signUp': alertSays(ERRORS.signUp),
            'auth.restartSignUp': eventually(() => expect(storedPending()).toBeNull()),
          },
          'signUp.idle': {
            'auth.signUp': eventually(() =>
              expect(alerts()).toEqual(
                expect.arrayContaining([
                  'Full name is required',
                  'Please enter a valid email address',
                  'Phone number is required',
                  'Organization is required',
                  'Password must be at least 8 characters',
                  'Please confirm your password',
                ]),
              ),
            ),
          },
          confirmEmail: {
            'xstate.error.actor.confirmSignUp': alertSays(ERRORS.confirmSignUp),
            // From Sign In's 'Enter confirmation code': that email, with the sign-up this browser kept for it (none
            // on a first visit: then no sign-up data), awaiting the code; stored as the machine holds it.
            'auth.enterCode': eventually(({ context }: { context: { pendingConfirmation: unknown } }) => {
              expect(context.pendingConfirmation).toMatchObject({ email: EMAIL, isRequired: true });
              expect(storedPending()).toEqual(context.pendingConfirmation);
            }),
          },
          'confirmEmail.idle': {
            'auth.confirm': alertSays('The confirmation code contains digits only'),
          },
          newPassword: {
            'xstate.error.actor.completeNewPassword': alertSays(ERRORS.completeNewPassword),
          },
          'newPassword.idle': {
            'auth.newPassword': eventually(() =>
              expect(alerts()).toEqual(expect.arrayContaining(['Password must be at least 8 characters', "Passwords don't match"])),
            ),
          },
          signedIn: {
            'xstate.done.actor.signIn': signedInAs({ user: USER, passwordSet: false }),
            'xstate.done.actor.mfaChallenge': signedInAs({ user: USER, passwordSet: false }),
            'xstate.done.actor.completeNewPassword': signedInAs({ user: { ...USER, email: FIRST_TIME }, passwordSet: true }),
          },
        },
      }),

      teardown() {
        view.unmount();
        actor.stop();
        delays.uninstall();
      },
    };
  };
}

walkPaths({ machineId: 'signInFlow', machine: signInFlowMachine, paths, setup: setupFlow(null) });

walkPaths({
  machineId: 'signInFlow',
  machine: signInFlowMachine,
  paths: reloadPaths,
  setup: setupFlow(PENDING_REQUIRED),
  onReport: (report) => {
    expect(report.states.missing).toEqual([]);
    expect(report.transitions.missing).toEqual([]);
  },
});
