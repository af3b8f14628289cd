/** Every read of the auth snapshot a view needs. */
import type { AuthSnapshot } from './authMachine';

export type LoginMode = 'signIn' | 'signUp' | 'confirmEmail' | 'newPassword' | 'forgotPassword' | 'mfa';

/** The session check on start (and sign-out) is running. */
export const selectIsCheckingSession = (s: AuthSnapshot) => s.matches('checkingSession') || s.matches('signingOut');
/** SPEC §3 isCompletingSignup: the Gate shows 'Setting up your account...'. */
export const selectIsCompletingSignup = (s: AuthSnapshot) => s.matches({ signedIn: 'completingSignup' });
/** An administrator: the console is shown. */
export const selectIsAuthorized = (s: AuthSnapshot) => s.matches({ signedIn: 'authorized' });
export const selectIsNotAdministrator = (s: AuthSnapshot) => s.matches({ signedIn: 'notAdministrator' });
export const selectAccessFailed = (s: AuthSnapshot) => s.matches({ signedIn: 'accessFailed' });
export const selectAccessError = (s: AuthSnapshot) => s.context.accessError;

export function selectLoginMode(s: AuthSnapshot): LoginMode | null {
  if (s.matches({ signedOut: 'signUp' })) return 'signUp';
  if (s.matches({ signedOut: 'confirmEmail' })) return 'confirmEmail';
  if (s.matches({ signedOut: 'newPassword' })) return 'newPassword';
  if (s.matches({ signedOut: 'forgotPassword' })) return 'forgotPassword';
  if (s.matches({ signedOut: 'mfa' })) return 'mfa';
  if (s.matches({ signedOut: 'signIn' })) return 'signIn';
  return null;
}

/** A request of the current step is in flight (busy buttons). */
export const selectIsPending = (s: AuthSnapshot) => s.hasTag('pending');
/**
 * Sign In as a first visit shows it: no remembered email, no pending confirmation, no message.
 * What src/prerender.tsx renders at build time, so the page that is on screen can be hydrated.
 */
export const selectIsPlainSignIn = (s: AuthSnapshot) =>
  s.matches({ signedOut: 'signIn' }) &&
  s.context.signInEmail === '' &&
  s.context.formError === null &&
  s.context.notice === null &&
  s.context.pendingConfirmation === null;
export const selectFieldErrors = (s: AuthSnapshot) => s.context.fieldErrors;
export const selectFormError = (s: AuthSnapshot) => s.context.formError;
export const selectNotice = (s: AuthSnapshot) => s.context.notice;
export const selectSignInEmail = (s: AuthSnapshot) => s.context.signInEmail;
/** The address the confirmation code was sent to. */
export const selectPendingEmail = (s: AuthSnapshot) => s.context.pendingConfirmation?.email ?? null;
export const selectPasswordChangeUsername = (s: AuthSnapshot) => s.context.passwordChangeUsername;
/** The signed-in username shown in the header: the email the person signed in with. */
export const selectUsername = (s: AuthSnapshot) => s.context.user?.email ?? null;
export const selectMembership = (s: AuthSnapshot) => s.context.membership;
export const selectIsSigningOut = (s: AuthSnapshot) => s.matches('signingOut');
/** The forgot-password flow while it runs (its own snapshot: ./forgotPassword.ts). */
export const selectForgotPassword = (s: AuthSnapshot) => s.children.forgotPassword;
/** 'Resend code' of Confirm Email while it shows (its own snapshot: ./resendCodeMachine.ts). */
export const selectResendCode = (s: AuthSnapshot) => s.children.resendCode;
/** Sign In offers 'Enter confirmation code' (the account signed in to is not confirmed). */
export const selectCanEnterCode = (s: AuthSnapshot) => s.context.unconfirmedEmail !== null;
/** The authenticator-code step of sign-in while it shows (./mfaChallengeMachine.ts). */
export const selectMfaChallenge = (s: AuthSnapshot) => s.children.mfaChallenge;
