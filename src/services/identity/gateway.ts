/**
 * The shapes the identity service (./index.ts) is written against: plain values, no SDK types.
 * The Cognito SDK adapter (./cognito.ts) implements the network half (`CognitoClient`); the stored
 * half (`StoredSession`, ./storedSession.ts) reads the SDK's storage keys directly, so the service's
 * synchronous surface works before, and without, the SDK being downloaded.
 */

export interface SessionTokens {
  readonly accessToken: string;
  readonly idToken: string;
  readonly refreshToken: string;
  /** When the first of the access and id tokens expires, in local epoch milliseconds. */
  readonly expiresAt: number;
  /** The claims of the id token (sub, email, name, phone_number, custom:organization...). */
  readonly idClaims: Readonly<Record<string, unknown>>;
}

export type AuthOutcome =
  | { readonly kind: 'session'; readonly tokens: SessionTokens }
  | { readonly kind: 'newPasswordRequired'; readonly complete: (newPassword: string) => Promise<AuthOutcome> }
  /** SOFTWARE_TOKEN_MFA: the authenticator app's code answers it. */
  | { readonly kind: 'totp'; readonly answer: (code: string) => Promise<AuthOutcome> }
  /** Other multi-factor steps the console cannot answer (SMS_MFA, MFA_SETUP, SELECT_MFA_TYPE). */
  | { readonly kind: 'mfa' }
  | { readonly kind: 'other'; readonly challenge: string };

interface SignUpRequest {
  readonly username: string;
  readonly password: string;
  readonly attributes: Readonly<Record<string, string>>;
}

/** What is kept in storage between pages of the tab, read and cleared without any network call. */
export interface StoredSession {
  /** The user whose tokens are stored (the login id they signed in with), if any. */
  lastUsername(): string | null;
  /** The stored tokens of `username`, read without any network call. */
  storedTokens(username: string): SessionTokens | null;
  /** Remove every stored identity token. */
  clearStoredTokens(): void;
}

/** The calls that talk to the user pool (implemented over amazon-cognito-identity-js). */
export interface CognitoClient {
  authenticate(username: string, password: string): Promise<AuthOutcome>;
  /**
   * New tokens for the session of `refreshToken` (signed in as `username`), stored in the tab only
   * while it still holds that session, under the name the SDK stored it under. A refresh the pool
   * answers after the time limit (it has rejected as unreachable by then) is stored the same way
   * when it comes, and handed to `onLateAnswer`: with refresh token rotation, its refresh token is
   * the one that keeps working.
   */
  refresh(username: string, refreshToken: string, onLateAnswer?: (tokens: SessionTokens) => void): Promise<SessionTokens>;
  signUp(request: SignUpRequest): Promise<{ userConfirmed: boolean }>;
  confirmSignUp(username: string, code: string): Promise<void>;
  /** Cognito ResendConfirmationCode: a new sign-up confirmation code. */
  resendConfirmationCode(username: string): Promise<void>;
  /** Cognito ForgotPassword: the pool sends a reset code to the account's email. */
  forgotPassword(username: string): Promise<void>;
  /** Cognito ConfirmForgotPassword: the code and the new password. */
  confirmForgotPassword(username: string, code: string, newPassword: string): Promise<void>;
  /** Revoke the refresh token (best effort) and remove the stored tokens. */
  signOut(username: string, refreshToken: string): Promise<void>;
  /** Cognito GlobalSignOut: every refresh token of the account stops working; rejects when it failed. */
  globalSignOut(accessToken: string): Promise<void>;
  /** Cognito GetUser: the signed-in user's multi-factor settings. */
  getMfaSettings(accessToken: string): Promise<MfaSettings>;
  /** Cognito AssociateSoftwareToken: a new authenticator-app secret (base32), not yet verified. */
  associateSoftwareToken(accessToken: string): Promise<string>;
  /** Cognito VerifySoftwareToken: checks a code of the associated secret; rejects when it does not match. */
  verifySoftwareToken(accessToken: string, code: string): Promise<void>;
  /** Cognito SetUserMFAPreference: the authenticator app on (and preferred) or off. */
  setSoftwareTokenMfa(accessToken: string, enabled: boolean): Promise<void>;
}

/** What GetUser says of a user's multi-factor methods (`SMS_MFA`, `SOFTWARE_TOKEN_MFA`). */
export interface MfaSettings {
  readonly enabledMethods: readonly string[];
  readonly preferred: string | null;
}

/** Everything the identity service needs of the user pool. */
export interface CognitoGateway extends StoredSession, CognitoClient {}
