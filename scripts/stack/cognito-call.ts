/**
 * The Cognito Identity Provider JSON protocol by hand (POST / with `X-Amz-Target`), unsigned: for the
 * local stack's own tooling and tests, which talk to cognito-local directly (creating the pool and
 * its client, the stand-in's calls, signing in from a test). The API itself calls the user pool only
 * through the AWS SDK (server/core/userPool.ts), which signs its requests for AWS.
 */
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
