/** Every read of the auth snapshots a view needs: the session's (`auth`) and the sign-in flow's. */
import type { AuthSnapshot } from './authMachine';
import type { ForgotPasswordSnapshot } from './forgotPasswordMachine';
import type { ResendCodeSnapshot } from './resendCodeMachine';
import type { SignInFlowSnapshot } from './signInFlowMachine';

export type LoginMode = 'signIn' | 'signUp' | 'confirmEmail' | 'newPassword' | 'forgotPassword' | 'mfa';

// The session (./authMachine.ts).

/** The session check on start (and sign-out) is running. */
export const selectIsCheckingSession = (s: AuthSnapshot) => s.matches('checkingSession') || selectIsSigningOut(s);
/** SPEC §3 isCompletingSignup: the Gate shows 'Setting up your account...'. */
export const selectIsCompletingSignup = (s: AuthSnapshot) => s.matches({ signedIn: 'completingSignup' });
/** An administrator: the console is shown. */
export const selectIsAuthorized = (s: AuthSnapshot) => s.matches({ signedIn: 'authorized' });
export const selectIsNotAdministrator = (s: AuthSnapshot) => s.matches({ signedIn: 'notAdministrator' });
export const selectAccessFailed = (s: AuthSnapshot) => s.matches({ signedIn: 'accessFailed' });
export const selectAccessError = (s: AuthSnapshot) => s.context.accessError;
/** The sign-in flow while signed out (the login screen subscribes to it); undefined otherwise. */
export const selectSignInFlow = (s: AuthSnapshot) => s.children.signInFlow;
/** The signed-in username shown in the header: the email the person signed in with. */
export const selectUsername = (s: AuthSnapshot) => s.context.user?.email ?? null;
export const selectMembership = (s: AuthSnapshot) => s.context.membership;
/** Signing out, of this session or of all devices. */
export function selectIsSigningOut(s: AuthSnapshot): boolean {
  return s.matches('signingOut') || s.matches('signingOutAllDevices');
}

/**
 * What the Gate shows (src/views/app/Gate.tsx): the console to an administrator, 'Setting up your
 * account...', a refusal, a failed access check, Sign In while signed out (the sign-in flow runs),
 * and otherwise its spinner ('checking': the session, the kept sign-up, the account's activation or
 * its access check is on its way, or signing out). src/main.tsx waits for anything but 'checking'
 * before it decides whether the console replaces its shell.
 */
export type GateScreen = 'console' | 'settingUp' | 'accessDenied' | 'accessCheckFailed' | 'signIn' | 'checking';

export function selectGateScreen(s: AuthSnapshot): GateScreen {
  if (selectIsAuthorized(s)) return 'console';
  if (selectIsCompletingSignup(s)) return 'settingUp';
  if (selectIsNotAdministrator(s)) return 'accessDenied';
  if (selectAccessFailed(s)) return 'accessCheckFailed';
  if (selectSignInFlow(s) !== undefined) return 'signIn';
  return 'checking';
}

// The sign-in flow (./signInFlowMachine.ts).

export function selectLoginMode(s: SignInFlowSnapshot): LoginMode {
  if (s.matches('signUp')) return 'signUp';
  if (s.matches('confirmEmail')) return 'confirmEmail';
  if (s.matches('newPassword')) return 'newPassword';
  if (s.matches('forgotPassword')) return 'forgotPassword';
  if (s.matches('mfa')) return 'mfa';
  return 'signIn';
}

/** A request of the current step is in flight (busy buttons). */
export const selectIsPending = (s: SignInFlowSnapshot) => s.hasTag('pending');
/**
 * Sign In as a first visit shows it: no remembered email, no pending confirmation, no message.
 * What src/prerender.tsx renders at build time, so the page that is on screen can be hydrated.
 */
export const selectIsPlainSignIn = (s: SignInFlowSnapshot) =>
  s.matches('signIn') &&
  s.context.signInEmail === '' &&
  s.context.formError === null &&
  s.context.notice === null &&
  s.context.pendingConfirmation === null;
export const selectFieldErrors = (s: SignInFlowSnapshot) => s.context.fieldErrors;
export const selectFormError = (s: SignInFlowSnapshot) => s.context.formError;
export const selectNotice = (s: SignInFlowSnapshot) => s.context.notice;
export const selectSignInEmail = (s: SignInFlowSnapshot) => s.context.signInEmail;
/** The address the confirmation code was sent to. */
export const selectPendingEmail = (s: SignInFlowSnapshot) => s.context.pendingConfirmation?.email ?? null;
export const selectPasswordChangeUsername = (s: SignInFlowSnapshot) => s.context.passwordChangeUsername;
/** The forgot-password flow while it runs (its own snapshot: ./forgotPasswordMachine.ts). */
export const selectForgotPassword = (s: SignInFlowSnapshot) => s.children.forgotPassword;
/** Forgot password is on its second step: the code and the new password. */
export const selectForgotOnCodeStep = (s: ForgotPasswordSnapshot | undefined) => s?.matches('resetPassword') ?? false;
/** The new password is being set. */
export const selectResettingPassword = (s: ForgotPasswordSnapshot) => s.matches({ resetPassword: 'submitting' });
/** A new reset code is being sent. */
export const selectResendingResetCode = (s: ForgotPasswordSnapshot) => s.matches({ resetPassword: 'resending' });
/** 'Resend code' of Confirm Email while it shows (its own snapshot: ./resendCodeMachine.ts). */
export const selectResendCode = (s: SignInFlowSnapshot) => s.children.resendCode;
/** 'Resend code' waits before it may send again (60 seconds). */
export const selectResendCoolingDown = (s: ResendCodeSnapshot | undefined) => s?.matches('coolingDown') ?? false;
/** Sign In offers 'Enter confirmation code' (the account signed in to is not confirmed). */
export const selectCanEnterCode = (s: SignInFlowSnapshot) => s.context.unconfirmedEmail !== null;
/** The authenticator-code step of sign-in while it shows (./mfaChallengeMachine.ts). */
export const selectMfaChallenge = (s: SignInFlowSnapshot) => s.children.mfaChallenge;
