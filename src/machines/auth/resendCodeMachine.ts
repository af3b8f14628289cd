/**
 * 'Resend code' on Confirm Email (docs/AUTH.md): asks for a new confirmation code, says 'We sent a new
 * code to <email>', then waits 60 seconds before it can be used again, counting the seconds down
 * (one `countdownTick` a second inside the `resendCooldown`; tests fire both by name).
 *
 * A child machine invoked by the sign-in flow (./signInFlowMachine.ts) for as long as Confirm Email
 * shows.
 */
import { assign, setup } from 'xstate';
import type { SnapshotFrom } from 'xstate';
import { messageOf, placeholderActor } from '../shared';

const RESEND_COOLDOWN_SECONDS = 60;

export const RESEND_CODE_MESSAGES = {
  sent: (email: string) => `We sent a new code to ${email}`,
  failed: 'We could not send a new code. Please try again.',
} as const;

export interface ResendCodeContext {
  email: string;
  /** Seconds until 'Resend code' can be used again (while cooling down). */
  secondsLeft: number;
  notice: string | null;
  error: string | null;
}

export type ResendCodeEvent = { type: 'resend.send' };

export const resendCodeMachine = setup({
  types: {
    tags: {} as 'pending',
    context: {} as ResendCodeContext,
    events: {} as ResendCodeEvent,
    input: {} as { email: string },
  },
  actors: {
    resendConfirmationCode: placeholderActor<void, { email: string }>('resendConfirmationCode'),
  },
  actions: {
    clearMessages: assign({ notice: null, error: null }),
    assignSent: assign(({ context }) => ({ notice: RESEND_CODE_MESSAGES.sent(context.email), error: null })),
    assignError: assign((_, { error }: { error: unknown }) => ({ error: messageOf(error, RESEND_CODE_MESSAGES.failed), notice: null })),
    startCountdown: assign({ secondsLeft: RESEND_COOLDOWN_SECONDS }),
    countDown: assign(({ context }) => ({ secondsLeft: Math.max(1, context.secondsLeft - 1) })),
  },
  delays: {
    /** How long 'Resend code' waits after a code was sent. */
    resendCooldown: RESEND_COOLDOWN_SECONDS * 1000,
    /** The visible countdown's step. */
    countdownTick: 1000,
  },
}).createMachine({
  id: 'resendCode',
  // The SPEC sections it implements (listed on the model coverage page, docs/STATECHARTS.md).
  meta: { spec: ['§2 Login screen', '§4 Authentication'] },
  initial: 'ready',
  context: ({ input }) => ({ email: input.email, secondsLeft: 0, notice: null, error: null }),
  states: {
    ready: {
      on: { 'resend.send': { target: 'sending', actions: 'clearMessages' } },
    },
    sending: {
      tags: ['pending'],
      invoke: {
        id: 'resendConfirmationCode',
        src: 'resendConfirmationCode',
        input: ({ context }) => ({ email: context.email }),
        onDone: { target: 'coolingDown', actions: 'assignSent' },
        onError: { target: 'ready', actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    coolingDown: {
      entry: 'startCountdown',
      after: { resendCooldown: 'ready' },
      initial: 'counting',
      states: {
        counting: {
          after: { countdownTick: { target: 'counting', reenter: true, actions: 'countDown' } },
        },
      },
    },
  },
});

export type ResendCodeSnapshot = SnapshotFrom<typeof resendCodeMachine>;
