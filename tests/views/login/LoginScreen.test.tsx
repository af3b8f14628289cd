/**
 * The login screen against the real sign-in flow. Its identity side effects are fakes that never
 * settle or resolve as told (the boundary: the user pool), so these tests are about what a person
 * sees: verbatim validation messages, the password toggle, the disabled code submit.
 */
import { ChakraProvider } from '@chakra-ui/react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { SignInValues, SignUpValues } from '../../../src/domain/forms';
import { pendingConfirmationActions, signInFlowMachine, type PendingConfirmation, type SignInResult } from '../../../src/machines/auth';
import { createStorage } from '../../../src/services/storage';
import { LoginScreen } from '../../../src/views/login/LoginScreen';
import { getSystem } from '../../../src/views/theme/system';

/** A request that never answers (the pool is slow). */
const never = <T, I>() => fromPromise<T, I>(() => new Promise<T>(() => undefined));

function renderLogin(pending: PendingConfirmation | null = null) {
  const actor = createActor(
    signInFlowMachine.provide({
      actors: {
        signIn: never<SignInResult, SignInValues>(),
        signUp: fromPromise<{ confirmationRequired: boolean }, SignUpValues>(async () => ({ confirmationRequired: true })),
        confirmSignUp: never<void, { email: string; code: string }>(),
      },
      actions: pendingConfirmationActions(createStorage(window)),
    }),
    { input: { pending, formError: null } },
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

describe('Sign In', () => {
  it('shows the SPEC messages for an invalid email and a missing password', async () => {
    const { user } = renderLogin();
    expect(await screen.findByRole('heading', { name: 'Sign In' })).toBeInTheDocument();
    await user.type(screen.getByLabelText('Email', { selector: 'input' }), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(alerts()).toEqual(['Please enter a valid email address', 'Password is required']);
    expect(screen.getByLabelText('Email', { selector: 'input' })).toHaveAttribute('aria-invalid', 'true');
  });

  it('toggles the password between hidden and shown', async () => {
    const { user } = renderLogin();
    const password = await screen.findByLabelText('Password', { selector: 'input' });
    await user.type(password, 'Secret#123');
    expect(password).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password).toHaveAttribute('type', 'text');
    expect(screen.getByRole('button', { name: 'Hide password' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(password).toHaveAttribute('type', 'password');
    expect(password).toHaveValue('Secret#123');
  });

  it('shows a busy, disabled button while signing in', async () => {
    const { user } = renderLogin();
    await user.type(await screen.findByLabelText('Email', { selector: 'input' }), 'ada@example.com');
    await user.type(screen.getByLabelText('Password', { selector: 'input' }), 'Hardline#2026');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByRole('button', { name: 'Signing in...' })).toBeDisabled();
  });
});

describe('Create Account', () => {
  it('shows every required-field message verbatim', async () => {
    const { user } = renderLogin();
    await user.click(await screen.findByRole('button', { name: 'Create Account' }));
    // The step's code arrives on demand (src/views/login/lazyForms.tsx).
    await user.click(await screen.findByRole('button', { name: 'Create Account' }));
    expect(alerts()).toEqual([
      'Full name is required',
      'Please enter a valid email address',
      'Phone number is required',
      'Organization is required',
      'Password must be at least 8 characters',
      'Please confirm your password',
    ]);
  });

  it('normalises the phone before checking it, checks the password rules and the confirmation', async () => {
    const { user } = renderLogin();
    await user.click(await screen.findByRole('button', { name: 'Create Account' }));
    await user.type(await screen.findByLabelText('Full name', { selector: 'input' }), 'Ada Lovelace');
    await user.type(screen.getByLabelText('Email', { selector: 'input' }), 'ada@example.com');
    await user.type(screen.getByLabelText('Phone number', { selector: 'input' }), '+0123');
    await user.type(screen.getByLabelText('Organization', { selector: 'input' }), 'Summit');
    await user.type(screen.getByLabelText('Password', { selector: 'input' }), 'lowercase1!');
    await user.type(screen.getByLabelText('Confirm password', { selector: 'input' }), 'different');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(alerts()).toEqual([
      'Please enter a valid phone number (e.g., 5551234567 or +15551234567)',
      'Password must contain at least one uppercase letter',
      "Passwords don't match",
    ]);
  });

  it('ticks the password rules off as they are met', async () => {
    const { user } = renderLogin();
    await user.click(await screen.findByRole('button', { name: 'Create Account' }));
    const list = await screen.findByRole('list', { name: 'Password requirements' });
    expect(list).toHaveTextContent('One uppercase letter (not met)');
    await user.type(screen.getByLabelText('Password', { selector: 'input' }), 'A');
    expect(list).toHaveTextContent('One uppercase letter (met)');
    expect(list).toHaveTextContent('At least 8 characters (not met)');
  });

  it('goes to Confirm Email when the pool asks for a code, and stores the pending confirmation', async () => {
    const { user } = renderLogin();
    await user.click(await screen.findByRole('button', { name: 'Create Account' }));
    await user.type(await screen.findByLabelText('Full name', { selector: 'input' }), 'Ada Lovelace');
    await user.type(screen.getByLabelText('Email', { selector: 'input' }), 'ada@example.com');
    await user.type(screen.getByLabelText('Phone number', { selector: 'input' }), '555-123-4567');
    await user.type(screen.getByLabelText('Organization', { selector: 'input' }), 'Summit');
    await user.type(screen.getByLabelText('Password', { selector: 'input' }), 'Hardline#2026');
    await user.type(screen.getByLabelText('Confirm password', { selector: 'input' }), 'Hardline#2026');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByRole('heading', { name: 'Confirm Email' })).toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem('auth_pending_confirmation') ?? 'null')).toEqual({
      email: 'ada@example.com',
      isRequired: true,
      signupData: { phoneNumber: '+15551234567', organization: 'Summit', fullName: 'Ada Lovelace' },
    });
  });
});

describe('Confirm Email', () => {
  const pending = {
    email: 'ada@example.com',
    isRequired: true,
    signupData: { phoneNumber: '+15551234567', organization: 'Summit', fullName: 'Ada' },
  };

  it('takes at most 6 characters and disables submit while the code is empty', async () => {
    const { user } = renderLogin(pending);
    const code = await screen.findByLabelText('Confirmation code', { selector: 'input' });
    expect(code).toHaveAttribute('maxLength', '6');
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    expect(screen.getByRole('button', { name: 'Confirm Email' })).toBeDisabled();
    await user.type(code, '   ');
    expect(screen.getByRole('button', { name: 'Confirm Email' })).toBeDisabled();
    await user.clear(code);
    await user.type(code, '1234567');
    expect(code).toHaveValue('123456');
    expect(screen.getByRole('button', { name: 'Confirm Email' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Try signing up again' })).toBeEnabled();
  });
});
