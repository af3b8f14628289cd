/**
 * The SOFTWARE_TOKEN_MFA step of sign-in (docs/AUTH.md): the 6-digit code of the authenticator app →
 * signed in. A wrong code shows a message and the code can be entered again. The 3-minute expiry
 * belongs to the sign-in flow's state that runs this one (the same `challengeExpiry` as Set New
 * Password), as does 'Back to Sign In'.
 *
 * A child machine with one `formStep`, invoked by the sign-in flow (./signInFlowMachine.ts). Its
 * output is the signed-in user.
 */
import { assign, setup } from 'xstate';
import { type FormErrors, validate } from '../../domain/forms';
import type { SessionUser } from '../../services/identity';
import { messageOf, placeholderActor, present } from '../shared';
import { formStep } from './formStep';
import { MfaCodeSchema } from './recoveryForms';

const MFA_FAILED_MESSAGE = 'An error occurred while checking your code';

export interface MfaChallengeContext {
  user: SessionUser | null;
  fieldErrors: FormErrors<typeof MfaCodeSchema>;
  formError: string | null;
}

export type MfaChallengeEvent = { type: 'mfa.submit'; code: string };

function formErrors(event: MfaChallengeEvent): FormErrors<typeof MfaCodeSchema> | null {
  const result = validate(MfaCodeSchema, event);
  return result.ok ? null : result.errors;
}

export const mfaChallengeMachine = setup({
  types: {
    tags: {} as 'pending',
    context: {} as MfaChallengeContext,
    events: {} as MfaChallengeEvent,
    output: {} as { user: SessionUser },
  },
  actors: {
    answerTotp: placeholderActor<SessionUser, { code: string }>('answerTotp'),
  },
  guards: {
    isFormInvalid: ({ event }) => formErrors(event) !== null,
  },
  actions: {
    assignFormErrors: assign(({ event }) => {
      const { form, ...fields } = formErrors(event) ?? {};
      return { fieldErrors: fields, formError: form ?? null };
    }),
    clearMessages: assign({ fieldErrors: {}, formError: null }),
    assignUser: assign((_, user: SessionUser) => ({ user })),
    assignFormError: assign((_, message: string) => ({ formError: message })),
  },
}).createMachine({
  id: 'mfaChallenge',
  // The SPEC sections it implements (listed on the model coverage page, docs/STATECHARTS.md).
  meta: { spec: ['§2 Login screen', '§4 Authentication'] },
  initial: 'enterCode',
  context: { user: null, fieldErrors: {}, formError: null },
  // Its one final state is entered only from answerTotp's answer, which sets the user.
  output: ({ context }) => ({ user: present(context.user) }),
  states: {
    enterCode: formStep({
      submit: 'mfa.submit',
      src: 'answerTotp',
      input: ({ event }: { event: MfaChallengeEvent }) => ({ code: event.code.trim() }),
      onDone: {
        target: '#mfaChallenge.done',
        actions: { type: 'assignUser', params: ({ event }: { event: { output: SessionUser } }) => event.output },
      },
      onError: {
        target: 'idle',
        actions: {
          type: 'assignFormError',
          params: ({ event }: { event: { error: unknown } }) => messageOf(event.error, MFA_FAILED_MESSAGE),
        },
      },
    }),
    done: { type: 'final' },
  },
});
