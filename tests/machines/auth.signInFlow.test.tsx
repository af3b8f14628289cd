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
import { createActor, type AnyEventObject, type StateValue } from 'xstate';
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
  formatStateValue,
  generateModelPaths,
  walkPaths,
  type Driver,
  type WalkContext,
} from '../support/model';

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

const EVENTS = {
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
const paths = generateModelPaths(signInFlowMachine, { events: EVENTS, input: { pending: null, formError: null } });
/** A reload while a code is awaited opens on Confirm Email: the shortest path from there is enough. */
const reloadPaths = generateModelPaths(signInFlowMachine, { events: EVENTS, input: { pending: PENDING_REQUIRED, formError: null } })
  .sort((x, y) => x.steps.length - y.steps.length)
  .slice(0, 1);

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
        const e = event as AnyEventObject & Record<string, string>;
        switch (event.type) {
          case 'auth.signIn':
            await fill('Email', e.username ?? '');
            await fill('Password', e.password ?? '');
            await user.click(submitButton('Sign In'));
            return;
          case 'auth.signUp':
            await fill('Full name', e.fullName ?? '');
            await fill('Email', e.email ?? '');
            await fill('Phone number', e.phoneNumber ?? '');
            await fill('Organization', e.organization ?? '');
            await fill('Password', e.password ?? '');
            await fill('Confirm password', e.confirmPassword ?? '');
            await user.click(submitButton('Create Account'));
            return;
          case 'auth.confirm':
            await fill('Confirmation code', e.code ?? '');
            await user.click(submitButton('Confirm Email'));
            return;
          case 'auth.newPassword':
            await fill('New password', e.password ?? '');
            await fill('Confirm new password', e.confirmPassword ?? '');
            await user.click(submitButton('Set New Password'));
            return;
          case 'auth.showSignUp':
            await user.click(submitButton('Create Account'));
            return;
          case 'auth.showSignIn':
            await user.click(screen.queryByRole('button', { name: 'Back to Sign In' }) ?? submitButton('Sign In'));
            return;
          case 'auth.enterCode':
            await user.click(submitButton('Enter confirmation code'));
            return;
          case 'auth.forgotPassword':
            await fill('Email', e.email ?? '');
            await user.click(submitButton('Forgot password?'));
            return;
          case 'auth.restartSignUp':
            await user.click(submitButton('Try signing up again'));
            return;
          case 'auth.backToSignIn':
            await user.click(submitButton('Back to Sign In'));
            return;
        }
        if (event.type === 'xstate.done.actor.mfaChallenge') {
          // The real two-factor step, answered the way a person does (its own walk covers the rest).
          await fill('Authentication code', CODE);
          await user.click(submitButton('Verify'));
          await act(async () => totp.resolve('answerTotp', USER));
          return;
        }
        if (event.type === 'xstate.done.actor.forgotPassword') {
          // The real forgot-password flow, finished the way a person does (its own walk covers the rest).
          await fill('Email', RESET_EMAIL);
          await user.click(submitButton('Send code'));
          await act(async () => recovery.resolve('requestPasswordReset', undefined));
          await fill('Reset code', CODE);
          await fill('New password', NEW_PASSWORD);
          await fill('Confirm new password', NEW_PASSWORD);
          await user.click(submitButton('Reset password'));
          await act(async () => recovery.resolve('confirmPasswordReset', undefined));
          return;
        }
        if (info.kind === 'after') {
          act(() => delays.fire(info.delay as 'challengeExpiry'));
          return;
        }
        await act(async () => {
          if (!fakes.settle(event, info)) throw new Error(`cannot perform ${event.type}`);
        });
      },

      async assert(value: StateValue, snapshot) {
        const state = formatStateValue(value);
        const type = lastEvent?.type;
        const output = lastEvent?.output as Record<string, unknown> | undefined;
        await waitFor(() => {
          switch (state) {
            case 'signedIn':
              // The session machine takes the user from here (its own walk: auth.test.tsx).
              expect(snapshot.status).toBe('done');
              expect(snapshot.output).toEqual({
                user: type === 'xstate.done.actor.completeNewPassword' ? { ...USER, email: FIRST_TIME } : USER,
                passwordSet: type === 'xstate.done.actor.completeNewPassword',
              });
              break;
            case 'signIn.idle':
            case 'signIn.submitting': {
              expect(screen.getByRole('heading', { name: 'Sign In' })).toBeInTheDocument();
              const email = screen.getByLabelText('Email', { selector: 'input' });
              expect(email).toHaveAttribute('autocomplete', 'username');
              expect(screen.getByLabelText('Password', { selector: 'input' })).toHaveAttribute('autocomplete', 'current-password');
              if (state.endsWith('submitting')) expect(submitButton('Signing in...')).toBeDisabled();
              else expect(submitButton('Sign In')).toBeEnabled();
              break;
            }
            case 'signUp.idle':
            case 'signUp.submitting':
              expect(screen.getByRole('heading', { name: 'Create Account' })).toBeInTheDocument();
              expect(screen.getByLabelText('Full name', { selector: 'input' })).toBeInTheDocument();
              expect(screen.getByLabelText('Password requirements')).toBeInTheDocument();
              if (state.endsWith('submitting')) expect(submitButton('Creating account...')).toBeDisabled();
              else expect(submitButton('Create Account')).toBeEnabled();
              break;
            case 'confirmEmail.idle':
            case 'confirmEmail.submitting': {
              expect(screen.getByRole('heading', { name: 'Confirm Email' })).toBeInTheDocument();
              const code = screen.getByLabelText('Confirmation code', { selector: 'input' });
              expect(code).toHaveAttribute('autocomplete', 'one-time-code');
              expect(code).toHaveAttribute('maxLength', '6');
              expect(screen.getByText(EMAIL)).toBeInTheDocument();
              // From Create Account (or a reload) the kept sign-up; from Sign In's 'Enter confirmation code', that email alone.
              expect(storedPending()).toEqual(
                previous === 'signIn.idle'
                  ? { email: EMAIL, isRequired: true, signupData: { phoneNumber: '', organization: '', fullName: '' } }
                  : snapshot.context.pendingConfirmation,
              );
              expect(snapshot.context.pendingConfirmation?.isRequired).toBe(true);
              expect(screen.getByRole('button', { name: 'Resend code' })).toBeInTheDocument();
              if (state.endsWith('submitting')) expect(submitButton('Confirming...')).toBeDisabled();
              else if ((code as HTMLInputElement).value.trim() === '') expect(submitButton('Confirm Email')).toBeDisabled();
              else expect(submitButton('Confirm Email')).toBeEnabled();
              break;
            }
            case 'newPassword.idle':
            case 'newPassword.submitting':
              expect(screen.getByRole('heading', { name: 'Set New Password' })).toBeInTheDocument();
              expect(screen.getByText(new RegExp(FIRST_TIME.replace(/\./g, '\\.')))).toBeInTheDocument();
              expect(screen.getByLabelText('New password', { selector: 'input' })).toHaveAttribute('autocomplete', 'new-password');
              expect(delays.isPending('challengeExpiry')).toBe(true);
              if (state.endsWith('submitting')) expect(submitButton('Setting password...')).toBeDisabled();
              else expect(submitButton('Set New Password')).toBeEnabled();
              break;
            case 'mfa': {
              expect(screen.getByRole('heading', { name: 'Two-Factor Authentication' })).toBeInTheDocument();
              const code = screen.getByLabelText('Authentication code', { selector: 'input' });
              expect(code).toHaveAttribute('autocomplete', 'one-time-code');
              expect(code).toHaveAttribute('inputmode', 'numeric');
              expect(submitButton('Verify')).toBeEnabled();
              expect(delays.isPending('challengeExpiry')).toBe(true);
              break;
            }
            case 'forgotPassword':
              expect(screen.getByRole('heading', { name: 'Reset Password' })).toBeInTheDocument();
              expect(screen.getByRole('button', { name: 'Send code' })).toBeEnabled();
              expect(screen.getByLabelText('Email', { selector: 'input' })).toHaveValue(snapshot.context.signInEmail);
              break;
            default:
              throw new Error(`no assertion for state ${state}`);
          }
        });

        // What the last step should have shown or done.
        await waitFor(() => {
          const alerts = () => screen.queryAllByRole('alert').map((a) => a.textContent ?? '');
          const status = () =>
            screen
              .queryAllByRole('status')
              .map((s) => s.textContent ?? '')
              .join(' ');
          if (type === 'auth.signIn' && state === 'signIn.idle') {
            expect(alerts()).toEqual(expect.arrayContaining(['Please enter a valid email address', 'Password is required']));
          }
          if (type === 'auth.signUp' && state === 'signUp.idle') {
            expect(alerts()).toEqual(
              expect.arrayContaining([
                'Full name is required',
                'Please enter a valid email address',
                'Phone number is required',
                'Organization is required',
                'Password must be at least 8 characters',
                'Please confirm your password',
              ]),
            );
          }
          if (type === 'auth.confirm' && state === 'confirmEmail.idle') {
            expect(alerts()).toContain('The confirmation code contains digits only');
          }
          if (type === 'auth.newPassword' && state === 'newPassword.idle') {
            expect(alerts()).toEqual(expect.arrayContaining(['Password must be at least 8 characters', "Passwords don't match"]));
          }
          if (type === 'xstate.done.actor.signIn' && state === 'signIn.idle') {
            const kind = output?.kind;
            const expected =
              kind === 'confirmSignUp' ? AUTH_MESSAGES.confirmSignUp : kind === 'mfa' ? AUTH_MESSAGES.mfa : AUTH_MESSAGES.other;
            expect(alerts()).toContain(expected);
            const offered = screen.queryByRole('button', { name: 'Enter confirmation code' });
            if (kind === 'confirmSignUp') expect(offered).toBeInTheDocument();
            else expect(offered).not.toBeInTheDocument();
          }
          const failedActor = type?.startsWith('xstate.error.actor.') ? type.slice('xstate.error.actor.'.length) : undefined;
          if (failedActor && failedActor in ERRORS) expect(alerts()).toContain(ERRORS[failedActor as keyof typeof ERRORS]);
          if (type === 'xstate.done.actor.signUp' && output?.confirmationRequired === false) {
            expect(status()).toContain('Account created successfully! You can now sign in.');
            expect(screen.getByLabelText('Email', { selector: 'input' })).toHaveValue(EMAIL);
            expect(storedPending()).toEqual({ ...PENDING_REQUIRED, isRequired: false });
          }
          if (type === 'xstate.done.actor.confirmSignUp') {
            expect(status()).toContain('Email confirmed successfully! Please sign in to complete your account setup.');
            expect(screen.getByLabelText('Email', { selector: 'input' })).toHaveValue(EMAIL);
            expect(storedPending()).toEqual({ ...snapshot.context.pendingConfirmation, isRequired: false });
          }
          if (type === 'auth.restartSignUp') expect(storedPending()).toBeNull();
          if (type === 'xstate.done.actor.forgotPassword') {
            expect(status()).toContain(AUTH_MESSAGES.passwordReset);
            expect(screen.getByLabelText('Email', { selector: 'input' })).toHaveValue(RESET_EMAIL);
          }
          if (type?.startsWith('xstate.after.')) expect(alerts()).toContain(AUTH_MESSAGES.challengeExpired);
        });

        // Inputs the side effects received.
        if (state === 'signIn.submitting') {
          expect(fakes.pending('signIn').at(-1)?.input).toEqual({ username: EMAIL, password: PASSWORD });
        }
        if (state === 'signUp.submitting') {
          expect(fakes.pending('signUp').at(-1)?.input).toEqual({ ...SIGNUP, phoneNumber: '+15551234567' });
        }
        if (state === 'confirmEmail.submitting') {
          expect(fakes.pending('confirmSignUp').at(-1)?.input).toEqual({ email: EMAIL, code: CODE });
        }
        if (state === 'newPassword.submitting') {
          expect(fakes.pending('completeNewPassword').at(-1)?.input).toEqual({ newPassword: NEW_PASSWORD });
        }
        previous = state;
      },

      teardown() {
        view.unmount();
        actor.stop();
        delays.uninstall();
      },
    };
  };
}

walkPaths({ machineId: 'signInFlow', machine: signInFlowMachine, paths, timeout: 5000, setup: setupFlow(null) });

walkPaths({
  machineId: 'signInFlow',
  machine: signInFlowMachine,
  paths: reloadPaths,
  timeout: 5000,
  setup: setupFlow(PENDING_REQUIRED),
  onReport: (report) => {
    expect(report.states.missing).toEqual([]);
    expect(report.transitions.missing).toEqual([]);
  },
});
