/**
 * The recovery screens against the real sign-in flow and its real child machines; only the identity
 * calls are fakes (the boundary: the user pool), answering as each scenario says.
 */
import { ChakraProvider } from '@chakra-ui/react';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import {
  forgotPasswordMachine,
  mfaChallengeMachine,
  pendingConfirmationActions,
  signInFlowMachine,
  type SessionUser,
  type SignInResult,
} from '../../../src/machines/auth';
import { createStorage } from '../../../src/services/storage';
import { LoginScreen } from '../../../src/views/login/LoginScreen';
import { getSystem } from '../../../src/views/theme/system';

const EMAIL = 'ada@summit.test';
const WRONG_CODE = 'That code is not right. Check the code in your email and try again.';

function renderLogin(identity: {
  signIn?: () => Promise<SignInResult>;
  requestPasswordReset?: (input: { email: string }) => Promise<void>;
  confirmPasswordReset?: () => Promise<void>;
  answerTotp?: (input: { code: string }) => Promise<SessionUser>;
}) {
  const actor = createActor(
    signInFlowMachine.provide({
      actors: {
        signIn: fromPromise(() => identity.signIn?.() ?? new Promise<SignInResult>(() => undefined)),
        forgotPassword: forgotPasswordMachine.provide({
          actors: {
            requestPasswordReset: fromPromise(
              ({ input }: { input: { email: string } }) => identity.requestPasswordReset?.(input) ?? Promise.resolve(),
            ),
            confirmPasswordReset: fromPromise(() => identity.confirmPasswordReset?.() ?? Promise.resolve()),
          },
        }),
        mfaChallenge: mfaChallengeMachine.provide({
          actors: {
            answerTotp: fromPromise(
              ({ input }: { input: { code: string } }) => identity.answerTotp?.(input) ?? Promise.reject(new Error('no')),
            ),
          },
        }),
      },
      actions: pendingConfirmationActions(createStorage(window)),
    }),
    { input: { pending: null, formError: null } },
  ).start();
  const user = userEvent.setup();
  render(
    <ChakraProvider value={getSystem()}>
      <LoginScreen flow={actor} />
    </ChakraProvider>,
  );
  return { actor, user };
}

const alerts = () => screen.queryAllByRole('alert').map((a) => a.textContent);

beforeEach(() => {
  localStorage.clear();
});

describe('Forgot password', () => {
  it('opens with the email typed on Sign In, and Back to Sign In returns to it', async () => {
    const { user } = renderLogin({});
    await user.type(await screen.findByLabelText('Email', { selector: 'input' }), EMAIL);
    await user.click(screen.getByRole('button', { name: 'Forgot password?' }));
    expect(screen.getByRole('heading', { name: 'Reset Password' })).toBeInTheDocument();
    // The step's code arrives on demand (src/views/login/lazyForms.tsx).
    expect(await screen.findByRole('button', { name: 'Send code' })).toBeInTheDocument();
    expect(screen.getByLabelText('Email', { selector: 'input' })).toHaveValue(EMAIL);
    await user.click(screen.getByRole('button', { name: 'Back to Sign In' }));
    expect(screen.getByRole('heading', { name: 'Sign In' })).toBeInTheDocument();
  });

  it('announces a wrong code and keeps the code step; Resend code says a new code was sent', async () => {
    const requestPasswordReset = vi.fn(async () => undefined);
    const { user } = renderLogin({ requestPasswordReset, confirmPasswordReset: () => Promise.reject(new Error(WRONG_CODE)) });
    await user.click(await screen.findByRole('button', { name: 'Forgot password?' }));
    await screen.findByRole('button', { name: 'Send code' });
    await user.type(screen.getByLabelText('Email', { selector: 'input' }), EMAIL);
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    await user.type(await screen.findByLabelText('Reset code', { selector: 'input' }), '123456');
    await user.type(screen.getByLabelText('New password', { selector: 'input' }), 'Brand#New2026');
    await user.type(screen.getByLabelText('Confirm new password', { selector: 'input' }), 'Brand#New2026');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    await waitFor(() => expect(alerts()).toContain(WRONG_CODE));
    expect(screen.getByLabelText('Reset code', { selector: 'input' })).toHaveValue('123456');

    await user.click(screen.getByRole('button', { name: 'Resend code' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent(`We sent a new code to ${EMAIL}`));
    expect(requestPasswordReset).toHaveBeenCalledTimes(2);
    expect(alerts()).not.toContain(WRONG_CODE);
  });
});

describe('Two-factor code at sign-in', () => {
  it('a wrong code shows the message and the code can be entered again', async () => {
    const answerTotp = vi
      .fn<(input: { code: string }) => Promise<SessionUser>>()
      .mockRejectedValueOnce(new Error('That code is not right.'));
    const { user } = renderLogin({ signIn: async () => ({ kind: 'totpRequired' }), answerTotp });
    await user.type(await screen.findByLabelText('Email', { selector: 'input' }), EMAIL);
    await user.type(screen.getByLabelText('Password', { selector: 'input' }), 'Hardline#2026');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    const code = await screen.findByLabelText('Authentication code', { selector: 'input' });
    await user.click(code);
    await user.paste('654321');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(alerts()).toContain('That code is not right.'));
    expect(screen.getByRole('button', { name: 'Verify' })).toBeEnabled();
    expect(answerTotp).toHaveBeenCalledWith({ code: '654321' });
  });
});
