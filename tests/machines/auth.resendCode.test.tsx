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
import { createActor, type AnyEventObject, type StateValue } from 'xstate';
import { RESEND_CODE_MESSAGES, pendingConfirmationActions, resendCodeMachine, signInFlowMachine } from '../../src/machines/auth';
import { createStorage } from '../../src/services/storage';
import { LoginScreen } from '../../src/views/login/LoginScreen';
import { getSystem } from '../../src/views/theme/system';
import { createControllableActors, createControlledDelays, formatStateValue, generateModelPaths, walkPaths } from '../support/model';

const EMAIL = 'ada@summit.test';
const FAILURE = 'Too many attempts. Please wait a few minutes and try again.';
const PENDING = {
  email: EMAIL,
  isRequired: true,
  signupData: { phoneNumber: '+15551234567', organization: 'Summit Builders', fullName: 'Ada Lovelace' },
};

const paths = generateModelPaths(resendCodeMachine, {
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

    let lastEvent: AnyEventObject | undefined;
    let ticks = 0;
    return {
      async perform(event, info) {
        lastEvent = event;
        if (event.type === 'resend.send') {
          await user.click(screen.getByRole('button', { name: 'Resend code' }));
          return;
        }
        if (info.kind === 'after') {
          if (info.delay === 'countdownTick') ticks += 1;
          act(() => timers.fire(info.delay as 'resendCooldown' | 'countdownTick'));
          return;
        }
        await act(async () => {
          if (!identity.settle(event, info)) throw new Error(`cannot perform ${event.type}`);
        });
      },

      async assert(value: StateValue) {
        const state = formatStateValue(value);
        const type = lastEvent?.type;
        await waitFor(() => {
          expect(screen.getByRole('heading', { name: 'Confirm Email' })).toBeInTheDocument();
          if (state === 'ready') expect(screen.getByRole('button', { name: 'Resend code' })).toBeEnabled();
          if (state === 'sending') expect(screen.getByRole('button', { name: 'Sending...' })).toBeDisabled();
          if (state === 'coolingDown.counting') {
            // The visible countdown: 60 s, one less per tick; the button waits for it.
            expect(screen.getByRole('button', { name: `Resend code in ${60 - ticks} s` })).toBeDisabled();
            expect(screen.getByText(RESEND_CODE_MESSAGES.sent(EMAIL))).toBeInTheDocument();
            expect(timers.isPending('resendCooldown')).toBe(true);
            expect(timers.isPending('countdownTick')).toBe(true);
          }
          if (type === 'xstate.error.actor.resendConfirmationCode') {
            expect(screen.getAllByRole('alert').map((a) => a.textContent)).toContain(FAILURE);
          }
          if (type?.startsWith('xstate.after.resendCooldown')) {
            expect(timers.isPending('countdownTick')).toBe(false);
          }
        });
        if (state === 'sending') expect(identity.pending('resendConfirmationCode').at(-1)?.input).toEqual({ email: EMAIL });
      },

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
