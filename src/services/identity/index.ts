/**
 * The identity service: the hosted user pool (Amazon Cognito) behind plain results.
 *
 * Only this folder knows amazon-cognito-identity-js (through ./cognito.ts). Methods resolve with
 * plain values and reject with `IdentityError`s whose message is already the SPEC §8 text.
 *
 * The SDK is not part of the JavaScript a visitor downloads before /login is usable: what it keeps
 * in storage is read directly (./storedSession.ts), so knowing whether someone is signed in and
 * handing out a valid access token need no SDK; every call that talks to the pool first awaits
 * `import('./cognito')` (one shared download, retried after a failure), and the composition root
 * prefetches it while the page idles (`preload()`), so signing in is not slower.
 *
 * Where the tokens live, and for how long (decision)
 * -------------------------------------------------
 * The id, access and refresh tokens are kept in sessionStorage (the `tokens` store of
 * src/services/storage.ts, handed to the SDK as its `Storage`):
 * - closing the tab or the browser ends the session; a reload keeps it, so an administrator is not
 *   signed out by F5;
 * - sessionStorage is per tab and never sent to any server (unlike a cookie), so no CSRF surface;
 * - like any script-readable store it is exposed to XSS, which the Content-Security-Policy of the
 *   production build is there to prevent; an in-memory-only store would survive XSS no better
 *   (the page's own scripts can still call the API) while losing the session on every reload;
 * - the access and id tokens live as long as the pool issues them (one hour by default) and are
 *   refreshed five minutes ahead of expiry; the refresh token lives until sign-out, the end of the
 *   tab, or its own expiry in the pool (30 days by default) — whichever comes first;
 * - sign-out revokes the refresh token at the pool and removes every identity key from
 *   sessionStorage; the pending confirmation in localStorage is removed by the auth flow on
 *   sign-out. Nothing of the session remains in any storage afterwards.
 */
import type { AppConfig } from '../config';
import type { AppStorage } from '../storage';
import type { AuthOutcome, CognitoClient, CognitoGateway, SessionTokens } from './gateway';
import {
  IdentityError,
  MFA_MESSAGES,
  NEW_PASSWORD_MESSAGES,
  REQUIRED_INPUT_MESSAGES,
  SIGN_IN_MESSAGES,
  TWO_FACTOR_NETWORK_MESSAGE,
  newPasswordError,
  refreshFailure,
  signInError,
  totpError,
} from './errors';
import { createSignUpAndReset, type SignUpAndReset } from './signUpAndReset';
import { createStoredSession } from './storedSession';
import type { TwoFactorService } from './totp';

export { IdentityError } from './errors';
export type { CognitoGateway, AuthOutcome, SessionTokens } from './gateway';
export type { TwoFactorSetup, TwoFactorStatus } from './totp';

export interface SessionUser {
  /** The pool's username for the account (the `cognito:username` claim). */
  readonly username: string;
  /** The login id the person signed in with (their email). */
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

/** Tokens are refreshed when the first of them expires within this margin. */
export const REFRESH_MARGIN_MS = 5 * 60 * 1000;
/** SPEC §4 / §9: the sign-in state kept between steps (the new-password challenge) expires after 3 minutes. */
const CHALLENGE_TTL_MS = 3 * 60 * 1000;

export interface IdentityOptions {
  /** The clock, in epoch milliseconds (tests move it). */
  readonly now?: () => number;
}

interface Session {
  readonly loginId: string;
  tokens: SessionTokens;
}

interface Challenge {
  readonly kind: 'newPassword' | 'totp';
  readonly loginId: string;
  readonly expiresAt: number;
  /** Answers the challenge: the new password, or the authenticator code. */
  readonly respond: (answer: string) => Promise<AuthOutcome>;
}

function userOf(loginId: string, tokens: SessionTokens): SessionUser {
  const attributes: Record<string, string> = {};
  for (const [name, value] of Object.entries(tokens.idClaims)) {
    if (typeof value === 'string') attributes[name] = value;
  }
  return { username: attributes['cognito:username'] ?? loginId, email: loginId, attributes };
}

/** The identity service over any gateway (the real one, or a fake in unit tests). */
export function createIdentityServiceWith(gateway: CognitoGateway, options: IdentityOptions = {}): IdentityService {
  const now = options.now ?? (() => Date.now());
  let session: Session | null = null;
  let challenge: Challenge | null = null;
  let refreshing: Promise<string | null> | null = null;

  /** The session in memory, or the one stored by an earlier page of this tab. */
  const knownSession = (): Session | null => {
    if (session) return session;
    const loginId = gateway.lastUsername();
    if (!loginId) return null;
    const tokens = gateway.storedTokens(loginId);
    if (!tokens) return null;
    session = { loginId, tokens };
    return session;
  };

  const forgetSession = () => {
    session = null;
    gateway.clearStoredTokens();
  };

  const refreshAccessToken = (): Promise<string | null> => {
    if (refreshing) return refreshing;
    const current = knownSession();
    if (!current) return Promise.resolve(null);
    refreshing = gateway
      .refresh(current.loginId, current.tokens.refreshToken)
      .then(
        (tokens) => {
          if (session === current) current.tokens = tokens;
          return tokens.accessToken;
        },
        (error: unknown) => {
          const failure = refreshFailure(error);
          // A refusal ends the session; a network failure keeps it for the next attempt.
          if (failure.kind !== 'network' && session === current) forgetSession();
          throw failure;
        },
      )
      .finally(() => {
        refreshing = null;
      });
    return refreshing;
  };

  const nearExpiry = (tokens: SessionTokens) => tokens.expiresAt - now() < REFRESH_MARGIN_MS;

  const getAccessToken = async (): Promise<string | null> => {
    const current = knownSession();
    if (!current) return null;
    if (nearExpiry(current.tokens)) return refreshAccessToken();
    return current.tokens.accessToken;
  };

  /** The signed-in account's email (the id token's, else the login id), for the authenticator app. */
  const accountEmail = (): string | null => {
    const current = knownSession();
    if (!current) return null;
    const email = current.tokens.idClaims.email;
    return typeof email === 'string' && email !== '' ? email : current.loginId;
  };

  const signedIn = (loginId: string, tokens: SessionTokens): SessionUser => {
    session = { loginId, tokens };
    challenge = null;
    return userOf(loginId, tokens);
  };

  // Two-factor settings are for a signed-in person: their code (./totp.ts) is fetched on first use.
  let twoFactorService: Promise<TwoFactorService> | null = null;
  const twoFactor = (): Promise<TwoFactorService> => {
    const attempt = (twoFactorService ??= import('./totp').then(
      ({ createTwoFactorService }) => createTwoFactorService({ gateway, accessToken: getAccessToken, account: accountEmail }),
      () => {
        throw new IdentityError(TWO_FACTOR_NETWORK_MESSAGE, 'network', 'ModuleNotLoaded');
      },
    ));
    // A failed fetch (a dropped connection) is forgotten, so the next call tries again.
    attempt.catch(() => {
      if (twoFactorService === attempt) twoFactorService = null;
    });
    return attempt;
  };

  return {
    ...createSignUpAndReset(gateway),
    getTwoFactorStatus: async () => (await twoFactor()).getTwoFactorStatus(),
    startTwoFactorSetup: async () => (await twoFactor()).startTwoFactorSetup(),
    enableTwoFactor: async (params) => (await twoFactor()).enableTwoFactor(params),
    disableTwoFactor: async (params) => (await twoFactor()).disableTwoFactor(params),

    async getCurrentSession() {
      const current = knownSession();
      if (!current) return null;
      if (nearExpiry(current.tokens)) {
        try {
          await refreshAccessToken();
        } catch (error) {
          if (error instanceof IdentityError && error.kind === 'auth') return null;
          throw error;
        }
      }
      return session ? userOf(session.loginId, session.tokens) : null;
    },

    async signIn({ username, password }) {
      const loginId = username.trim();
      if (loginId === '') throw new IdentityError(REQUIRED_INPUT_MESSAGES.username, 'rejected');
      if (password === '') throw new IdentityError(REQUIRED_INPUT_MESSAGES.password, 'rejected');
      if (knownSession()) throw new IdentityError(SIGN_IN_MESSAGES.alreadySignedIn, 'rejected', 'UserAlreadyAuthenticatedException');
      challenge = null;
      let outcome: AuthOutcome;
      try {
        outcome = await gateway.authenticate(loginId, password);
      } catch (error) {
        const mapped = signInError(error);
        if (mapped.code === 'UserNotConfirmedException') return { kind: 'confirmSignUp' };
        throw mapped;
      }
      switch (outcome.kind) {
        case 'session':
          return { kind: 'signedIn', user: signedIn(loginId, outcome.tokens) };
        case 'newPasswordRequired':
          challenge = { kind: 'newPassword', loginId, expiresAt: now() + CHALLENGE_TTL_MS, respond: outcome.complete };
          return { kind: 'newPasswordRequired', username: loginId };
        case 'totp':
          challenge = { kind: 'totp', loginId, expiresAt: now() + CHALLENGE_TTL_MS, respond: outcome.answer };
          return { kind: 'totpRequired' };
        case 'mfa':
          return { kind: 'mfa' };
        case 'other':
          return { kind: 'other' };
      }
    },

    async completeNewPassword({ newPassword }) {
      if (newPassword === '') throw new IdentityError(REQUIRED_INPUT_MESSAGES.password, 'rejected');
      const pending = challenge;
      if (!pending || pending.kind !== 'newPassword' || pending.expiresAt <= now()) {
        challenge = null;
        throw new IdentityError(NEW_PASSWORD_MESSAGES.failed, 'auth', 'ChallengeExpired');
      }
      let outcome: AuthOutcome;
      try {
        outcome = await pending.respond(newPassword);
      } catch (error) {
        throw newPasswordError(error);
      }
      if (outcome.kind !== 'session') {
        challenge = null;
        throw new IdentityError(NEW_PASSWORD_MESSAGES.furtherChallenge, 'rejected', outcome.kind);
      }
      return signedIn(pending.loginId, outcome.tokens);
    },

    async answerTotp({ code }) {
      const trimmed = code.trim();
      if (trimmed === '') throw new IdentityError(REQUIRED_INPUT_MESSAGES.code, 'rejected');
      const pending = challenge;
      if (!pending || pending.kind !== 'totp' || pending.expiresAt <= now()) {
        challenge = null;
        throw new IdentityError(MFA_MESSAGES.expired, 'auth', 'ChallengeExpired');
      }
      let outcome: AuthOutcome;
      try {
        outcome = await pending.respond(trimmed);
      } catch (error) {
        const mapped = totpError(error);
        // A wrong code may be tried again; a refused session may not.
        if (mapped.kind === 'auth') challenge = null;
        throw mapped;
      }
      if (outcome.kind !== 'session') {
        challenge = null;
        throw new IdentityError(SIGN_IN_MESSAGES.other, 'rejected', outcome.kind);
      }
      return signedIn(pending.loginId, outcome.tokens);
    },

    async signOut() {
      const current = knownSession();
      challenge = null;
      session = null;
      try {
        if (current) await gateway.signOut(current.loginId, current.tokens.refreshToken);
      } finally {
        gateway.clearStoredTokens();
      }
    },

    async signOutAllDevices() {
      challenge = null;
      try {
        // A token the pool still accepts (refreshed first when close to expiry).
        const accessToken = await getAccessToken();
        if (accessToken) await gateway.globalSignOut(accessToken);
      } finally {
        session = null;
        gateway.clearStoredTokens();
      }
    },

    getAccessToken,

    refreshAccessToken,

    async getIdTokenSub() {
      const current = knownSession();
      const sub = current?.tokens.idClaims.sub;
      return typeof sub === 'string' ? sub : null;
    },
  };
}

/** The identity service of the running console, with a way to fetch the SDK ahead of need. */
export interface BrowserIdentityService extends IdentityService {
  /** Whether this tab holds a stored session (read synchronously, no network, no SDK). */
  hasStoredSession(): boolean;
  /** Starts downloading the Cognito SDK now (once); resolves when it is ready, or failed to arrive. */
  preload(): Promise<void>;
}

/** The SDK's chunk could not be fetched: reported the way the SDK reports an unreachable pool. */
function sdkUnavailable(cause: unknown): Error {
  return Object.assign(new Error('Network error', { cause }), { code: 'NetworkError' });
}

/** The identity service of the running console (composition root: src/main.tsx). */
export function createIdentityService(config: AppConfig, storage: AppStorage): BrowserIdentityService {
  const stored = createStoredSession(config.cognito.clientId, storage.tokens);
  let client: Promise<CognitoClient> | null = null;
  const sdk = (): Promise<CognitoClient> => {
    client ??= import('./cognito').then(
      (module) => module.createCognitoClient(config, storage.tokens),
      (error: unknown) => {
        client = null;
        throw sdkUnavailable(error);
      },
    );
    return client;
  };
  const gateway: CognitoGateway = {
    lastUsername: () => stored.lastUsername(),
    storedTokens: (username) => stored.storedTokens(username),
    clearStoredTokens: () => stored.clearStoredTokens(),
    authenticate: async (username, password) => (await sdk()).authenticate(username, password),
    refresh: async (username, refreshToken) => (await sdk()).refresh(username, refreshToken),
    signUp: async (request) => (await sdk()).signUp(request),
    confirmSignUp: async (username, code) => (await sdk()).confirmSignUp(username, code),
    resendConfirmationCode: async (username) => (await sdk()).resendConfirmationCode(username),
    forgotPassword: async (username) => (await sdk()).forgotPassword(username),
    confirmForgotPassword: async (username, code, newPassword) => (await sdk()).confirmForgotPassword(username, code, newPassword),
    getMfaSettings: async (accessToken) => (await sdk()).getMfaSettings(accessToken),
    associateSoftwareToken: async (accessToken) => (await sdk()).associateSoftwareToken(accessToken),
    verifySoftwareToken: async (accessToken, code) => (await sdk()).verifySoftwareToken(accessToken, code),
    setSoftwareTokenMfa: async (accessToken, enabled) => (await sdk()).setSoftwareTokenMfa(accessToken, enabled),
    async signOut(username, refreshToken) {
      // Revocation is best effort (as in ./cognito.ts): without the SDK there is nothing to revoke
      // with, and the service clears the stored tokens either way.
      const pool = await sdk().catch(() => null);
      if (pool) await pool.signOut(username, refreshToken);
    },
    globalSignOut: async (accessToken) => (await sdk()).globalSignOut(accessToken),
  };
  return {
    ...createIdentityServiceWith(gateway),
    hasStoredSession() {
      const username = stored.lastUsername();
      return username !== null && stored.storedTokens(username) !== null;
    },
    preload: () =>
      sdk().then(
        () => undefined,
        () => undefined,
      ),
  };
}
