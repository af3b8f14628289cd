/**
 * The user pool, administered through the AWS SDK (`@aws-sdk/client-cognito-identity-provider`): the
 * SDK signs every request with Signature V4, retries throttling and server errors with back-off, and
 * takes its credentials from the default chain (environment, shared files, the container's or the
 * instance's role). Against cognito-local (the local stack) the same code runs with an endpoint
 * override and dummy credentials.
 *
 * IAM actions the API's role needs on the pool (docs/DEPLOYMENT.md): cognito-idp:AdminCreateUser,
 * AdminGetUser, AdminDisableUser, AdminEnableUser, AdminDeleteUser, AdminUserGlobalSignOut.
 *
 * Failures reach the HTTP layer as ApiError: an account that is not there is 404, one that already
 * exists 409, anything else the pool answered or failed with 502 (naming the call, never repeating the
 * pool's own message, which is logged), so a route that does not handle them still answers sensibly.
 */
import { randomInt } from 'node:crypto';
import {
  AdminCreateUserCommand,
  AdminDeleteUserCommand,
  AdminDisableUserCommand,
  AdminEnableUserCommand,
  AdminGetUserCommand,
  AdminUserGlobalSignOutCommand,
  CognitoIdentityProviderClient,
  type AttributeType,
  type CognitoIdentityProviderClientConfig,
} from '@aws-sdk/client-cognito-identity-provider';
import { ApiError, type UserPoolAdmin } from './module';

/** Cognito's default TemporaryPasswordValidityDays, and the local stack pool's (scripts/stack/cognito.ts). */
export const DEFAULT_TEMPORARY_PASSWORD_DAYS = 7;

const UPPER = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
const LOWER = 'abcdefghijkmnopqrstuvwxyz';
const DIGITS = '23456789';
const SYMBOLS = '#$%&*!?@';

/** A temporary password meeting the pool policy: 12 characters with upper, lower, digit and symbol. */
export function generateTemporaryPassword(length = 12): string {
  const pick = (set: string) => set.charAt(randomInt(set.length));
  const all = UPPER + LOWER + DIGITS + SYMBOLS;
  const chars = [pick(UPPER), pick(LOWER), pick(DIGITS), pick(SYMBOLS)];
  while (chars.length < length) chars.push(pick(all));
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j] as string, chars[i] as string];
  }
  return chars.join('');
}

function attributeOf(attributes: readonly AttributeType[] | undefined, name: string): string | undefined {
  return attributes?.find((a) => a.Name === name)?.Value;
}

export interface CognitoUserPoolAdminOptions {
  userPoolId: string;
  region: string;
  /** cognito-local's address (the local stack); unset for AWS, where the region decides it. */
  endpoint?: string;
  /** Explicit credentials (dummy ones for cognito-local); the SDK's default chain when unset. */
  credentials?: CognitoIdentityProviderClientConfig['credentials'];
  /** Attempts per call, the first included (default 3: two retries with back-off). */
  maxAttempts?: number;
  /** The pool's TemporaryPasswordValidityDays (COGNITO_TEMPORARY_PASSWORD_DAYS; 7, Cognito's default, when unset). */
  temporaryPasswordValidityDays?: number;
  /** Per attempt: connecting (default 3 s) and the whole request (default 10 s). */
  connectionTimeoutMs?: number;
  requestTimeoutMs?: number;
}

/** The SDK client for a pool (also for tests, which point it at a recording server). */
function createUserPoolClient(options: Omit<CognitoUserPoolAdminOptions, 'userPoolId'>): CognitoIdentityProviderClient {
  return new CognitoIdentityProviderClient({
    region: options.region,
    ...(options.endpoint ? { endpoint: options.endpoint } : {}),
    ...(options.credentials ? { credentials: options.credentials } : {}),
    maxAttempts: options.maxAttempts ?? 3,
    retryMode: 'standard',
    requestHandler: {
      connectionTimeout: options.connectionTimeoutMs ?? 3_000,
      requestTimeout: options.requestTimeoutMs ?? 10_000,
      throwOnRequestTimeout: true,
    },
  });
}

const errorName = (error: unknown) => (error instanceof Error ? error.name : '');

/** The pool failed: the answer says what could not be done; the pool's own message is logged (the cause). */
function failed(what: string, error: unknown): ApiError {
  return new ApiError(502, `The user pool could not ${what}. Nothing was changed; try again in a moment.`, undefined, { cause: error });
}

function noAccount(username: string): ApiError {
  return new ApiError(404, `The user pool has no account ${username}.`);
}

/**
 * The pool's administration for the API:
 * - invitations: AdminCreateUser with a temporary password, which the pool sends by email (its
 *   invitation message); the account must set a new password at first sign-in
 *   (FORCE_CHANGE_PASSWORD). `resendInvitation` sends it again with a new temporary password
 *   (MessageAction RESEND), while the account has not signed in yet;
 * - accounts: AdminGetUser (signup completion takes the email from the pool, never from a body);
 * - access: disable, enable, delete, and sign out everywhere (AdminUserGlobalSignOut: the account's
 *   refresh tokens stop working; access tokens already issued live until they expire).
 */
export function createCognitoUserPoolAdmin(options: CognitoUserPoolAdminOptions): UserPoolAdmin {
  const client = createUserPoolClient(options);
  const UserPoolId = options.userPoolId;

  /** A call on one account; a missing account is 404 unless `missing` says what it means instead. */
  const onAccount = async (what: string, username: string, send: () => Promise<unknown>, missing?: () => void) => {
    try {
      await send();
    } catch (error) {
      if (errorName(error) === 'UserNotFoundException') {
        if (missing) return missing();
        throw noAccount(username);
      }
      throw failed(what, error);
    }
  };

  return {
    temporaryPasswordValidityDays: options.temporaryPasswordValidityDays ?? DEFAULT_TEMPORARY_PASSWORD_DAYS,

    async createUserWithTemporaryPassword({ email, name, phoneNumber, organization, temporaryPassword }) {
      let user;
      try {
        ({ User: user } = await client.send(
          new AdminCreateUserCommand({
            UserPoolId,
            Username: email,
            TemporaryPassword: temporaryPassword,
            DesiredDeliveryMediums: ['EMAIL'],
            UserAttributes: [
              { Name: 'email', Value: email },
              { Name: 'email_verified', Value: 'true' },
              { Name: 'name', Value: name },
              { Name: 'phone_number', Value: phoneNumber },
              { Name: 'custom:organization', Value: organization },
            ],
          }),
        ));
      } catch (error) {
        if (errorName(error) === 'UsernameExistsException') {
          throw new ApiError(409, `An account for ${email} already exists in the user pool.`, 'email');
        }
        throw failed('create the account', error);
      }
      const sub = attributeOf(user?.Attributes, 'sub');
      if (!sub) throw new ApiError(502, 'The user pool created the account but returned no sub.');
      return { sub };
    },

    async resendInvitation({ email, temporaryPassword }) {
      try {
        await client.send(
          new AdminCreateUserCommand({
            UserPoolId,
            Username: email,
            TemporaryPassword: temporaryPassword,
            MessageAction: 'RESEND',
            DesiredDeliveryMediums: ['EMAIL'],
          }),
        );
      } catch (error) {
        if (errorName(error) === 'UserNotFoundException') throw noAccount(email);
        if (errorName(error) === 'UnsupportedUserStateException') {
          throw new ApiError(409, `${email} has already signed in and chosen a password: there is no invitation to resend.`, 'email');
        }
        throw failed('resend the invitation', error);
      }
    },

    async findAccount(username) {
      let attributes: AttributeType[] | undefined;
      let status: string | undefined;
      try {
        ({ UserAttributes: attributes, UserStatus: status } = await client.send(
          new AdminGetUserCommand({ UserPoolId, Username: username }),
        ));
      } catch (error) {
        if (errorName(error) === 'UserNotFoundException') return null;
        throw failed('be asked about the account', error);
      }
      const sub = attributeOf(attributes, 'sub');
      const email = attributeOf(attributes, 'email');
      if (!sub || !email) throw new ApiError(502, 'The user pool answered an account without a sub or an email.');
      return { sub, email, ...(status ? { status } : {}) };
    },

    disableUser: (username) =>
      onAccount('disable the account', username, () => client.send(new AdminDisableUserCommand({ UserPoolId, Username: username }))),

    enableUser: (username) =>
      onAccount('enable the account', username, () => client.send(new AdminEnableUserCommand({ UserPoolId, Username: username }))),

    // Deleting an account that is already gone is done: a retried deletion succeeds.
    deleteUser: (username) =>
      onAccount(
        'delete the account',
        username,
        () => client.send(new AdminDeleteUserCommand({ UserPoolId, Username: username })),
        () => undefined,
      ),

    signOutEverywhere: (username) =>
      onAccount('sign the account out', username, () => client.send(new AdminUserGlobalSignOutCommand({ UserPoolId, Username: username }))),
  };
}
