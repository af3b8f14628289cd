/**
 * Model-based walk of the SOFTWARE_TOKEN_MFA step (src/machines/auth/mfaChallengeMachine.ts)
 * through the real Login screen: Sign In answered with 'totpRequired' opens it; the walk types
 * (pastes) the code, clicks Verify and settles the deferred identity call.
 */
import { ChakraProvider } from '@chakra-ui/react';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect } from 'vitest';
import { createActor, type AnyEventObject } from 'xstate';
import { mfaChallengeMachine, signInFlowMachine, type SessionUser } from '../../src/machines/auth';
import { LoginScreen } from '../../src/views/login/LoginScreen';
import { getSystem } from '../../src/views/theme/system';
import { createControllableActors, generateModelPaths, walkPaths, type StepInfo } from '../support/model';
import { tableDriver } from '../support/model/tables';

const EMAIL = 'ada@summit.test';
const USER: SessionUser = { username: 'uuid-ada', email: EMAIL, attributes: { sub: 'sub-ada', email: EMAIL } };
const WRONG = 'That code is not right. Check your authenticator app and try again.';

const paths = generateModelPaths(mfaChallengeMachine, {
  cover: 'pairs',
  events: {
    'mfa.submit': [
      { type: 'mfa.submit', code: '12 34' },
      { type: 'mfa.submit', code: '123456' },
    ],
    'xstate.done.actor.answerTotp': { type: 'xstate.done.actor.answerTotp', output: USER },
    'xstate.error.actor.answerTotp': { type: 'xstate.error.actor.answerTotp', error: new Error(WRONG) },
  },
});

walkPaths({
  machineId: 'mfaChallenge',
  machine: mfaChallengeMachine,
  paths,
  setup: async ({ inspect }) => {
    const auth = createControllableActors(signInFlowMachine, ['signIn']);
    const identity = createControllableActors(mfaChallengeMachine, ['answerTotp']);
    const actor = createActor(
      signInFlowMachine.provide({ actors: { ...auth.actors, mfaChallenge: mfaChallengeMachine.provide({ actors: identity.actors }) } }),
      { inspect, input: { pending: null, formError: null } },
    );
    actor.start();
    const user = userEvent.setup();
    const view = render(
      <ChakraProvider value={getSystem()}>
        <LoginScreen flow={actor} />
      </ChakraProvider>,
    );
    await user.type(await screen.findByLabelText('Email', { selector: 'input' }), EMAIL);
    await user.type(screen.getByLabelText('Password', { selector: 'input' }), 'Hardline#2026');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await act(async () => auth.resolve('signIn', { kind: 'totpRequired' }));

    const settle = (event: AnyEventObject, info: StepInfo) =>
      act(async () => {
        if (!identity.settle(event, info)) throw new Error(`cannot perform ${event.type}`);
      });
    const alerts = () => screen.queryAllByRole('alert').map((a) => a.textContent);
    return {
      ...tableDriver(mfaChallengeMachine, {
        states: {
          enterCode: () => waitFor(() => expect(screen.getByRole('heading', { name: 'Two-Factor Authentication' })).toBeInTheDocument()),
          'enterCode.idle': () => waitFor(() => expect(screen.getByRole('button', { name: 'Verify' })).toBeEnabled()),
          'enterCode.submitting': async () => {
            await waitFor(() => expect(screen.getByRole('button', { name: 'Verifying...' })).toBeDisabled());
            expect(identity.pending('answerTotp').at(-1)?.input).toEqual({ code: '123456' });
          },
          // Signed in: the sign-in flow ends with the user (the session machine takes it from there).
          done: () =>
            waitFor(() => {
              expect(actor.getSnapshot().status).toBe('done');
              expect(actor.getSnapshot().output).toEqual({ user: USER, passwordSet: false });
            }),
        },
        events: {
          'mfa.submit': async ({ code }) => {
            const input = screen.getByLabelText('Authentication code', { selector: 'input' });
            await user.clear(input);
            await user.click(input);
            // Pasted, as from an authenticator app.
            await user.paste(code);
            await user.click(screen.getByRole('button', { name: 'Verify' }));
          },
          'xstate.done.actor.answerTotp': settle,
          'xstate.error.actor.answerTotp': settle,
        },
        arrivals: {
          'enterCode.idle': {
            'mfa.submit': () => waitFor(() => expect(alerts()).toContain('Enter the 6-digit code from your authenticator app')),
            // A wrong code: the message, and the code can be entered again.
            'xstate.error.actor.answerTotp': () => waitFor(() => expect(alerts()).toContain(WRONG)),
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
