/**
 * The sign-in flow's types (./signInFlowMachine.ts): its input, context, output and events, and the
 * forms the events carry, validated with the domain schemas (src/domain/forms.ts) both for the
 * field errors and for the values the submitting actors get.
 */
import * as v from 'valibot';
import { assertEvent } from 'xstate';
import {
  ConfirmCodeFormSchema,
  NewPasswordFormSchema,
  SignInFormSchema,
  SignUpFormSchema,
  validate,
  type ConfirmCodeForm,
  type NewPasswordForm,
  type SignInForm,
  type SignInValues,
  type SignUpForm,
  type SignUpValues,
} from '../../domain/forms';
import type { SessionUser } from '../../services/identity';
import type { PendingConfirmation } from '../../services/storage';

export type FieldErrors = Partial<Record<string, string>>;

/** How the flow ended: signed in, and whether a first-time password was just set (SPEC §4: activate). */
export interface SignedIn {
  readonly user: SessionUser;
  readonly passwordSet: boolean;
}

export interface SignInFlowInput {
  /** The confirmation this browser kept (SPEC §3): Confirm Email while it is required, else its email on Sign In. */
  readonly pending: PendingConfirmation | null;
  /** A message for Sign In from the session (expired, or the session check failed). */
  readonly formError: string | null;
}

export interface SignInFlowContext {
  /** The email to prefill on Sign In (after an account was created, confirmed or its password reset). */
  signInEmail: string;
  /** Signed in to an account that is not confirmed yet: Sign In offers 'Enter confirmation code'. */
  unconfirmedEmail: string | null;
  /** SPEC §3 passwordChangeUsername: who is setting a new password. */
  passwordChangeUsername: string | null;
  pendingConfirmation: PendingConfirmation | null;
  fieldErrors: FieldErrors;
  formError: string | null;
  /** A success message for the polite status region. */
  notice: string | null;
  signedIn: SignedIn | null;
}

export type SignInFlowEvent =
  | ({ type: 'auth.signIn' } & SignInForm)
  | ({ type: 'auth.signUp' } & SignUpForm)
  | ({ type: 'auth.confirm' } & ConfirmCodeForm)
  | ({ type: 'auth.newPassword' } & NewPasswordForm)
  | { type: 'auth.showSignUp' }
  /** 'Forgot password?' on Sign In, with the email typed there (to prefill). */
  | { type: 'auth.forgotPassword'; email: string }
  /** 'Enter confirmation code' after signing in to an unconfirmed account. */
  | { type: 'auth.enterCode' }
  | { type: 'auth.showSignIn' }
  | { type: 'auth.restartSignUp' }
  | { type: 'auth.backToSignIn' };

function errorsOf<T>(result: { ok: true; value: T } | { ok: false; errors: FieldErrors }): FieldErrors | null {
  return result.ok ? null : result.errors;
}

/** The field errors of a form's submit event (isFormInvalid guards these four alone), or null when its payload is valid. */
export function formErrors(event: SignInFlowEvent): FieldErrors | null {
  assertEvent(event, ['auth.signIn', 'auth.signUp', 'auth.confirm', 'auth.newPassword']);
  switch (event.type) {
    case 'auth.signIn':
      return errorsOf(validate(SignInFormSchema, event));
    case 'auth.signUp':
      return errorsOf(validate(SignUpFormSchema, event));
    case 'auth.confirm':
      return errorsOf(validate(ConfirmCodeFormSchema, event));
    case 'auth.newPassword':
      return errorsOf(validate(NewPasswordFormSchema, event));
  }
}

/** The values of a Sign In the isFormInvalid guard let through (valid, so parsing it cannot throw). */
export function signInValues(event: SignInFlowEvent): SignInValues {
  assertEvent(event, 'auth.signIn');
  return v.parse(SignInFormSchema, event);
}

/** The values of a Create Account the isFormInvalid guard let through (valid, so parsing it cannot throw). */
export function signUpValues(event: SignInFlowEvent): SignUpValues {
  assertEvent(event, 'auth.signUp');
  return v.parse(SignUpFormSchema, event);
}

/**
 * The sign-up this flow keeps, where one always is: in Confirm Email (entered only with one: the
 * one this browser kept, openConfirmEmail's or Create Account's) and once Create Account has
 * answered (its accept action, assignPendingFromSignUp, keeps it). Anywhere else it is a bug.
 */
export function keptSignUp(context: SignInFlowContext): PendingConfirmation {
  if (context.pendingConfirmation === null) throw new Error('signInFlow: no sign-up is kept here');
  return context.pendingConfirmation;
}
