// @vitest-environment node
/**
 * The API's user pool calls go through the AWS SDK (server/core/userPool.ts). A local HTTP server
 * stands in for the Cognito endpoint here (the service itself is a boundary we cannot reach from a
 * test) and records what arrives: every request carries an AWS Signature V4 that this test checks
 * against the secret key itself; throttling and server errors are retried; a hung call times out;
 * credentials come from the default chain; the pool's errors become the API's.
 */
import { createHash, createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createCognitoUserPoolAdmin } from '../../../server/core/userPool';
import { ApiError } from '../../../server/core/module';

interface Seen {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: string;
}

type Answer = { status: number; body: unknown } | 'hang';

let server: Server;
let endpoint: string;
const seen: Seen[] = [];
let answers: Answer[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      seen.push({ method: req.method ?? '', path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      const answer = answers.shift() ?? { status: 200, body: {} };
      if (answer === 'hang') return; // never answers: the client's timeout must end it
      res.writeHead(answer.status, { 'Content-Type': 'application/x-amz-json-1.1' });
      res.end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(
  () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
);
afterEach(() => {
  seen.length = 0;
  answers = [];
  vi.unstubAllEnvs();
});

const KEY_ID = 'AKIDEXAMPLE';
const SECRET = 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY';
const ACCOUNT = {
  Username: 'u-1',
  UserAttributes: [
    { Name: 'sub', Value: 'sub-1' },
    { Name: 'email', Value: 'ana@example.com' },
  ],
};

const admin = (options: Partial<Parameters<typeof createCognitoUserPoolAdmin>[0]> = {}) =>
  createCognitoUserPoolAdmin({
    userPoolId: 'eu-west-1_Test',
    region: 'eu-west-1',
    endpoint,
    credentials: { accessKeyId: KEY_ID, secretAccessKey: SECRET },
    ...options,
  });

const sha256 = (data: string) => createHash('sha256').update(data, 'utf8').digest('hex');
const hmac = (key: Buffer | string, data: string) => createHmac('sha256', key).update(data, 'utf8').digest();

/** Recomputes the request's Signature V4 (AWS's published algorithm) with `secret`; true when it matches. */
function signatureIsValid(request: Seen, secret: string): boolean {
  const authorization = String(request.headers.authorization ?? '');
  const match =
    /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/([^/]+)\/aws4_request, SignedHeaders=([^,]+), Signature=([0-9a-f]{64})$/.exec(
      authorization,
    );
  if (!match) return false;
  const [, , day, region, service, signedHeaders, signature] = match as unknown as string[];
  const names = (signedHeaders as string).split(';');
  const canonicalHeaders = names
    .map(
      (name) =>
        `${name}:${String(request.headers[name] ?? '')
          .trim()
          .replace(/\s+/g, ' ')}\n`,
    )
    .join('');
  const [path, query = ''] = request.path.split('?');
  const canonicalRequest = [request.method, path, query, canonicalHeaders, signedHeaders, sha256(request.body)].join('\n');
  const amzDate = String(request.headers['x-amz-date']);
  const scope = `${day}/${region}/${service}/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256(canonicalRequest)].join('\n');
  const key = ['aws4_request'].reduce(
    (k, part) => hmac(k, part),
    hmac(hmac(hmac(`AWS4${secret}`, day as string), region as string), service as string),
  );
  return createHmac('sha256', key).update(stringToSign, 'utf8').digest('hex') === signature;
}

describe('user pool calls through the AWS SDK', () => {
  it("signs every request with Signature V4 for the pool's region and the cognito-idp service", async () => {
    answers = [{ status: 200, body: ACCOUNT }];
    expect(await admin().findAccount?.('ana@example.com')).toEqual({ sub: 'sub-1', email: 'ana@example.com' });
    const [request] = seen;
    expect(request?.headers['x-amz-target']).toBe('AWSCognitoIdentityProviderService.AdminGetUser');
    expect(String(request?.headers.authorization)).toMatch(
      /^AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE\/\d{8}\/eu-west-1\/cognito-idp\/aws4_request, SignedHeaders=\S*host\S*x-amz-date\S*, Signature=[0-9a-f]{64}$/,
    );
    expect(JSON.parse(request?.body ?? '')).toEqual({ UserPoolId: 'eu-west-1_Test', Username: 'ana@example.com' });
    expect(signatureIsValid(request as Seen, SECRET)).toBe(true);
    expect(signatureIsValid(request as Seen, 'another-secret')).toBe(false);
  });

  it('takes its credentials from the default chain (here the AWS_* variables) when none are given', async () => {
    vi.stubEnv('AWS_ACCESS_KEY_ID', 'AKIDFROMENV');
    vi.stubEnv('AWS_SECRET_ACCESS_KEY', 'secret-from-env');
    vi.stubEnv('AWS_SESSION_TOKEN', 'session-from-env');
    await admin({ credentials: undefined }).disableUser('ana@example.com');
    const [request] = seen;
    expect(String(request?.headers.authorization)).toContain('Credential=AKIDFROMENV/');
    expect(request?.headers['x-amz-security-token']).toBe('session-from-env');
    expect(signatureIsValid(request as Seen, 'secret-from-env')).toBe(true);
  });

  it('retries throttling and server errors with back-off, then succeeds', async () => {
    answers = [
      { status: 400, body: { __type: 'TooManyRequestsException', message: 'Too many requests' } },
      { status: 500, body: { __type: 'InternalErrorException', message: 'Internal error' } },
      { status: 200, body: {} },
    ];
    await admin().enableUser('ana@example.com');
    expect(seen.map((r) => r.headers['amz-sdk-request'])).toEqual(['attempt=1; max=3', 'attempt=2; max=3', 'attempt=3; max=3']);
    expect(seen.every((r) => signatureIsValid(r, SECRET))).toBe(true);
  });

  it('gives up on a call the pool never answers, as a 502 naming it', async () => {
    answers = ['hang'];
    const call = admin({ maxAttempts: 1, requestTimeoutMs: 200 }).signOutEverywhere('ana@example.com');
    await expect(call).rejects.toMatchObject({
      status: 502,
      message: 'The user pool could not sign the account out. Nothing was changed; try again in a moment.',
    });
  });

  it("answers the pool's errors as the API's: no account 404 (a deletion is then done), an existing one 409, the rest 502", async () => {
    const notFound = { status: 400, body: { __type: 'UserNotFoundException', message: 'User does not exist.' } };
    answers = [notFound, notFound, notFound];
    await expect(admin().disableUser('gone@example.com')).rejects.toEqual(
      new ApiError(404, 'The user pool has no account gone@example.com.'),
    );
    await admin().deleteUser('gone@example.com');
    expect(await admin().findAccount?.('gone@example.com')).toBeNull();

    answers = [{ status: 400, body: { __type: 'UsernameExistsException', message: 'User account already exists' } }];
    const input = {
      email: 'ana@example.com',
      name: 'Ana',
      phoneNumber: '+15550100000',
      organization: 'Co',
      temporaryPassword: 'Temp#2026abc',
    };
    await expect(admin().createUserWithTemporaryPassword(input)).rejects.toMatchObject({ status: 409, field: 'email' });

    answers = [{ status: 400, body: { __type: 'UnsupportedUserStateException', message: 'Resend not possible.' } }];
    await expect(admin().resendInvitation({ email: 'ana@example.com', temporaryPassword: 'Temp#2026abc' })).rejects.toMatchObject({
      status: 409,
    });

    answers = [{ status: 400, body: { __type: 'NotAuthorizedException', message: 'Not authorized' } }];
    // The pool's own message is the error's cause (the log's), never the answer's.
    const refused = await admin()
      .deleteUser('ana@example.com')
      .then(
        () => null,
        (error: unknown) => error,
      );
    expect(refused).toMatchObject({
      status: 502,
      message: 'The user pool could not delete the account. Nothing was changed; try again in a moment.',
      cause: { name: 'NotAuthorizedException', message: 'Not authorized' },
    });
  });

  it('invites by email with the given temporary password, and resends with MessageAction RESEND', async () => {
    answers = [
      { status: 200, body: { User: { Username: 'u-2', Attributes: [{ Name: 'sub', Value: 'sub-2' }] } } },
      { status: 200, body: {} },
    ];
    const pool = admin();
    const input = {
      email: 'bo@example.com',
      name: 'Bo',
      phoneNumber: '+15550100001',
      organization: 'Co',
      temporaryPassword: 'Temp#2026abc',
    };
    expect(await pool.createUserWithTemporaryPassword(input)).toEqual({ sub: 'sub-2' });
    await pool.resendInvitation({ email: 'bo@example.com', temporaryPassword: 'Temp#2026xyz' });
    const [create, resend] = seen.map((r) => JSON.parse(r.body) as Record<string, unknown>);
    expect(create).toMatchObject({ Username: 'bo@example.com', TemporaryPassword: 'Temp#2026abc', DesiredDeliveryMediums: ['EMAIL'] });
    expect(create).not.toHaveProperty('MessageAction');
    expect(resend).toEqual({
      UserPoolId: 'eu-west-1_Test',
      Username: 'bo@example.com',
      TemporaryPassword: 'Temp#2026xyz',
      MessageAction: 'RESEND',
      DesiredDeliveryMediums: ['EMAIL'],
    });
  });
});
