/**
 * The console's fields carry the API's length limits (src/domain/limits.ts): `maxLength` on the
 * input, a count once the value nears the limit, and, for a value over it (pasted where the browser
 * does not stop it, or a longer value stored before the limit), the machine's message naming the
 * field, with nothing sent. Sign-up, Add User, Edit User, the cancellation reason, the assistant.
 */
import { ChakraProvider } from '@chakra-ui/react';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import {
  CANCELLATION_REASON_TOO_LONG_MESSAGE,
  EMAIL_TOO_LONG_MESSAGE,
  FULL_NAME_TOO_LONG_MESSAGE,
  NAME_TOO_LONG_MESSAGE,
  ORGANIZATION_TOO_LONG_MESSAGE,
  PHONE_TOO_LONG_MESSAGE,
  QUESTION_TOO_LONG_MESSAGE,
  type SignInValues,
  type SignUpValues,
} from '../../src/domain/forms';
import { LIMITS } from '../../src/domain/limits';
import { pendingConfirmationActions, signInFlowMachine, type SignInResult } from '../../src/machines/auth';
import { chatMachine } from '../../src/machines/chat';
import { subscriptionMachine } from '../../src/machines/subscription';
import { createStorage } from '../../src/services/storage';
import { ManageSubscriptionDialog } from '../../src/views/billing/ManageSubscriptionDialog';
import { LoginScreen } from '../../src/views/login/LoginScreen';
import { getSystem } from '../../src/views/theme/system';
import { createControllableActors } from '../support/model';
import { renderAssistant } from './assistant/render-assistant';
import { LITE_USER } from './billing/fixtures';
import { renderPlain } from './billing/render-billing';
import { makeUser } from './users/fixtures';
import { renderAddUser, renderEditUser } from './users/render-dialogs';

const x = (n: number) => 'x'.repeat(n);
const alerts = () => screen.queryAllByRole('alert').map((a) => a.textContent);
/** Sets a value past `maxLength`, as a browser that does not enforce it (or a script) would. */
const force = (input: HTMLElement, value: string) => fireEvent.change(input, { target: { value } });

beforeEach(() => {
  localStorage.clear();
});

describe('Create Account', () => {
  function renderSignUp() {
    let signUps = 0;
    const actor = createActor(
      signInFlowMachine.provide({
        actors: {
          signIn: fromPromise<SignInResult, SignInValues>(() => new Promise(() => undefined)),
          signUp: fromPromise<{ confirmationRequired: boolean }, SignUpValues>(async () => {
            signUps += 1;
            return { confirmationRequired: true };
          }),
        },
        actions: pendingConfirmationActions(createStorage(window)),
      }),
      { input: { pending: null, formError: null } },
    ).start();
    render(
      <ChakraProvider value={getSystem()}>
        <LoginScreen flow={actor} />
      </ChakraProvider>,
    );
    return { signUps: () => signUps };
  }
  const field = (label: string) => screen.getByLabelText(label, { selector: 'input' });

  it('gives each field the API limit as maxLength, and counts near it', async () => {
    const user = userEvent.setup();
    renderSignUp();
    await user.click(await screen.findByRole('button', { name: 'Create Account' }));
    // The step's code arrives on demand (src/views/login/lazyForms.tsx).
    expect(await screen.findByLabelText('Full name', { selector: 'input' })).toHaveAttribute('maxLength', String(LIMITS.name));
    expect(field('Email')).toHaveAttribute('maxLength', String(LIMITS.email));
    expect(field('Phone number')).toHaveAttribute('maxLength', String(LIMITS.phone));
    expect(field('Organization')).toHaveAttribute('maxLength', String(LIMITS.organization));

    force(field('Full name'), x(LIMITS.name - 15));
    expect(screen.queryByText(/\/ 100 characters$/)).not.toBeInTheDocument();
    await user.type(field('Full name'), x(20)); // the browser stops at the limit
    expect(field('Full name')).toHaveValue(x(LIMITS.name));
    expect(screen.getByText('100 / 100 characters')).toBeInTheDocument();
    // The helper stays next to the phone hint.
    await user.type(field('Phone number'), '+1 (555) 123-45678');
    expect(screen.getByText('US numbers can be entered without +1.')).toBeInTheDocument();
    expect(screen.getByText('18 / 20 characters')).toBeInTheDocument();
  });

  it('refuses a value over the limit with a message naming the field, and signs nobody up', async () => {
    const user = userEvent.setup();
    const { signUps } = renderSignUp();
    await user.click(await screen.findByRole('button', { name: 'Create Account' }));
    force(await screen.findByLabelText('Full name', { selector: 'input' }), x(LIMITS.name + 1));
    force(field('Email'), `${x(LIMITS.email - 10)}@summit.com`); // 255 characters
    force(field('Phone number'), `+1 555 123 ${'4'.repeat(LIMITS.phone)}`);
    force(field('Organization'), x(LIMITS.organization + 1));
    await user.type(screen.getByLabelText('Password', { selector: 'input' }), 'Hardline#2026');
    await user.type(screen.getByLabelText('Confirm password', { selector: 'input' }), 'Hardline#2026');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(alerts()).toEqual([FULL_NAME_TOO_LONG_MESSAGE, EMAIL_TOO_LONG_MESSAGE, PHONE_TOO_LONG_MESSAGE, ORGANIZATION_TOO_LONG_MESSAGE]);
    expect(alerts()).toEqual([
      'Full name must be at most 100 characters',
      'Email must be at most 254 characters',
      'Phone number must be at most 20 characters',
      'Organization must be at most 100 characters',
    ]);
    expect(signUps()).toBe(0);
  });

  it('Sign In: the email carries the same limit, and a longer one is refused by name', async () => {
    const user = userEvent.setup();
    renderSignUp();
    const email = await screen.findByLabelText('Email', { selector: 'input' });
    expect(email).toHaveAttribute('maxLength', String(LIMITS.email));
    force(email, `${x(LIMITS.email - 10)}@summit.com`);
    await user.type(screen.getByLabelText('Password', { selector: 'input' }), 'Hardline#2026');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(alerts()).toEqual([EMAIL_TOO_LONG_MESSAGE]);
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeEnabled(); // refused before signing in
  });
});

describe('Add User and Edit User', () => {
  it('Add User: maxLength on name, email and phone; a longer name is refused by name, nothing is sent', async () => {
    const user = userEvent.setup();
    const { fakes } = renderAddUser();
    const dialog = within(screen.getByRole('dialog'));
    const name = dialog.getByRole('textbox', { name: /Name/ });
    expect(name).toHaveAttribute('maxLength', String(LIMITS.name));
    expect(dialog.getByRole('textbox', { name: /Email/ })).toHaveAttribute('maxLength', String(LIMITS.email));
    expect(dialog.getByRole('textbox', { name: /Phone number/ })).toHaveAttribute('maxLength', String(LIMITS.phone));

    force(name, x(LIMITS.name - 6));
    await user.type(name, 'x');
    expect(dialog.getByText('95 / 100 characters')).toBeInTheDocument();
    force(name, x(LIMITS.name + 1));
    await user.type(dialog.getByRole('textbox', { name: /Email/ }), 'ana@summit.test');
    await user.type(dialog.getByRole('textbox', { name: /Phone number/ }), '5551234567');
    await user.click(dialog.getByRole('button', { name: 'Add User' }));
    expect(dialog.getByRole('alert')).toHaveTextContent(NAME_TOO_LONG_MESSAGE);
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(fakes.calls('inviteUser')).toHaveLength(0);
  });

  it('Edit User: a name stored before the limit must be shortened before it is saved', async () => {
    const user = userEvent.setup();
    const { fakes } = renderEditUser(makeUser(3, { name: x(150) }));
    const dialog = within(screen.getByRole('dialog'));
    const name = dialog.getByRole('textbox', { name: /Name/ });
    expect(name).toHaveAttribute('maxLength', String(LIMITS.name));
    expect(dialog.getByText('150 / 100 characters')).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Save changes' }));
    expect(dialog.getByRole('alert')).toHaveTextContent('Name must be at most 100 characters');
    expect(fakes.calls('updateUser')).toHaveLength(0);

    await user.clear(name);
    await user.type(name, 'Ana Diaz');
    await user.click(dialog.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(fakes.calls('updateUser')).toHaveLength(1));
    expect(fakes.calls('updateUser')[0]?.input).toMatchObject({ updates: { name: 'Ana Diaz' } });
  });
});

describe('Manage Subscription: the cancellation reason', () => {
  it('holds the reason to 500 characters, counts near it, and refuses a longer one without cancelling', async () => {
    const user = userEvent.setup();
    const fakes = createControllableActors(subscriptionMachine, ['updateSubscription', 'cancelSubscription']);
    const actor = createActor(subscriptionMachine.provide({ actors: fakes.actors }), { input: { billing: LITE_USER } }).start();
    renderPlain(<ManageSubscriptionDialog actorRef={actor} onClose={() => undefined} />);
    const reason = screen.getByRole('textbox', { name: 'Cancellation reason (optional)' });
    expect(reason).toHaveAttribute('maxLength', String(LIMITS.cancellationReason));
    expect(reason).toHaveAttribute('rows', '2');

    force(reason, x(LIMITS.cancellationReason - 40));
    expect(screen.getByText('460 / 500 characters')).toBeInTheDocument();
    force(reason, x(LIMITS.cancellationReason + 1));
    await user.click(screen.getByRole('button', { name: 'Cancel Now' }));
    expect(screen.getByRole('alert')).toHaveTextContent(CANCELLATION_REASON_TOO_LONG_MESSAGE);
    expect(CANCELLATION_REASON_TOO_LONG_MESSAGE).toBe('Cancellation reason must be at most 500 characters');
    expect(fakes.calls('cancelSubscription')).toHaveLength(0);

    // Shortened, it goes: the message leaves, the cancellation is sent with the reason.
    force(reason, x(LIMITS.cancellationReason));
    await user.click(screen.getByRole('button', { name: 'Cancel at Period End' }));
    await waitFor(() => expect(fakes.calls('cancelSubscription')).toHaveLength(1));
    expect(fakes.calls('cancelSubscription')[0]?.input).toEqual({
      userId: LITE_USER.userId,
      cancelAtPeriodEnd: true,
      reason: x(LIMITS.cancellationReason),
    });
    expect(screen.queryByText(CANCELLATION_REASON_TOO_LONG_MESSAGE)).not.toBeInTheDocument();
    actor.stop();
  });
});

describe('Assistant: the question', () => {
  it('holds the question to 2,000 characters, counts near it, and refuses a longer one keeping the draft', async () => {
    const user = userEvent.setup();
    const fakes = createControllableActors(chatMachine, ['ask']);
    renderAssistant({ actors: fakes.actors });
    const input = screen.getByRole('textbox', { name: 'Ask the assistant' });
    expect(input).toHaveAttribute('maxLength', String(LIMITS.question));

    force(input, x(LIMITS.question - 300));
    expect(screen.queryByText(/\/ 2,000 characters/)).not.toBeInTheDocument();
    force(input, x(LIMITS.question - 100));
    expect(screen.getByText('1,900 / 2,000 characters')).toBeInTheDocument();

    force(input, x(LIMITS.question + 1));
    await user.type(input, '{Enter}');
    expect(screen.getByRole('alert')).toHaveTextContent(QUESTION_TOO_LONG_MESSAGE);
    expect(QUESTION_TOO_LONG_MESSAGE).toBe('Question must be at most 2,000 characters');
    expect(input).toHaveValue(x(LIMITS.question + 1));
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(fakes.calls('ask')).toHaveLength(0);

    // At the limit it is sent, and the message goes.
    force(input, x(LIMITS.question));
    await user.type(input, '{Enter}');
    await waitFor(() => expect(fakes.calls('ask')).toHaveLength(1));
    expect(input).toHaveValue('');
    expect(screen.queryByText(QUESTION_TOO_LONG_MESSAGE)).not.toBeInTheDocument();
  });
});
