/**
 * The user pool over the AWS JSON protocol (POST / with `X-Amz-Target`), as cognito-local 5.3 and the
 * Cognito service speak it — no aws-sdk. Unsigned requests: enough for cognito-local; against a real
 * pool the admin calls need SigV4, so deploy the product API with its own pool credentials instead.
 */
import { randomInt } from 'node:crypto';
import { ApiError, type UserPoolAdmin } from './module';

export class CognitoError extends Error {
  constructor(
    readonly type: string,
    message: string,
    readonly httpStatus: number,
  ) {
    super(message);
    this.name = 'CognitoError';
  }
}

/** One call of the Cognito Identity Provider API, e.g. `cognitoCall(endpoint, 'AdminCreateUser', {...})`. */
export async function cognitoCall<T = Record<string, unknown>>(
  endpoint: string,
  target: string,
  body: object,
  signal?: AbortSignal,
): Promise<T> {
  const response = await fetch(`${endpoint.replace(/\/+$/, '')}/`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/x-amz-json-1.1',
      'X-Amz-Target': `AWSCognitoIdentityProviderService.${target}`,
    },
    body: JSON.stringify(body),
    signal: signal ?? AbortSignal.timeout(15_000),
  });
  const text = await response.text();
  let data: unknown = {};
  try {
    data = text === '' ? {} : JSON.parse(text);
  } catch {
    data = { message: text };
  }
  if (!response.ok) {
    const record = (data ?? {}) as { __type?: unknown; message?: unknown };
    const type = typeof record.__type === 'string' ? (record.__type.split('#').pop() ?? record.__type) : 'UnknownError';
    const message = typeof record.message === 'string' ? record.message : `HTTP ${response.status}`;
    throw new CognitoError(type, message, response.status);
  }
  return data as T;
}

interface AttributeType {
  Name: string;
  Value?: string;
}

export function attributeOf(attributes: readonly AttributeType[] | undefined, name: string): string | undefined {
  return attributes?.find((a) => a.Name === name)?.Value;
}

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

export interface CognitoUserPoolAdminOptions {
  endpoint: string;
  userPoolId: string;
  /** Told about every temporary password issued (the local stack prints it). */
  onTemporaryPassword?: (email: string, password: string) => void;
}

/**
 * Creates invited members with AdminCreateUser (FORCE_CHANGE_PASSWORD, so they set a password at
 * first sign-in) and reads accounts with AdminGetUser (signup completion takes the email from here).
 */
export function createCognitoUserPoolAdmin({ endpoint, userPoolId, onTemporaryPassword }: CognitoUserPoolAdminOptions): UserPoolAdmin {
  return {
    async createUserWithTemporaryPassword({ email, name, phoneNumber, organization, temporaryPassword }) {
      let result: { User?: { Attributes?: AttributeType[] } };
      try {
        result = await cognitoCall(endpoint, 'AdminCreateUser', {
          UserPoolId: userPoolId,
          Username: email,
          TemporaryPassword: temporaryPassword,
          MessageAction: 'SUPPRESS',
          UserAttributes: [
            { Name: 'email', Value: email },
            { Name: 'email_verified', Value: 'true' },
            { Name: 'name', Value: name },
            { Name: 'phone_number', Value: phoneNumber },
            { Name: 'custom:organization', Value: organization },
          ],
        });
      } catch (error) {
        if (error instanceof CognitoError && error.type === 'UsernameExistsException') {
          throw new ApiError(409, `An account for ${email} already exists in the user pool.`, 'email');
        }
        const reason = error instanceof Error ? error.message : String(error);
        throw new ApiError(502, `The user pool could not create the account: ${reason}`);
      }
      const sub = attributeOf(result.User?.Attributes, 'sub');
      if (!sub) throw new ApiError(502, 'The user pool created the account but returned no sub.');
      onTemporaryPassword?.(email, temporaryPassword);
      return { sub };
    },

    async findAccount(username) {
      let result: { UserAttributes?: AttributeType[] };
      try {
        result = await cognitoCall(endpoint, 'AdminGetUser', { UserPoolId: userPoolId, Username: username });
      } catch (error) {
        if (error instanceof CognitoError && error.type === 'UserNotFoundException') return null;
        const reason = error instanceof Error ? error.message : String(error);
        throw new ApiError(502, `The user pool could not be asked about the account: ${reason}`);
      }
      const sub = attributeOf(result.UserAttributes, 'sub');
      const email = attributeOf(result.UserAttributes, 'email');
      if (!sub || !email) throw new ApiError(502, 'The user pool answered an account without a sub or an email.');
      return { sub, email };
    },
  };
}
