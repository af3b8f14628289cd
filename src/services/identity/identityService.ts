/**
 * The identity service over a gateway (./gateway.ts): the session and its refresh, the sign-in
 * steps and the challenge kept between them, sign-out, and the two-factor settings fetched on first
 * use (./totp.ts). Its calls are typed in ./identityServiceTypes.ts and exported by ./index.ts; the
 * running console builds it over the Cognito SDK in ./browserIdentityService.ts.
 *
 * The session, the refresh in flight and the challenge stay in one closure: a sign-in starts the
 * session and drops the challenge, sign-out ends both, a refresh replaces the tokens of the session
 * in hand. Split into factories over a shared state object, the same code measured 0.1 kB (gzip)
 * more in the /login JavaScript, whose budget has no room for it. Sign-up and password reset use
 * none of that state and live in ./signUpAndReset.ts, fetched when first used.
 */
import type { AuthOutcome, CognitoGateway, SessionTokens } from './gateway';
import {
  IdentityError,
  MFA_MESSAGES,
  NEW_PASSWORD_MESSAGES,
  REQUIRED_INPUT_MESSAGES,
  SIGN_IN_MESSAGES,
  UNREACHABLE_MESSAGE,
  newPasswordError,
  refreshFailure,
  signInError,
  totpError,
} from './errors';
import type { IdentityService, SessionUser } from './identityServiceTypes';
import type { TwoFactorService } from './totp';
import { loadOnce } from '../loadOnce';

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
  // The id token's email first: a session read back from storage (a reload) has as its login id the
  // name the SDK stored it under, which after an SRP sign-in is the pool's username (a UUID), not the email.
  return { username: attributes['cognito:username'] ?? loginId, email: attributes.email || loginId, attributes };
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
    const presented = current.tokens.refreshToken;
    refreshing = gateway
      .refresh(current.loginId, presented, (late) => {
        // Answered after it was given up as unreachable: kept while this session still presents the
        // token refreshed (not after Sign out, another sign-in, or a retry that has refreshed since).
        if (session === current && current.tokens.refreshToken === presented) current.tokens = late;
      })
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
    return current ? userOf(current.loginId, current.tokens).email : null;
  };

  const signedIn = (loginId: string, tokens: SessionTokens): SessionUser => {
    session = { loginId, tokens };
    challenge = null;
    return userOf(loginId, tokens);
  };

  /**
   * Answers the challenge the sign-in step kept (`kind`: the new password, or the authenticator code):
   * refused with `expired` once it has expired or another sign-in has replaced it; a session, or
   * `notSession` when the pool asks for yet another step; a failure as `error` makes it.
   */
  const answerChallenge = async (
    kind: Challenge['kind'],
    answer: string,
    messages: { expired: string; notSession: string; error: (error: unknown) => IdentityError },
  ): Promise<SessionUser> => {
    const pending = challenge;
    if (!pending || pending.kind !== kind || pending.expiresAt <= now()) {
      challenge = null;
      throw new IdentityError(messages.expired, 'auth', 'ChallengeExpired');
    }
    let outcome: AuthOutcome;
    try {
      outcome = await pending.respond(answer);
    } catch (error) {
      throw messages.error(error);
    }
    if (outcome.kind !== 'session') {
      challenge = null;
      throw new IdentityError(messages.notSession, 'rejected', outcome.kind);
    }
    return signedIn(pending.loginId, outcome.tokens);
  };

  /** A call whose code, fetched on first use, could not be fetched: nothing was sent to the pool. */
  const unreachable = (): IdentityError => new IdentityError(UNREACHABLE_MESSAGE, 'network', 'ModuleNotLoaded');

  // Two-factor settings are for a signed-in person: their code (./totp.ts) is fetched on first use.
  const twoFactor = loadOnce(() =>
    import('./totp').then(
      ({ createTwoFactorService }): TwoFactorService =>
        createTwoFactorService({ gateway, accessToken: getAccessToken, account: accountEmail }),
      () => {
        throw unreachable();
      },
    ),
  );

  // Signing up, confirming an email and resetting a password happen on /login's other forms, not
  // on the sign-in most visits are: their code (./signUpAndReset.ts, with their errors' messages) is
  // fetched on first use, as the pool's SDK is. A fetch that fails is a network failure; the next
  // call tries again.
  const signUpAndReset = loadOnce(() =>
    import('./signUpAndReset').then(
      ({ createSignUpAndReset }) => createSignUpAndReset(gateway),
      () => {
        throw unreachable();
      },
    ),
  );

  return {
    signUp: async (params) => (await signUpAndReset()).signUp(params),
    confirmSignUp: async (params) => (await signUpAndReset()).confirmSignUp(params),
    resendConfirmationCode: async (params) => (await signUpAndReset()).resendConfirmationCode(params),
    requestPasswordReset: async (params) => (await signUpAndReset()).requestPasswordReset(params),
    confirmPasswordReset: async (params) => (await signUpAndReset()).confirmPasswordReset(params),
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
      return answerChallenge('newPassword', newPassword, {
        expired: NEW_PASSWORD_MESSAGES.failed,
        notSession: NEW_PASSWORD_MESSAGES.furtherChallenge,
        error: newPasswordError,
      });
    },

    async answerTotp({ code }) {
      const trimmed = code.trim();
      if (trimmed === '') throw new IdentityError(REQUIRED_INPUT_MESSAGES.code, 'rejected');
      return answerChallenge('totp', trimmed, {
        expired: MFA_MESSAGES.expired,
        notSession: SIGN_IN_MESSAGES.other,
        error: (error) => {
          const mapped = totpError(error);
          // A wrong code may be tried again; a refused session may not.
          if (mapped.kind === 'auth') challenge = null;
          return mapped;
        },
      });
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
