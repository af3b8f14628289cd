/**
 * Forgot password (docs/AUTH.md): the email → 'Send code' → the emailed code with a new password
 * and its confirmation → done (the parent shows Sign In with 'Password reset. Sign in with your new
 * password.' and the email). 'Resend code' asks for another code from the code step.
 *
 * A child machine of its own lifecycle, invoked by the sign-in flow (./signInFlowMachine.ts) while
 * Reset Password shows. Both steps are `formStep`s. The answer to
 * 'Send code' is the same whether or not the account exists (the identity service sees to it).
 */
import { assertEvent, assign, setup } from 'xstate';
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import { type FormErrors, validate } from '../../domain/forms';
import { messageOf, placeholderActor } from '../shared';
import { formStep } from './formStep';
import { ResetEmailSchema, resetPasswordErrors, type ResetPasswordForm } from './recoveryForms';

export const FORGOT_PASSWORD_MESSAGES = {
  codeSent: (email: string) => `If an account exists for ${email}, we sent it a code. Enter it below with your new password.`,
  codeResent: (email: string) => `We sent a new code to ${email}`,
  requestFailed: 'We could not send a reset code. Please try again.',
  resetFailed: 'An error occurred while resetting your password',
} as const;

export interface ForgotPasswordContext {
  email: string;
  fieldErrors: FormErrors<typeof ResetEmailSchema> & Partial<Record<keyof ResetPasswordForm, string>>;
  formError: string | null;
  notice: string | null;
}

export type ForgotPasswordEvent =
  | { type: 'forgot.sendCode'; email: string }
  | ({ type: 'forgot.reset' } & ResetPasswordForm)
  | { type: 'forgot.resendCode' }
  | { type: 'forgot.changeEmail' };

type Errors = ForgotPasswordContext['fieldErrors'];

/** The field errors of a submit event (the isFormInvalid guard and assignFormErrors are on these two alone), or null when its payload is valid. */
function formErrors(event: ForgotPasswordEvent): Errors | null {
  assertEvent(event, ['forgot.sendCode', 'forgot.reset']);
  if (event.type === 'forgot.reset') return resetPasswordErrors(event);
  const result = validate(ResetEmailSchema, event);
  return result.ok ? null : result.errors;
}

export const forgotPasswordMachine = setup({
  types: {
    tags: {} as 'pending',
    context: {} as ForgotPasswordContext,
    events: {} as ForgotPasswordEvent,
    input: {} as { email: string },
    output: {} as { email: string },
  },
  actors: {
    requestPasswordReset: placeholderActor<void, { email: string }>('requestPasswordReset'),
    confirmPasswordReset: placeholderActor<void, { email: string; code: string; newPassword: string }>('confirmPasswordReset'),
  },
  guards: {
    isFormInvalid: ({ event }) => formErrors(event) !== null,
  },
  actions: {
    assignFormErrors: assign(({ event }) => {
      const { form, ...fields } = formErrors(event) ?? {};
      return { fieldErrors: fields, formError: form ?? null, notice: null };
    }),
    clearMessages: assign({ fieldErrors: {}, formError: null, notice: null }),
    assignEmail: assign(({ event }) => {
      assertEvent(event, 'forgot.sendCode');
      return { email: event.email.trim() };
    }),
    assignNotice: assign((_, notice: string) => ({ notice, fieldErrors: {}, formError: null })),
    assignFormError: assign((_, message: string) => ({ formError: message, notice: null })),
  },
}).createMachine({
  id: 'forgotPassword',
  // The SPEC sections it implements (listed on the model coverage page, docs/STATECHARTS.md).
  meta: { spec: ['§2 Login screen', '§4 Authentication'] },
  initial: 'requestCode',
  context: ({ input }) => ({ email: input.email.trim(), fieldErrors: {}, formError: null, notice: null }),
  output: ({ context }) => ({ email: context.email }),
  states: {
    requestCode: formStep({
      submit: 'forgot.sendCode',
      src: 'requestPasswordReset',
      accept: 'assignEmail',
      input: ({ context }: { context: ForgotPasswordContext }) => ({ email: context.email }),
      onDone: {
        target: '#forgotPassword.resetPassword',
        actions: {
          type: 'assignNotice',
          params: ({ context }: { context: ForgotPasswordContext }) => FORGOT_PASSWORD_MESSAGES.codeSent(context.email),
        },
      },
      onError: {
        target: 'idle',
        actions: {
          type: 'assignFormError',
          params: ({ event }: { event: { error: unknown } }) => messageOf(event.error, FORGOT_PASSWORD_MESSAGES.requestFailed),
        },
      },
    }),
    resetPassword: formStep({
      submit: 'forgot.reset',
      src: 'confirmPasswordReset',
      input: ({ context, event }: { context: ForgotPasswordContext; event: ForgotPasswordEvent }) => {
        assertEvent(event, 'forgot.reset');
        return { email: context.email, code: event.code.trim(), newPassword: event.password };
      },
      onDone: { target: '#forgotPassword.done' },
      onError: {
        target: 'idle',
        actions: {
          type: 'assignFormError',
          params: ({ event }: { event: { error: unknown } }) => messageOf(event.error, FORGOT_PASSWORD_MESSAGES.resetFailed),
        },
      },
      on: {
        'forgot.resendCode': { target: 'resending', actions: 'clearMessages' },
        'forgot.changeEmail': { target: '#forgotPassword.requestCode', actions: 'clearMessages' },
      },
      states: {
        resending: {
          tags: ['pending'],
          invoke: {
            id: 'resendCode',
            src: 'requestPasswordReset',
            input: ({ context }: { context: ForgotPasswordContext }) => ({ email: context.email }),
            onDone: {
              target: 'idle',
              actions: {
                type: 'assignNotice',
                params: ({ context }: { context: ForgotPasswordContext }) => FORGOT_PASSWORD_MESSAGES.codeResent(context.email),
              },
            },
            onError: {
              target: 'idle',
              actions: {
                type: 'assignFormError',
                params: ({ event }: { event: { error: unknown } }) => messageOf(event.error, FORGOT_PASSWORD_MESSAGES.requestFailed),
              },
            },
          },
        },
      },
    }),
    done: { type: 'final' },
  },
});

export type ForgotPasswordActorRef = ActorRefFrom<typeof forgotPasswordMachine>;
export type ForgotPasswordSnapshot = SnapshotFrom<typeof forgotPasswordMachine>;
