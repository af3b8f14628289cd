/**
 * Model-based walk of the forgot-password flow (src/machines/auth/forgotPasswordMachine.ts) through the
 * real Login screen: the sign-in flow (opened signed out, with nothing pending) runs it after
 * 'Forgot password?' is clicked on Sign In, and every step is typed and
 * clicked the way a person would. The identity calls are deferred fakes the walk settles per step.
 */
import { ChakraProvider } from '@chakra-ui/react';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect } from 'vitest';
import { createActor, type AnyEventObject } from 'xstate';
import { AUTH_MESSAGES, FORGOT_PASSWORD_MESSAGES, forgotPasswordMachine, signInFlowMachine } from '../../src/machines/auth';
import { LoginScreen } from '../../src/views/login/LoginScreen';
import { getSystem } from '../../src/views/theme/system';
import { createControllableActors, generateModelPaths, walkPaths, type StepInfo } from '../support/model';
import { tableDriver } from '../support/model/tables';

const EMAIL = 'ada@summit.test';
const TYPED = 'typed@summit.test';
const NEW_PASSWORD = 'Brand#New2026';
const ERRORS = {
  requestPasswordReset: 'Too many attempts. Please wait a few minutes and try again.',
  confirmPasswordReset: 'That code is not right. Check the code in your email and try again.',
  resendCode: 'We could not send a reset code. Please try again.',
} as const;

const paths = generateModelPaths(forgotPasswordMachine, {
  cover: 'pairs',
  input: { email: EMAIL },
  events: {
    'forgot.sendCode': [
      { type: 'forgot.sendCode', email: 'not-an-email' },
      { type: 'forgot.sendCode', email: TYPED },
    ],
    'forgot.reset': [
      { type: 'forgot.reset', code: '12ab', password: 'short', confirmPassword: 'other' },
      { type: 'forgot.reset', code: '123456', password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
    ],
    'xstate.error.actor.requestPasswordReset': {
      type: 'xstate.error.actor.requestPasswordReset',
      error: new Error(ERRORS.requestPasswordReset),
    },
    'xstate.error.actor.confirmPasswordReset': {
      type: 'xstate.error.actor.confirmPasswordReset',
      error: new Error(ERRORS.confirmPasswordReset),
    },
    'xstate.error.actor.resendCode': { type: 'xstate.error.actor.resendCode', error: new Error(ERRORS.resendCode) },
  },
});

walkPaths({
  machineId: 'forgotPassword',
  machine: forgotPasswordMachine,
  paths,
  setup: async ({ inspect }) => {
    const flow = createControllableActors(forgotPasswordMachine, ['requestPasswordReset', 'confirmPasswordReset']);
    const actor = createActor(
      signInFlowMachine.provide({ actors: { forgotPassword: forgotPasswordMachine.provide({ actors: flow.actors }) } }),
      {
        inspect,
        input: { pending: null, formError: null },
      },
    );
    actor.start();
    const user = userEvent.setup();
    const view = render(
      <ChakraProvider value={getSystem()}>
        <LoginScreen flow={actor} />
      </ChakraProvider>,
    );
    await user.type(await screen.findByLabelText('Email', { selector: 'input' }), EMAIL);
    await user.click(screen.getByRole('button', { name: 'Forgot password?' }));

    const fill = async (label: string, value: string) => {
      // A login step other than Sign In arrives as a chunk of its own (src/views/login/lazyForms.tsx).
      const input = await screen.findByLabelText(label, { selector: 'input' });
      await user.clear(input);
      if (value !== '') {
        await user.click(input);
        await user.paste(value);
      }
    };
    const alerts = () => screen.queryAllByRole('alert').map((a) => a.textContent ?? '');
    const status = () => screen.getByRole('status').textContent ?? '';

    const settle = (event: AnyEventObject, info: StepInfo) =>
      act(async () => {
        if (!flow.settle(event, info)) throw new Error(`cannot perform ${event.type}`);
      });
    const showsAlert = (text: string) => () => waitFor(() => expect(alerts()).toContain(text));
    const onStep = () =>
      waitFor(() => {
        expect(screen.getByRole('heading', { name: 'Reset Password' })).toBeInTheDocument();
        expect(screen.getByRole('button', { name: 'Back to Sign In' })).toBeEnabled();
      });

    return {
      ...tableDriver(forgotPasswordMachine, {
        states: {
          requestCode: async ({ event }) => {
            await onStep();
            const email = screen.getByLabelText('Email', { selector: 'input' });
            expect(email).toHaveAttribute('autocomplete', 'email');
            if (event === undefined) expect(email).toHaveValue(EMAIL);
          },
          'requestCode.idle': () => waitFor(() => expect(screen.getByRole('button', { name: 'Send code' })).toBeEnabled()),
          'requestCode.submitting': async () => {
            await waitFor(() => expect(screen.getByRole('button', { name: 'Sending code...' })).toBeDisabled());
            expect(flow.pending('requestPasswordReset').at(-1)?.input).toEqual({ email: TYPED });
          },
          resetPassword: async () => {
            await onStep();
            const code = await screen.findByLabelText('Reset code', { selector: 'input' });
            expect(code).toHaveAttribute('autocomplete', 'one-time-code');
            expect(code).toHaveAttribute('inputmode', 'numeric');
            expect(code).toHaveAttribute('maxLength', '6');
            expect(screen.getByLabelText('New password', { selector: 'input' })).toHaveAttribute('autocomplete', 'new-password');
            expect(screen.getByLabelText('Password requirements')).toBeInTheDocument();
          },
          'resetPassword.idle': () =>
            waitFor(() => {
              expect(screen.getByRole('button', { name: 'Reset password' })).toBeEnabled();
              expect(screen.getByRole('button', { name: 'Resend code' })).toBeEnabled();
            }),
          'resetPassword.submitting': async () => {
            await waitFor(() => expect(screen.getByRole('button', { name: 'Resetting password...' })).toBeDisabled());
            expect(flow.pending('confirmPasswordReset').at(-1)?.input).toEqual({ email: TYPED, code: '123456', newPassword: NEW_PASSWORD });
          },
          'resetPassword.resending': async () => {
            await waitFor(() => expect(screen.getByRole('button', { name: 'Sending...' })).toBeDisabled());
            expect(flow.pending('requestPasswordReset').at(-1)?.input).toEqual({ email: TYPED });
          },
          // The flow is over: Sign In shows the notice with the email prefilled.
          done: () =>
            waitFor(() => {
              expect(screen.getByRole('heading', { name: 'Sign In' })).toBeInTheDocument();
              expect(screen.getByRole('status')).toHaveTextContent(AUTH_MESSAGES.passwordReset);
              expect(screen.getByLabelText('Email', { selector: 'input' })).toHaveValue(TYPED);
            }),
        },
        events: {
          'forgot.sendCode': async ({ email }) => {
            await fill('Email', email);
            await user.click(screen.getByRole('button', { name: 'Send code' }));
          },
          'forgot.reset': async ({ code, password, confirmPassword }) => {
            await fill('Reset code', code);
            await fill('New password', password);
            await fill('Confirm new password', confirmPassword);
            await user.click(screen.getByRole('button', { name: 'Reset password' }));
          },
          'forgot.resendCode': () => user.click(screen.getByRole('button', { name: 'Resend code' })),
          'forgot.changeEmail': () => user.click(screen.getByRole('button', { name: 'Use a different email' })),
          'xstate.done.actor.requestPasswordReset': settle,
          'xstate.error.actor.requestPasswordReset': settle,
          'xstate.done.actor.confirmPasswordReset': settle,
          'xstate.error.actor.confirmPasswordReset': settle,
          'xstate.done.actor.resendCode': settle,
          'xstate.error.actor.resendCode': settle,
        },
        // What the last step showed.
        arrivals: {
          'requestCode.idle': {
            'forgot.sendCode': showsAlert('Please enter a valid email address'),
            'xstate.error.actor.requestPasswordReset': showsAlert(ERRORS.requestPasswordReset),
          },
          'resetPassword.idle': {
            'forgot.reset': () =>
              waitFor(() =>
                expect(alerts()).toEqual(
                  expect.arrayContaining([
                    'The confirmation code contains digits only',
                    'Password must be at least 8 characters',
                    "Passwords don't match",
                  ]),
                ),
              ),
            'xstate.done.actor.requestPasswordReset': () => waitFor(() => expect(status()).toBe(FORGOT_PASSWORD_MESSAGES.codeSent(TYPED))),
            'xstate.done.actor.resendCode': () => waitFor(() => expect(status()).toContain(FORGOT_PASSWORD_MESSAGES.codeResent(TYPED))),
            'xstate.error.actor.confirmPasswordReset': showsAlert(ERRORS.confirmPasswordReset),
            'xstate.error.actor.resendCode': showsAlert(ERRORS.resendCode),
          },
        },
      }),

      teardown() {
        view.unmount();
        actor.stop();
      },
    };
  },
  onReport: (report) => {
    expect(report.states.missing).toEqual([]);
    expect(report.transitions.missing).toEqual([]);
  },
});
