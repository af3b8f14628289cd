/**
 * The named intents of the sign-in flow: what the login screen may ask of it, as plain functions
 * over its actor ref (a view holds them with `useIntents`, src/views/shared/useIntents.ts). The event
 * objects are built here and nowhere in src/views, typed by the machine's event union.
 *
 * The auth machines' other intents are beside this file, imported by their views directly (not
 * through ./index.ts, whose exports are all part of the /login JavaScript): ./stepIntents.ts for the
 * flow's children (forgot password, 'Resend code', the authenticator step), ./authIntents.ts for
 * the session (sign out, retry the access check).
 */
import type { NewPasswordForm, SignInForm, SignUpForm } from '../../domain/forms';
import type { SignInFlowActorRef } from './signInFlowMachine';

/** The login screen's steps (./signInFlowMachine.ts): each form's submit and the links between steps. */
export function signInFlowIntents(flow: SignInFlowActorRef) {
  return {
    signIn: (form: SignInForm) => flow.send({ type: 'auth.signIn', ...form }),
    signUp: (form: SignUpForm) => flow.send({ type: 'auth.signUp', ...form }),
    confirm: (code: string) => flow.send({ type: 'auth.confirm', code }),
    setNewPassword: (form: NewPasswordForm) => flow.send({ type: 'auth.newPassword', ...form }),
    /** 'Forgot password?' on Sign In, with the email typed there (to prefill). */
    forgotPassword: (email: string) => flow.send({ type: 'auth.forgotPassword', email }),
    /** 'Enter confirmation code' after signing in to an unconfirmed account. */
    enterCode: () => flow.send({ type: 'auth.enterCode' }),
    showSignUp: () => flow.send({ type: 'auth.showSignUp' }),
    showSignIn: () => flow.send({ type: 'auth.showSignIn' }),
    restartSignUp: () => flow.send({ type: 'auth.restartSignUp' }),
    backToSignIn: () => flow.send({ type: 'auth.backToSignIn' }),
  };
}
