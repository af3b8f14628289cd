/**
 * The adapter over amazon-cognito-identity-js: callbacks in, promises and plain values out.
 *
 * This is the only file that imports the SDK, and only the identity service (./index.ts) imports
 * it, through `import('./cognito')`: the SDK (and its Buffer and SHA-256 polyfills) is a chunk of its
 * own, fetched when the console first talks to the pool (prefetched while the login screen idles),
 * never part of the JavaScript a visitor downloads before /login is usable. The service's policy
 * (results, error mapping, single-flight refresh, the challenge expiry) is written against the
 * `CognitoGateway` interface (./gateway.ts) and unit-tested with a fake; what the SDK keeps in
 * storage is read without it by ./storedSession.ts.
 */
import {
  AuthenticationDetails,
  CognitoAccessToken,
  CognitoIdToken,
  CognitoRefreshToken,
  CognitoUser,
  CognitoUserAttribute,
  CognitoUserPool,
  CognitoUserSession,
  type IAuthenticationCallback,
} from 'amazon-cognito-identity-js';
import type { AppConfig } from '../config';
import type { KeyValueStore } from '../storage';
import type { AuthOutcome, CognitoClient, SessionTokens } from './gateway';

/**
 * How long one call to the user pool (an authentication step with its round trips, a refresh, a
 * two-factor call; a revocation has REVOCATION_TIMEOUT_MS) may take before it is reported as the
 * pool being unreachable. The SDK's requests have no time limit of their own (a `fetch` that the
 * network holds open waits as long as the browser lets it), and a person would otherwise watch a
 * spinner that never stops: a sign-in, the two-factor dialog, sign-out. A call that answers later is
 * not cancelled (the SDK cannot be told to), and its answer is no longer waited for; the tokens of a
 * sign-in answered late are not stored (`TokenGate`).
 */
export const POOL_CALL_TIMEOUT_MS = 20_000;

/**
 * Sign-out's revocation of the refresh token is best effort (the tokens are cleared either way), and
 * the person is waiting to be signed out: it is given less time than a call whose answer matters.
 */
export const REVOCATION_TIMEOUT_MS = 5_000;

/**
 * The call's own outcome, or the pool's "could not be reached" after `limitMs`; `onGiveUp` runs
 * then, before the caller hears of it.
 */
function inTime<T>(work: Promise<T>, limitMs = POOL_CALL_TIMEOUT_MS, onGiveUp?: () => void): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => {
      onGiveUp?.();
      // What the SDK rejects with when the pool cannot be reached (./errors.ts `isNetworkFailure`), built
      // here rather than imported: this chunk imports nothing of the entry's at run time, which keeps
      // the build's chunks as they are (tests/unit/bundle-size.test.ts).
      const cause = new Error(`The user pool did not answer within ${limitMs} ms.`);
      reject(Object.assign(new Error('Network error', { cause }), { code: 'NetworkError' }));
    }, limitMs);
    work.then(resolve, reject).finally(() => clearTimeout(timer));
  });
}

/** An SDK call written with callbacks, as a promise that settles in time. */
function sdkCall<T>(
  start: (resolve: (value: T) => void, reject: (error: unknown) => void) => void,
  limitMs = POOL_CALL_TIMEOUT_MS,
  onGiveUp?: () => void,
): Promise<T> {
  return inTime(new Promise<T>(start), limitMs, onGiveUp);
}

/**
 * The storage a sign-in's CognitoUser writes its tokens to, which takes no more writes once one of
 * its steps has been given up (`close`, at POOL_CALL_TIMEOUT_MS).
 *
 * Why: a step cannot be cancelled, and the SDK stores the tokens of a sign-in itself before it calls
 * back. A sign-in the console has already reported as failed ("could not be reached") that the pool
 * answers later would otherwise leave a session in the tab's storage that the person was told they
 * do not have: the next page load would sign them in, trying again would be refused as 'already
 * signed in', and a retry that signed in meanwhile (a CognitoUser of its own, so a gate of its own)
 * would have its tokens overwritten by the late ones.
 *
 * Closed for good, not for the one step: a late answer cannot be told apart from the answer to a
 * step tried again on the same CognitoUser (a two-factor code after "could not be reached"). Such a
 * retry that succeeds signs the person in for this page (the identity service holds the tokens) but
 * leaves nothing in storage: a reload asks them to sign in again.
 */
interface TokenGate {
  readonly store: KeyValueStore;
  /** A step has been given up: nothing this sign-in writes from now on is kept. */
  close(): void;
}

function tokenGate(store: KeyValueStore): TokenGate {
  let open = true;
  return {
    store: {
      getItem: (key) => store.getItem(key),
      setItem: (key, value) => {
        if (open) store.setItem(key, value);
      },
      removeItem: (key) => {
        if (open) store.removeItem(key);
      },
      clear: () => {
        if (open) store.clear();
      },
    },
    close: () => {
      open = false;
    },
  };
}

/**
 * The user the SDK stored a session for last (`<prefix>.LastAuthUser`: after an SRP sign-in, the
 * pool's username, which is not the email the person typed), and what it stored for them, under
 * its keys as ./storedSession.ts reads them: `CognitoIdentityServiceProvider.<clientId>.<username>.<name>`.
 */
function sdkSession(
  store: KeyValueStore,
  pool: CognitoUserPool,
): { username: string; get(name: 'refreshToken' | 'deviceKey'): string | null } | null {
  const prefix = `CognitoIdentityServiceProvider.${pool.getClientId()}`;
  const username = store.getItem(`${prefix}.LastAuthUser`);
  return username ? { username, get: (name) => store.getItem(`${prefix}.${username}.${name}`) } : null;
}

interface WireClient {
  request(operation: string, params: Record<string, unknown>, callback: (error: unknown, data: unknown) => void): void;
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

export function createCognitoClient(config: AppConfig, store: KeyValueStore): CognitoClient {
  const pool = new CognitoUserPool({
    UserPoolId: config.cognito.userPoolId,
    ClientId: config.cognito.clientId,
    Storage: store,
    ...(config.cognito.endpoint ? { endpoint: config.cognito.endpoint } : {}),
  });

  // The pool's wire client (typed here: the SDK's typings leave it out). Refresh and revoke use it
  // directly: the SDK's refreshSession retries even a refusal with back-off (delaying the sign-out a
  // revoked session must cause), and its signOut only revokes tokens that carry `origin_jti`. The
  // two-factor calls use it too: they take the access token the service holds (refreshed ahead of
  // expiry), where the SDK's CognitoUser methods would read a session of their own from storage.
  const wire = (pool as unknown as { client: WireClient }).client;
  /** The pool's answer to one call, however long it takes (`call` gives it a time limit). */
  const request = (operation: string, params: Record<string, unknown>) =>
    new Promise<unknown>((resolve, reject) => {
      wire.request(operation, params, (error, data) => (error ? reject(error) : resolve(data)));
    });
  const call = (operation: string, params: Record<string, unknown>, limitMs = POOL_CALL_TIMEOUT_MS) =>
    inTime(request(operation, params), limitMs);

  const userFor = (username: string, storage: KeyValueStore = store) => {
    const user = new CognitoUser({ Username: username, Pool: pool, Storage: storage });
    user.setAuthenticationFlowType(config.cognito.authFlow);
    return user;
  };

  /**
   * The session a refresh of `refreshToken` answered with, stored under the name the SDK stored the
   * session under (its device key stays beside it) only while the tab still holds that refresh
   * token: an answer after Sign out or another sign-in must not leave a session nobody is in.
   */
  const keepRefreshed = (refreshToken: string, data: unknown): SessionTokens => {
    const result = (data as { AuthenticationResult?: { IdToken?: string; AccessToken?: string; RefreshToken?: string } } | null)
      ?.AuthenticationResult;
    if (!result?.IdToken || !result.AccessToken) throw new Error('The identity service returned no session.');
    const session = new CognitoUserSession({
      IdToken: new CognitoIdToken({ IdToken: result.IdToken }),
      AccessToken: new CognitoAccessToken({ AccessToken: result.AccessToken }),
      RefreshToken: new CognitoRefreshToken({ RefreshToken: result.RefreshToken ?? refreshToken }),
    });
    const stored = sdkSession(store, pool);
    if (stored?.get('refreshToken') === refreshToken) userFor(stored.username).setSignInUserSession(session);
    return tokensOf(session);
  };

  /**
   * Runs an authentication step (of a CognitoUser writing through `gate`) and turns its callbacks
   * into one outcome. Once a step has been given up at the time limit, the sign-in stores nothing.
   */
  const outcomeOf = (user: CognitoUser, gate: TokenGate, start: (callbacks: IAuthenticationCallback) => void): Promise<AuthOutcome> =>
    sdkCall<AuthOutcome>(
      (resolve, reject) => {
        start({
          onSuccess: (session) => resolve({ kind: 'session', tokens: tokensOf(session) }),
          onFailure: (error: unknown) => reject(error),
          newPasswordRequired: () =>
            resolve({
              kind: 'newPasswordRequired',
              // Required attributes are not asked for: the pool's required ones (email) are set already.
              complete: (newPassword) => outcomeOf(user, gate, (next) => user.completeNewPasswordChallenge(newPassword, {}, next)),
            }),
          mfaRequired: () => resolve({ kind: 'mfa' }),
          totpRequired: () =>
            resolve({
              kind: 'totp',
              answer: (code) => outcomeOf(user, gate, (next) => user.sendMFACode(code, next, 'SOFTWARE_TOKEN_MFA')),
            }),
          mfaSetup: () => resolve({ kind: 'mfa' }),
          selectMFAType: () => resolve({ kind: 'mfa' }),
          customChallenge: () => resolve({ kind: 'other', challenge: 'CUSTOM_CHALLENGE' }),
        });
      },
      POOL_CALL_TIMEOUT_MS,
      gate.close,
    );

  return {
    authenticate(username, password) {
      const gate = tokenGate(store);
      const user = userFor(username, gate.store);
      return outcomeOf(user, gate, (callbacks) =>
        user.authenticateUser(new AuthenticationDetails({ Username: username, Password: password }), callbacks),
      );
    },

    async refresh(_loginId, refreshToken, onLateAnswer) {
      // GetTokensFromRefreshToken, not InitiateAuth's REFRESH_TOKEN_AUTH: an app client with refresh
      // token rotation accepts only this one (one without it accepts both). With rotation, the
      // answer carries the next refresh token and the one presented stops working (after the
      // client's grace period); without it, the answer has none and the one presented stays.
      // A pool that remembers devices has the SDK confirm the device at sign-in and store its key
      // beside the tokens, and wants that key with each refresh.
      const deviceKey = sdkSession(store, pool)?.get('deviceKey');
      const params = { ClientId: config.cognito.clientId, RefreshToken: refreshToken, ...(deviceKey ? { DeviceKey: deviceKey } : {}) };
      const answer = request('GetTokensFromRefreshToken', params);
      let givenUp = false;
      try {
        const data = await inTime(answer, POOL_CALL_TIMEOUT_MS, () => {
          givenUp = true;
        });
        return keepRefreshed(refreshToken, data);
      } catch (error) {
        // A late answer is kept as one in time would be, and handed to the service: with rotation its
        // token is the one that still works after the grace period. A late refusal changes nothing.
        if (givenUp) {
          answer.then((data) => onLateAnswer?.(keepRefreshed(refreshToken, data))).catch(() => undefined);
        }
        throw error;
      }
    },

    signUp({ username, password, attributes }) {
      const list = Object.entries(attributes).map(([Name, Value]) => new CognitoUserAttribute({ Name, Value }));
      return sdkCall<{ userConfirmed: boolean }>((resolve, reject) => {
        pool.signUp(username, password, list, [], (error, result) => {
          if (error) reject(error);
          else if (!result) reject(new Error('The identity service returned no sign-up result.'));
          else resolve({ userConfirmed: result.userConfirmed });
        });
      });
    },

    confirmSignUp(username, code) {
      return sdkCall<void>((resolve, reject) => {
        userFor(username).confirmRegistration(code, false, (error: unknown) => (error ? reject(error) : resolve()));
      });
    },

    resendConfirmationCode(username) {
      return sdkCall<void>((resolve, reject) => {
        userFor(username).resendConfirmationCode((error: unknown) => (error ? reject(error) : resolve()));
      });
    },

    forgotPassword(username) {
      return sdkCall<void>((resolve, reject) => {
        userFor(username).forgotPassword({
          onSuccess: () => resolve(),
          onFailure: (error: unknown) => reject(error),
          inputVerificationCode: () => resolve(),
        });
      });
    },

    confirmForgotPassword(username, code, newPassword) {
      return sdkCall<void>((resolve, reject) => {
        userFor(username).confirmPassword(code, newPassword, {
          onSuccess: () => resolve(),
          onFailure: (error: unknown) => reject(error),
        });
      });
    },

    async getMfaSettings(accessToken) {
      const data = (await call('GetUser', { AccessToken: accessToken })) as {
        UserMFASettingList?: unknown;
        PreferredMfaSetting?: unknown;
      } | null;
      const list = Array.isArray(data?.UserMFASettingList) ? data.UserMFASettingList : [];
      return {
        enabledMethods: list.filter((method): method is string => typeof method === 'string'),
        preferred: typeof data?.PreferredMfaSetting === 'string' ? data.PreferredMfaSetting : null,
      };
    },

    async associateSoftwareToken(accessToken) {
      const data = (await call('AssociateSoftwareToken', { AccessToken: accessToken })) as { SecretCode?: unknown } | null;
      if (typeof data?.SecretCode !== 'string' || data.SecretCode === '') throw new Error('The identity service returned no secret.');
      return data.SecretCode;
    },

    async verifySoftwareToken(accessToken, code) {
      const data = (await call('VerifySoftwareToken', { AccessToken: accessToken, UserCode: code })) as { Status?: unknown } | null;
      // Cognito answers a refused code with an error, or (rarely) with Status ERROR: the same to a person.
      if (data?.Status !== 'SUCCESS') {
        throw Object.assign(new Error('Code mismatch'), {
          code: 'EnableSoftwareTokenMFAException',
          name: 'EnableSoftwareTokenMFAException',
        });
      }
    },

    async setSoftwareTokenMfa(accessToken, enabled) {
      await call('SetUserMFAPreference', {
        AccessToken: accessToken,
        SoftwareTokenMfaSettings: { Enabled: enabled, PreferredMfa: enabled },
      });
    },

    async globalSignOut(accessToken) {
      await call('GlobalSignOut', { AccessToken: accessToken });
    },

    async signOut(username, refreshToken) {
      try {
        await call('RevokeToken', { Token: refreshToken, ClientId: config.cognito.clientId }, REVOCATION_TIMEOUT_MS);
      } catch {
        // Best effort: a failed revocation must not keep anyone signed in; the tokens are cleared below.
      } finally {
        userFor(username).signOut();
      }
    },
  };
}
