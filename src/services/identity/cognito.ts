/**
 * The adapter over amazon-cognito-identity-js: callbacks in, promises and plain values out.
 *
 * This file and ./index.ts are the only places that know the SDK. The identity service
 * (./index.ts) is written against the `CognitoGateway` interface, so its policy (results, error
 * mapping, single-flight refresh, the challenge expiry) is unit-tested with a fake gateway, and
 * swapping the SDK for another Cognito client means rewriting this file only.
 */
import {
  AuthenticationDetails,
  CognitoAccessToken,
  CognitoIdToken,
  CognitoRefreshToken,
  CognitoUser,
  CognitoUserAttribute,
  CognitoUserPool,
  type CognitoUserSession,
  type IAuthenticationCallback,
} from 'amazon-cognito-identity-js';
import type { AppConfig } from '../config';
import type { KeyValueStore } from '../storage';

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
  | { readonly kind: 'mfa' }
  | { readonly kind: 'other'; readonly challenge: string };

export interface SignUpRequest {
  readonly username: string;
  readonly password: string;
  readonly attributes: Readonly<Record<string, string>>;
}

export interface CognitoGateway {
  /** The user whose tokens are stored (the login id they signed in with), if any. */
  lastUsername(): string | null;
  /** The stored tokens of `username`, read without any network call. */
  storedTokens(username: string): SessionTokens | null;
  authenticate(username: string, password: string): Promise<AuthOutcome>;
  refresh(username: string, refreshToken: string): Promise<SessionTokens>;
  signUp(request: SignUpRequest): Promise<{ userConfirmed: boolean }>;
  confirmSignUp(username: string, code: string): Promise<void>;
  /** Revoke the refresh token (best effort) and remove the stored tokens. */
  signOut(username: string): Promise<void>;
  /** Remove every stored identity token. */
  clearStoredTokens(): void;
}

function tokensOf(session: CognitoUserSession): SessionTokens {
  const access = session.getAccessToken();
  const id = session.getIdToken();
  const driftSeconds = (session as CognitoUserSession & { getClockDrift(): number }).getClockDrift();
  return {
    accessToken: access.getJwtToken(),
    idToken: id.getJwtToken(),
    refreshToken: session.getRefreshToken().getToken(),
    expiresAt: (Math.min(access.getExpiration(), id.getExpiration()) + driftSeconds) * 1000,
    idClaims: id.decodePayload(),
  };
}

export function createCognitoGateway(config: AppConfig, store: KeyValueStore): CognitoGateway {
  const pool = new CognitoUserPool({
    UserPoolId: config.cognito.userPoolId,
    ClientId: config.cognito.clientId,
    Storage: store,
    ...(config.cognito.endpoint ? { endpoint: config.cognito.endpoint } : {}),
  });

  const userFor = (username: string) => {
    const user = new CognitoUser({ Username: username, Pool: pool, Storage: store });
    user.setAuthenticationFlowType(config.cognito.authFlow);
    return user;
  };

  const keyPrefix = `CognitoIdentityServiceProvider.${config.cognito.clientId}`;

  /** Runs an authentication step and turns its callbacks into one outcome. */
  const outcomeOf = (user: CognitoUser, start: (callbacks: IAuthenticationCallback) => void): Promise<AuthOutcome> =>
    new Promise<AuthOutcome>((resolve, reject) => {
      start({
        onSuccess: (session) => resolve({ kind: 'session', tokens: tokensOf(session) }),
        onFailure: (error: unknown) => reject(error),
        newPasswordRequired: () =>
          resolve({
            kind: 'newPasswordRequired',
            // Required attributes are not asked for: the pool's required ones (email) are set already.
            complete: (newPassword) => outcomeOf(user, (next) => user.completeNewPasswordChallenge(newPassword, {}, next)),
          }),
        mfaRequired: () => resolve({ kind: 'mfa' }),
        totpRequired: () => resolve({ kind: 'mfa' }),
        mfaSetup: () => resolve({ kind: 'mfa' }),
        selectMFAType: () => resolve({ kind: 'mfa' }),
        customChallenge: () => resolve({ kind: 'other', challenge: 'CUSTOM_CHALLENGE' }),
      });
    });

  return {
    lastUsername: () => pool.getCurrentUser()?.getUsername() ?? null,

    storedTokens(username) {
      const read = (name: string) => store.getItem(`${keyPrefix}.${username}.${name}`);
      const idToken = read('idToken');
      const accessToken = read('accessToken');
      const refreshToken = read('refreshToken');
      if (!idToken || !accessToken || !refreshToken) return null;
      try {
        const id = new CognitoIdToken({ IdToken: idToken });
        const access = new CognitoAccessToken({ AccessToken: accessToken });
        const drift = Number.parseInt(read('clockDrift') ?? '0', 10) || 0;
        return {
          accessToken,
          idToken,
          refreshToken,
          expiresAt: (Math.min(access.getExpiration(), id.getExpiration()) + drift) * 1000,
          idClaims: id.decodePayload(),
        };
      } catch {
        return null;
      }
    },

    authenticate(username, password) {
      const user = userFor(username);
      return outcomeOf(user, (callbacks) =>
        user.authenticateUser(new AuthenticationDetails({ Username: username, Password: password }), callbacks),
      );
    },

    refresh(username, refreshToken) {
      const user = userFor(username);
      return new Promise<SessionTokens>((resolve, reject) => {
        user.refreshSession(new CognitoRefreshToken({ RefreshToken: refreshToken }), (error: unknown, session: CognitoUserSession | null) => {
          if (error || !session) reject(error ?? new Error('The identity service returned no session.'));
          else resolve(tokensOf(session));
        });
      });
    },

    signUp({ username, password, attributes }) {
      const list = Object.entries(attributes).map(([Name, Value]) => new CognitoUserAttribute({ Name, Value }));
      return new Promise((resolve, reject) => {
        pool.signUp(username, password, list, [], (error, result) => {
          if (error) reject(error);
          else if (!result) reject(new Error('The identity service returned no sign-up result.'));
          else resolve({ userConfirmed: result.userConfirmed });
        });
      });
    },

    confirmSignUp(username, code) {
      return new Promise<void>((resolve, reject) => {
        userFor(username).confirmRegistration(code, false, (error: unknown) => (error ? reject(error) : resolve()));
      });
    },

    signOut(username) {
      const user = userFor(username);
      return new Promise<void>((resolve) => {
        // With a callback the SDK revokes the refresh token (when revocable) and then clears the
        // client data; a failure to revoke must not keep anyone signed in, so it only resolves.
        user.signOut(() => {
          user.signOut();
          resolve();
        });
      });
    },

    clearStoredTokens: () => store.clear(),
  };
}
