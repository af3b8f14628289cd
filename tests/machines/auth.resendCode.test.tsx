/**
 * Model-based walk of 'Resend code' on Confirm Email (src/machines/auth/resendCodeMachine.ts)
 * through the real Login screen: the sign-in flow opens on Confirm Email (a reload with a pending
 * confirmation), runs the resend machine, and the walk clicks 'Resend code', settles the deferred
 * identity call, and fires the named cooldown and countdown delays.
 */
import { ChakraProvider } from '@chakra-ui/react';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect } from 'vitest';
import { createActor, type AnyEventObject } from 'xstate';
import { RESEND_CODE_MESSAGES, pendingConfirmationActions, resendCodeMachine, signInFlowMachine } from '../../src/machines/auth';
import { createStorage } from '../../src/services/storage';
import { LoginScreen } from '../../src/views/login/LoginScreen';
import { getSystem } from '../../src/views/theme/system';
import { createControllableActors, createControlledDelays, generateModelPaths, walkPaths, type StepInfo } from '../support/model';
import { tableDriver } from '../support/model/tables';

const EMAIL = 'ada@summit.test';
// The first render of the sign-in screen can take more than the default second on a busy machine.

const FAILURE = 'Too many attempts. Please wait a few minutes and try again.';
const PENDING = {
  email: EMAIL,
  isRequired: true,
  signupData: { phoneNumber: '+15551234567', organization: 'Summit Builders', fullName: 'Ada Lovelace' },
};

const paths = generateModelPaths(resendCodeMachine, {
  cover: 'pairs',
  input: { email: EMAIL },
  events: {
    'xstate.error.actor.resendConfirmationCode': { type: 'xstate.error.actor.resendConfirmationCode', error: new Error(FAILURE) },
  },
});

walkPaths({
  machineId: 'resendCode',
  machine: resendCodeMachine,
  paths,
  setup: async ({ inspect }) => {
    localStorage.clear();
    const identity = createControllableActors(resendCodeMachine, ['resendConfirmationCode']);
    const timers = createControlledDelays(['resendCooldown', 'countdownTick']);
    timers.install();
    const actor = createActor(
      signInFlowMachine.provide({
        actors: { resendCode: resendCodeMachine.provide({ actors: identity.actors, delays: timers.delays }) },
        actions: pendingConfirmationActions(createStorage(window)),
      }),
      { inspect, input: { pending: PENDING, formError: null } },
    );
    actor.start();
    const user = userEvent.setup();
    const view = render(
      <ChakraProvider value={getSystem()}>
        <LoginScreen flow={actor} />
      </ChakraProvider>,
    );
    const settle = (event: AnyEventObject, info: StepInfo) =>
      act(async () => {
        if (!identity.settle(event, info)) throw new Error(`cannot perform ${event.type}`);
      });

    let ticks = 0;
    const COOLDOWN = 'xstate.after.resendCooldown.resendCode.coolingDown';
    const TICK = 'xstate.after.countdownTick.resendCode.coolingDown.counting';
    return {
      ...tableDriver(resendCodeMachine, {
        every: () => waitFor(() => expect(screen.getByRole('heading', { name: 'Confirm Email' })).toBeInTheDocument()),
        states: {
          ready: () => waitFor(() => expect(screen.getByRole('button', { name: 'Resend code' })).toBeEnabled()),
          sending: async () => {
            await waitFor(() => expect(screen.getByRole('button', { name: 'Sending...' })).toBeDisabled());
            expect(identity.pending('resendConfirmationCode').at(-1)?.input).toEqual({ email: EMAIL });
          },
          coolingDown: () =>
            waitFor(() => {
              expect(screen.getByText(RESEND_CODE_MESSAGES.sent(EMAIL))).toBeInTheDocument();
              expect(timers.isPending('resendCooldown')).toBe(true);
            }),
          // The visible countdown: 60 s, one less per tick; the button waits for it.
          'coolingDown.counting': () =>
            waitFor(() => {
              expect(screen.getByRole('button', { name: `Resend code in ${60 - ticks} s` })).toBeDisabled();
              expect(timers.isPending('countdownTick')).toBe(true);
            }),
        },
        events: {
          'resend.send': () => user.click(screen.getByRole('button', { name: 'Resend code' })),
          'xstate.done.actor.resendConfirmationCode': (event, info) => {
            // A code sent starts a new countdown from 60 s.
            ticks = 0;
            return settle(event, info);
          },
          'xstate.error.actor.resendConfirmationCode': settle,
          [COOLDOWN]: () => act(() => timers.fire('resendCooldown')),
          [TICK]: () => {
            ticks += 1;
            act(() => timers.fire('countdownTick'));
          },
        },
        arrivals: {
          ready: {
            'xstate.error.actor.resendConfirmationCode': () =>
              waitFor(() => expect(screen.getAllByRole('alert').map((a) => a.textContent)).toContain(FAILURE)),
            [COOLDOWN]: () => expect(timers.isPending('countdownTick')).toBe(false),
          },
        },
      }),

      teardown() {
        view.unmount();
        actor.stop();
        timers.uninstall();
      },
    };
  },
  onReport: (report) => {
    expect(report.states.missing).toEqual([]);
    expect(report.transitions.missing).toEqual([]);
  },
});
