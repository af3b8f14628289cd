/**
 * Two-factor sign-in with an authenticator app (TOTP), turned on and off by the signed-in person.
 *
 * On: AssociateSoftwareToken gives a new secret, shown as a QR code of its `otpauth://` URI and as
 * text; the app's first code goes to VerifySoftwareToken; SetUserMFAPreference then turns the
 * authenticator app on (and preferred), so the next sign-in meets the SOFTWARE_TOKEN_MFA challenge
 * (answered by `answerTotp`, ./identityService.ts).
 *
 * Off: the person gives a current code first. Cognito has no call that only checks a code of a
 * verified secret, so VerifySoftwareToken (with the access token) checks it against the secret in
 * use; SetUserMFAPreference then turns the app off. A new secret is never associated on the way:
 * AssociateSoftwareToken replaces the secret, and on Cognito a replaced, unverified secret leaves
 * sign-in without its second step while GetUser still reports it on.
 *
 * Every call takes the access token the identity service holds (refreshed ahead of expiry);
 * failures leave as `IdentityError`s with the messages of ./twoFactorErrors.ts (`TWO_FACTOR_MESSAGES`).
 *
 * The identity service imports this module on the first two-factor call (./identityService.ts), so it is not
 * part of the /login JavaScript.
 */
import type { CognitoClient } from './gateway';
import { IdentityError, REQUIRED_INPUT_MESSAGES } from './errors';
import { TWO_FACTOR_MESSAGES, twoFactorError } from './twoFactorErrors';

/** The issuer the authenticator app lists the account under. */
const TOTP_ISSUER = 'Hardline';

/** The Cognito name of the authenticator-app method. */
const SOFTWARE_TOKEN_MFA = 'SOFTWARE_TOKEN_MFA';

export interface TwoFactorStatus {
  /** Whether sign-in asks for the authenticator app's code. */
  readonly enabled: boolean;
}

export interface TwoFactorSetup {
  /** The shared secret (base32), for typing into the app by hand. */
  readonly secret: string;
  /** The `otpauth://totp/...` URI the QR code carries. */
  readonly uri: string;
  /** The account the app lists it under (the email). */
  readonly account: string;
}

export interface TwoFactorService {
  getTwoFactorStatus(): Promise<TwoFactorStatus>;
  /** A new secret for the authenticator app (turning it on is `enableTwoFactor`, with its first code). */
  startTwoFactorSetup(): Promise<TwoFactorSetup>;
  /** Checks the app's code against the new secret, then turns the authenticator app on. */
  enableTwoFactor(params: { code: string }): Promise<void>;
  /** Checks a current code of the app, then turns the authenticator app off. */
  disableTwoFactor(params: { code: string }): Promise<void>;
}

/**
 * The Key URI of an authenticator app: `otpauth://totp/<issuer>:<account>?secret=...&issuer=...`
 * (label parts and parameters percent-encoded; the colon between issuer and account stays literal).
 */
export function otpauthUri(account: string, secret: string, issuer: string = TOTP_ISSUER): string {
  const label = `${encodeURIComponent(issuer)}:${encodeURIComponent(account)}`;
  return `otpauth://totp/${label}?secret=${encodeURIComponent(secret)}&issuer=${encodeURIComponent(issuer)}`;
}

type TotpGateway = Pick<CognitoClient, 'getMfaSettings' | 'associateSoftwareToken' | 'verifySoftwareToken' | 'setSoftwareTokenMfa'>;

interface TwoFactorDependencies {
  readonly gateway: TotpGateway;
  /** A valid access token (refreshed first when close to expiry), or null without a session. */
  readonly accessToken: () => Promise<string | null>;
  /** The signed-in account's email, or null without a session. */
  readonly account: () => string | null;
}

export function createTwoFactorService({ gateway, accessToken, account }: TwoFactorDependencies): TwoFactorService {
  /** Runs one step with the access token; any failure leaves mapped, with `fallback` for the rest. */
  const withToken = async <T>(fallback: string, step: (token: string) => Promise<T>): Promise<T> => {
    let token: string | null;
    try {
      token = await accessToken();
    } catch (error) {
      throw twoFactorError(error, fallback);
    }
    if (token === null) throw new IdentityError(TWO_FACTOR_MESSAGES.sessionExpired, 'auth', 'NoSession');
    try {
      return await step(token);
    } catch (error) {
      throw twoFactorError(error, fallback);
    }
  };

  const requiredCode = (code: string): string => {
    const trimmed = code.trim();
    if (trimmed === '') throw new IdentityError(REQUIRED_INPUT_MESSAGES.code, 'rejected');
    return trimmed;
  };

  return {
    getTwoFactorStatus: () =>
      withToken(TWO_FACTOR_MESSAGES.loadFallback, async (token) => {
        const settings = await gateway.getMfaSettings(token);
        return { enabled: settings.enabledMethods.includes(SOFTWARE_TOKEN_MFA) || settings.preferred === SOFTWARE_TOKEN_MFA };
      }),

    startTwoFactorSetup: () =>
      withToken(TWO_FACTOR_MESSAGES.setupFallback, async (token) => {
        const email = account();
        if (email === null) throw new IdentityError(TWO_FACTOR_MESSAGES.sessionExpired, 'auth', 'NoSession');
        const secret = await gateway.associateSoftwareToken(token);
        return { secret, uri: otpauthUri(email, secret), account: email };
      }),

    async enableTwoFactor({ code }) {
      const trimmed = requiredCode(code);
      await withToken(TWO_FACTOR_MESSAGES.enableFallback, async (token) => {
        await gateway.verifySoftwareToken(token, trimmed);
        await gateway.setSoftwareTokenMfa(token, true);
      });
    },

    async disableTwoFactor({ code }) {
      const trimmed = requiredCode(code);
      await withToken(TWO_FACTOR_MESSAGES.disableFallback, async (token) => {
        await gateway.verifySoftwareToken(token, trimmed);
        await gateway.setSoftwareTokenMfa(token, false);
      });
    },
  };
}
