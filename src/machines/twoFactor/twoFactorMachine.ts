/**
 * Two-factor sign-in with an authenticator app, turned on and off from the account menu
 * (docs/AUTH.md). Runs while the dialog is open.
 *
 * loading -> off | on | loadFailed ('Try again' loads again).
 * off --start setup--> associating (a new secret) -> settingUp: the QR code and the key, and the
 *   app's 6-digit code -> on, with 'Two-factor sign-in is on.'
 * on --turn off--> turningOff: a current code -> off, with 'Two-factor sign-in is off.'
 * Both code steps are `formStep`s: a wrong code comes back to the step with the message (the view
 * keeps what was typed); Cancel goes back to where the step started, while nothing is in flight.
 */
import { assertEvent, assign, setup } from 'xstate';
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import { type FormErrors, validate } from '../../domain/forms';
import type { TwoFactorSetup, TwoFactorStatus } from '../../services/identity';
import { formStep } from '../auth/formStep';
import { MfaCodeSchema } from '../auth/recoveryForms';
import { messageOf, placeholderActor } from '../shared';

export const TWO_FACTOR_NOTICES = {
  on: 'Two-factor sign-in is on.',
  off: 'Two-factor sign-in is off.',
} as const;

/** Shown when a failure carries no message of its own. */
const TWO_FACTOR_FALLBACKS = {
  load: 'We could not read your two-factor sign-in setting. Please try again.',
  setup: 'We could not start the two-factor setup. Please try again.',
  code: 'An error occurred while checking your code',
} as const;

export interface TwoFactorContext {
  /** The secret being set up (settingUp only). */
  setup: TwoFactorSetup | null;
  /** What the last completed change did ('Two-factor sign-in is on.'). */
  notice: string | null;
  /** A failed load or setup start. */
  error: string | null;
  fieldErrors: FormErrors<typeof MfaCodeSchema>;
  formError: string | null;
}

export type TwoFactorEvent =
  | { type: 'twoFactor.retry' }
  | { type: 'twoFactor.startSetup' }
  | { type: 'twoFactor.turnOff' }
  | { type: 'twoFactor.submitCode'; code: string }
  | { type: 'twoFactor.cancel' };

/** The code's problems, or null when it is fine: only twoFactor.submitCode reaches here (its guard and action are on it). */
function formErrors(event: TwoFactorEvent): FormErrors<typeof MfaCodeSchema> | null {
  assertEvent(event, 'twoFactor.submitCode');
  const result = validate(MfaCodeSchema, event);
  return result.ok ? null : result.errors;
}

/** The submitted code, trimmed (the machine validated it with `MfaCodeSchema` already): the code steps invoke only on it. */
const codeInput = ({ event }: { event: TwoFactorEvent }) => {
  assertEvent(event, 'twoFactor.submitCode');
  return { code: event.code.trim() };
};

const codeFailed = {
  target: 'idle',
  actions: {
    type: 'assignFormError',
    params: ({ event }: { event: { error: unknown } }) => messageOf(event.error, TWO_FACTOR_FALLBACKS.code),
  },
} as const;

export const twoFactorMachine = setup({
  types: {
    tags: {} as 'pending',
    context: {} as TwoFactorContext,
    events: {} as TwoFactorEvent,
  },
  actors: {
    loadStatus: placeholderActor<TwoFactorStatus>('loadStatus'),
    startSetup: placeholderActor<TwoFactorSetup>('startSetup'),
    enableTwoFactor: placeholderActor<void, { code: string }>('enableTwoFactor'),
    disableTwoFactor: placeholderActor<void, { code: string }>('disableTwoFactor'),
  },
  guards: {
    isOn: (_, status: TwoFactorStatus) => status.enabled,
    isFormInvalid: ({ event }) => formErrors(event) !== null,
  },
  actions: {
    assignFormErrors: assign(({ event }) => {
      const { form, ...fields } = formErrors(event) ?? {};
      return { fieldErrors: fields, formError: form ?? null };
    }),
    clearMessages: assign({ fieldErrors: {}, formError: null }),
    clearNotices: assign({ notice: null, error: null }),
    assignFormError: assign((_, message: string) => ({ formError: message })),
    assignError: assign((_, message: string) => ({ error: message })),
    assignSetup: assign((_, setup: TwoFactorSetup) => ({ setup })),
    /** Leaves a code step: its secret and its messages go. */
    leaveStep: assign({ setup: null, fieldErrors: {}, formError: null }),
    assignNotice: assign((_, notice: string) => ({ notice })),
  },
}).createMachine({
  id: 'twoFactor',
  initial: 'loading',
  context: { setup: null, notice: null, error: null, fieldErrors: {}, formError: null },
  states: {
    loading: {
      description: 'Reads whether sign-in asks for the authenticator app (GetUser).',
      tags: ['pending'],
      invoke: {
        id: 'loadStatus',
        src: 'loadStatus',
        onDone: [{ guard: { type: 'isOn', params: ({ event }) => event.output }, target: 'on' }, { target: 'off' }],
        onError: {
          target: 'loadFailed',
          actions: { type: 'assignError', params: ({ event }) => messageOf(event.error, TWO_FACTOR_FALLBACKS.load) },
        },
      },
    },
    loadFailed: {
      description: "The setting could not be read: the message and 'Try again'.",
      on: { 'twoFactor.retry': { target: 'loading', actions: 'clearNotices' } },
    },
    off: {
      description: "Sign-in asks for the password only: 'Set up' starts the authenticator app.",
      on: { 'twoFactor.startSetup': { target: 'associating', actions: 'clearNotices' } },
    },
    associating: {
      description: 'Asks the pool for a new secret (AssociateSoftwareToken).',
      tags: ['pending'],
      invoke: {
        id: 'startSetup',
        src: 'startSetup',
        onDone: { target: 'settingUp', actions: { type: 'assignSetup', params: ({ event }) => event.output } },
        onError: {
          target: 'off',
          actions: { type: 'assignError', params: ({ event }) => messageOf(event.error, TWO_FACTOR_FALLBACKS.setup) },
        },
      },
    },
    settingUp: {
      description: "The QR code and the key for the app, and the app's first code: checked, then two-factor sign-in is on.",
      ...formStep({
        submit: 'twoFactor.submitCode',
        src: 'enableTwoFactor',
        input: codeInput,
        onDone: {
          target: '#twoFactor.on',
          actions: ['leaveStep', { type: 'assignNotice', params: TWO_FACTOR_NOTICES.on }],
        },
        onError: codeFailed,
        on: { 'twoFactor.cancel': { target: '#twoFactor.off', actions: 'leaveStep' } },
      }),
    },
    on: {
      description: "Sign-in asks for the authenticator app's code: 'Turn off' asks for a current one.",
      on: { 'twoFactor.turnOff': { target: 'turningOff', actions: 'clearNotices' } },
    },
    turningOff: {
      description: 'A current code of the app: checked, then two-factor sign-in is off.',
      ...formStep({
        submit: 'twoFactor.submitCode',
        src: 'disableTwoFactor',
        input: codeInput,
        onDone: {
          target: '#twoFactor.off',
          actions: ['leaveStep', { type: 'assignNotice', params: TWO_FACTOR_NOTICES.off }],
        },
        onError: codeFailed,
        on: { 'twoFactor.cancel': { target: '#twoFactor.on', actions: 'leaveStep' } },
      }),
    },
  },
});

export type TwoFactorActorRef = ActorRefFrom<typeof twoFactorMachine>;
export type TwoFactorSnapshot = SnapshotFrom<typeof twoFactorMachine>;
