/**
 * The identity service's types: its calls (`IdentityService`), the signed-in user they hand out and
 * the outcome of a sign-in, exported to the console by ./index.ts. Apart from the closure that
 * implements them (./identityService.ts), so that the service's contract reads in one place.
 */
import type { SignUpAndReset } from './signUpAndReset';
import type { TwoFactorService } from './totp';

export interface SessionUser {
  /** The pool's username for the account (the `cognito:username` claim). */
  readonly username: string;
  /** The account's email: the id token's `email` claim, else the login id the person signed in with. */
  readonly email: string;
  /** The string claims of the id token: sub, email, name, phone_number, custom:organization... */
  readonly attributes: Readonly<Record<string, string>>;
}

export type SignInResult =
  | { readonly kind: 'signedIn'; readonly user: SessionUser }
  | { readonly kind: 'newPasswordRequired'; readonly username: string }
  | { readonly kind: 'confirmSignUp' }
  /** SOFTWARE_TOKEN_MFA: answer with `answerTotp` within 3 minutes. */
  | { readonly kind: 'totpRequired' }
  | { readonly kind: 'mfa' }
  | { readonly kind: 'other' };

/**
 * The session's calls, signing up and resetting a password (./signUpAndReset.ts), and turning
 * two-factor sign-in on and off while signed in (./totp.ts).
 */
export interface IdentityService extends TwoFactorService, SignUpAndReset {
  getCurrentSession(): Promise<SessionUser | null>;
  signIn(credentials: { username: string; password: string }): Promise<SignInResult>;
  completeNewPassword(params: { newPassword: string }): Promise<SessionUser>;
  /** Answers the SOFTWARE_TOKEN_MFA challenge of the last sign-in with the authenticator app's code. */
  answerTotp(params: { code: string }): Promise<SessionUser>;
  signOut(): Promise<void>;
  /**
   * Ends every session of the account (Cognito GlobalSignOut: every refresh token of the account
   * stops working) and then this one's stored tokens. Rejects when the pool could not be told (the
   * stored tokens are cleared either way).
   */
  signOutAllDevices(): Promise<void>;
  /** A valid access token, refreshed first when it (or the id token) is close to expiry. */
  getAccessToken(): Promise<string | null>;
  /** Refresh now. Concurrent callers share one refresh. Rejects with an IdentityError ('network' | 'auth'). */
  refreshAccessToken(): Promise<string | null>;
  /** The `sub` claim of the id token (the account's stable id), or null without a session. */
  getIdTokenSub(): Promise<string | null>;
}
