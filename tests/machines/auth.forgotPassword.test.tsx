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
import { createActor, type AnyEventObject, type StateValue } from 'xstate';
import { AUTH_MESSAGES, FORGOT_PASSWORD_MESSAGES, forgotPasswordMachine, signInFlowMachine } from '../../src/machines/auth';
import { LoginScreen } from '../../src/views/login/LoginScreen';
import { getSystem } from '../../src/views/theme/system';
import { createControllableActors, formatStateValue, generateModelPaths, walkPaths } from '../support/model';

const EMAIL = 'ada@summit.test';
const TYPED = 'typed@summit.test';
const NEW_PASSWORD = 'Brand#New2026';
const ERRORS = {
  requestPasswordReset: 'Too many attempts. Please wait a few minutes and try again.',
  confirmPasswordReset: 'That code is not right. Check the code in your email and try again.',
  resendCode: 'We could not send a reset code. Please try again.',
} as const;

const paths = generateModelPaths(forgotPasswordMachine, {
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

    let lastEvent: AnyEventObject | undefined;
    const fill = async (label: string, value: string) => {
      const input = screen.getByLabelText(label, { selector: 'input' });
      await user.clear(input);
      if (value !== '') {
        await user.click(input);
        await user.paste(value);
      }
    };
    const alerts = () => screen.queryAllByRole('alert').map((a) => a.textContent ?? '');
    const status = () => screen.getByRole('status').textContent ?? '';

    return {
      async perform(event, info) {
        lastEvent = event;
        const e = event as AnyEventObject & Record<string, string>;
        switch (event.type) {
          case 'forgot.sendCode':
            await fill('Email', e.email ?? '');
            await user.click(screen.getByRole('button', { name: 'Send code' }));
            return;
          case 'forgot.reset':
            await fill('Reset code', e.code ?? '');
            await fill('New password', e.password ?? '');
            await fill('Confirm new password', e.confirmPassword ?? '');
            await user.click(screen.getByRole('button', { name: 'Reset password' }));
            return;
          case 'forgot.resendCode':
            await user.click(screen.getByRole('button', { name: 'Resend code' }));
            return;
          case 'forgot.changeEmail':
            await user.click(screen.getByRole('button', { name: 'Use a different email' }));
            return;
        }
        await act(async () => {
          if (!flow.settle(event, info)) throw new Error(`cannot perform ${event.type}`);
        });
      },

      async assert(value: StateValue) {
        const state = formatStateValue(value);
        const type = lastEvent?.type;
        await waitFor(() => {
          if (state === 'done') {
            // The flow is over: Sign In shows the notice with the email prefilled.
            expect(screen.getByRole('heading', { name: 'Sign In' })).toBeInTheDocument();
            expect(screen.getByRole('status')).toHaveTextContent(AUTH_MESSAGES.passwordReset);
            expect(screen.getByLabelText('Email', { selector: 'input' })).toHaveValue(TYPED);
            return;
          }
          expect(screen.getByRole('heading', { name: 'Reset Password' })).toBeInTheDocument();
          expect(screen.getByRole('button', { name: 'Back to Sign In' })).toBeEnabled();
          if (state.startsWith('requestCode')) {
            const email = screen.getByLabelText('Email', { selector: 'input' });
            expect(email).toHaveAttribute('autocomplete', 'email');
            if (type === undefined) expect(email).toHaveValue(EMAIL);
            if (state === 'requestCode.submitting') expect(screen.getByRole('button', { name: 'Sending code...' })).toBeDisabled();
            else expect(screen.getByRole('button', { name: 'Send code' })).toBeEnabled();
          } else {
            const code = screen.getByLabelText('Reset code', { selector: 'input' });
            expect(code).toHaveAttribute('autocomplete', 'one-time-code');
            expect(code).toHaveAttribute('inputmode', 'numeric');
            expect(code).toHaveAttribute('maxLength', '6');
            expect(screen.getByLabelText('New password', { selector: 'input' })).toHaveAttribute('autocomplete', 'new-password');
            expect(screen.getByLabelText('Password requirements')).toBeInTheDocument();
            if (state === 'resetPassword.submitting') expect(screen.getByRole('button', { name: 'Resetting password...' })).toBeDisabled();
            if (state === 'resetPassword.resending') expect(screen.getByRole('button', { name: 'Sending...' })).toBeDisabled();
            if (state === 'resetPassword.idle') {
              expect(screen.getByRole('button', { name: 'Reset password' })).toBeEnabled();
              expect(screen.getByRole('button', { name: 'Resend code' })).toBeEnabled();
            }
          }
          // What the last step showed.
          if (type === 'forgot.sendCode' && state === 'requestCode.idle') expect(alerts()).toContain('Please enter a valid email address');
          if (type === 'forgot.reset' && state === 'resetPassword.idle') {
            expect(alerts()).toEqual(
              expect.arrayContaining([
                'The confirmation code contains digits only',
                'Password must be at least 8 characters',
                "Passwords don't match",
              ]),
            );
          }
          if (type === 'xstate.done.actor.requestPasswordReset') expect(status()).toBe(FORGOT_PASSWORD_MESSAGES.codeSent(TYPED));
          if (type === 'xstate.done.actor.resendCode') expect(status()).toContain(FORGOT_PASSWORD_MESSAGES.codeResent(TYPED));
          const failed = type?.startsWith('xstate.error.actor.') ? type.slice('xstate.error.actor.'.length) : undefined;
          if (failed) expect(alerts()).toContain(ERRORS[failed as keyof typeof ERRORS]);
        });
        // What the identity service was asked.
        if (state === 'requestCode.submitting') expect(flow.pending('requestPasswordReset').at(-1)?.input).toEqual({ email: TYPED });
        if (state === 'resetPassword.resending') expect(flow.pending('requestPasswordReset').at(-1)?.input).toEqual({ email: TYPED });
        if (state === 'resetPassword.submitting') {
          expect(flow.pending('confirmPasswordReset').at(-1)?.input).toEqual({ email: TYPED, code: '123456', newPassword: NEW_PASSWORD });
        }
      },

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
