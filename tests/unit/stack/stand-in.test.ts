// @vitest-environment node
/**
 * The user pool admin the API uses (server/core/userPool.ts, the AWS SDK) against the local stack's
 * identity service: cognito-local behind its stand-in (scripts/stack/resend-proxy.ts), on free ports.
 * Each method does what it says there as it would on AWS, including the calls cognito-local lacks
 * or gets wrong, which the stand-in answers: a resent invitation with a new temporary password,
 * sign-out everywhere (admin and user), disabled accounts that can neither sign in nor refresh, and
 * the refresh the console makes (GetTokensFromRefreshToken).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserPoolAdmin } from '../../../server/core/module';
import { createCognitoUserPoolAdmin } from '../../../server/core/userPool';
import { createPool, deliveredCodeParser, startCognitoLocal, type CognitoProcess, type PoolState } from '../../../scripts/stack/cognito';
import { cognitoCall, CognitoError } from '../../../scripts/stack/cognito-call';
import { createIssuedCodes, type IssuedCodes } from '../../../scripts/stack/codes';
import { freePort } from '../../../scripts/stack/processes';
import { startResendProxy, type ResendProxy } from '../../../scripts/stack/resend-proxy';

let dir: string;
let emulator: CognitoProcess;
let emulatorUrl: string;
let proxy: ResendProxy;
let pool: PoolState;
let codes: IssuedCodes;
let admin: UserPoolAdmin;
const printed: string[] = [];

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'hardline-stand-in-'));
  const emulatorPort = await freePort();
  emulatorUrl = `http://127.0.0.1:${emulatorPort}`;
  codes = createIssuedCodes((line) => printed.push(line));
  const parse = deliveredCodeParser(codes.delivered);
  proxy = await startResendProxy({ port: 0, upstream: emulatorUrl, codes, stateFile: join(dir, 'stand-in.json') });
  emulator = await startCognitoLocal({ dir, port: emulatorPort, issuerEndpoint: proxy.endpoint, onLine: parse });
  pool = await createPool(proxy.endpoint);
  proxy.setPool(pool);
  admin = createCognitoUserPoolAdmin({
    userPoolId: pool.userPoolId,
    region: 'local',
    endpoint: proxy.endpoint,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
}, 120_000);

afterAll(async () => {
  await proxy?.close();
  await emulator?.stop();
  await rm(dir, { recursive: true, force: true });
}, 30_000);

const PASSWORD = 'Chosen#2026pass';
let people = 0;
const newEmail = (name: string) => `${name}.${++people}@stand-in.example`;

interface AuthResult {
  AuthenticationResult?: { AccessToken: string; IdToken?: string; RefreshToken?: string };
  ChallengeName?: string;
  Session?: string;
}

const call = <T = Record<string, unknown>>(target: string, body: object) => cognitoCall<T>(proxy.endpoint, target, body);
const signIn = (email: string, password: string) =>
  call<AuthResult>('InitiateAuth', {
    AuthFlow: 'USER_PASSWORD_AUTH',
    ClientId: pool.clientId,
    AuthParameters: { USERNAME: email, PASSWORD: password },
  });
/** The console's refresh (src/services/identity/cognito.ts). */
const refresh = (token: string) => call<AuthResult>('GetTokensFromRefreshToken', { ClientId: pool.clientId, RefreshToken: token });
/** The refresh of clients without rotation (the emulator's own). */
const initiateRefresh = (token: string) =>
  call<AuthResult>('InitiateAuth', { AuthFlow: 'REFRESH_TOKEN_AUTH', ClientId: pool.clientId, AuthParameters: { REFRESH_TOKEN: token } });
const getUser = (accessToken: string) => call<{ Username: string }>('GetUser', { AccessToken: accessToken });

/** What the pool answered instead, as `<type>: <message>`. */
async function refusal(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof CognitoError) return `${error.type}: ${error.message}`;
    throw error;
  }
  throw new Error('The call was not refused');
}

/** An invited account (the API's invitation) that has signed in and chosen its password. */
async function activeAccount(name: string) {
  const email = newEmail(name);
  const { sub } = await admin.createUserWithTemporaryPassword({
    email,
    name: `${name} Tester`,
    phoneNumber: '+15550109000',
    organization: 'Stand-in Co',
    temporaryPassword: 'Invite#2026first',
  });
  const challenge = await signIn(email, 'Invite#2026first');
  await call('RespondToAuthChallenge', {
    ClientId: pool.clientId,
    ChallengeName: 'NEW_PASSWORD_REQUIRED',
    Session: challenge.Session,
    ChallengeResponses: { USERNAME: email, NEW_PASSWORD: PASSWORD },
  });
  const session = (await signIn(email, PASSWORD)).AuthenticationResult;
  if (!session?.RefreshToken) throw new Error('no session');
  return { email, sub, accessToken: session.AccessToken, refreshToken: session.RefreshToken };
}

describe('invitations', () => {
  it('delivers the temporary password (printed by the stack), which asks for a new password at first sign-in', async () => {
    const email = newEmail('invited');
    const { sub } = await admin.createUserWithTemporaryPassword({
      email,
      name: 'Invited Person',
      phoneNumber: '+15550109001',
      organization: 'Stand-in Co',
      temporaryPassword: 'Invite#2026abc',
    });
    expect(await codes.latest('temporary', email, 10_000)).toBe('Invite#2026abc');
    expect(printed).toContain(`Temporary password for ${email}: Invite#2026abc`);
    expect((await signIn(email, 'Invite#2026abc')).ChallengeName).toBe('NEW_PASSWORD_REQUIRED');
    expect(await admin.findAccount?.(email)).toEqual({ sub, email, status: 'FORCE_CHANGE_PASSWORD' });
    await expect(
      admin.createUserWithTemporaryPassword({
        email,
        name: 'Again',
        phoneNumber: '+15550109001',
        organization: 'Co',
        temporaryPassword: 'Invite#2026abc',
      }),
    ).rejects.toMatchObject({ status: 409, field: 'email' });
  });

  it('resends the invitation with a new temporary password; the old one stops working', async () => {
    const email = newEmail('resent');
    await admin.createUserWithTemporaryPassword({
      email,
      name: 'Resent',
      phoneNumber: '+15550109002',
      organization: 'Co',
      temporaryPassword: 'Invite#2026old',
    });
    await admin.resendInvitation({ email, temporaryPassword: 'Invite#2026new' });
    expect(await codes.latest('temporary', email, 10_000)).toBe('Invite#2026new');
    expect(printed).toContain(`Temporary password for ${email}: Invite#2026new`);
    expect(await refusal(signIn(email, 'Invite#2026old'))).toMatch(/^NotAuthorizedException/);
    expect((await signIn(email, 'Invite#2026new')).ChallengeName).toBe('NEW_PASSWORD_REQUIRED');
  });

  it('answers a RESEND without a password with a generated one, and refuses an account that has chosen its own', async () => {
    const email = newEmail('generated');
    await admin.createUserWithTemporaryPassword({
      email,
      name: 'Gen',
      phoneNumber: '+15550109003',
      organization: 'Co',
      temporaryPassword: 'Invite#2026gen',
    });
    const { User } = await call<{ User: { UserStatus: string } }>('AdminCreateUser', {
      UserPoolId: pool.userPoolId,
      Username: email,
      MessageAction: 'RESEND',
    });
    expect(User.UserStatus).toBe('FORCE_CHANGE_PASSWORD');
    const generated = await codes.latest('temporary', email, 10_000);
    expect(generated).not.toBe('Invite#2026gen');
    expect((await signIn(email, generated)).ChallengeName).toBe('NEW_PASSWORD_REQUIRED');

    const active = await activeAccount('chosen');
    await expect(admin.resendInvitation({ email: active.email, temporaryPassword: 'Invite#2026abc' })).rejects.toMatchObject({
      status: 409,
    });
    await expect(admin.resendInvitation({ email: newEmail('nobody'), temporaryPassword: 'Invite#2026abc' })).rejects.toMatchObject({
      status: 404,
    });
  });
});

describe('refresh (GetTokensFromRefreshToken, which the emulator lacks)', () => {
  it('answers new ID and access tokens for the same account, and no refresh token (the local app client does not rotate it)', async () => {
    const person = await activeAccount('refreshing');
    const renewed = (await refresh(person.refreshToken)).AuthenticationResult;
    expect(renewed?.IdToken).toBeTruthy();
    expect(renewed?.RefreshToken).toBeUndefined();
    expect((await getUser(renewed?.AccessToken ?? '')).Username).toBe(person.sub);
    // The refresh token presented stays valid.
    expect((await refresh(person.refreshToken)).AuthenticationResult?.AccessToken).toBeTruthy();
  });

  it("refuses a call without a refresh token, and passes on the emulator's refusal of one it did not issue", async () => {
    expect(await refusal(call('GetTokensFromRefreshToken', { ClientId: pool.clientId }))).toBe(
      'InvalidParameterException: RefreshToken is required.',
    );
    expect(await refusal(refresh('not-a-refresh-token'))).toMatch(/^NotAuthorizedException: /);
  });
});

describe('disabled accounts', () => {
  it('cannot sign in, refresh or use their access token ("User is disabled."), until enabled again', async () => {
    const person = await activeAccount('disabled');
    await admin.disableUser(person.email);
    expect(await refusal(signIn(person.email, PASSWORD))).toBe('NotAuthorizedException: User is disabled.');
    expect(await refusal(refresh(person.refreshToken))).toBe('NotAuthorizedException: User is disabled.');
    expect(await refusal(initiateRefresh(person.refreshToken))).toBe('NotAuthorizedException: User is disabled.');
    expect(await refusal(getUser(person.accessToken))).toBe('NotAuthorizedException: User is disabled.');

    await admin.enableUser(person.email);
    expect((await signIn(person.email, PASSWORD)).AuthenticationResult?.AccessToken).toBeTruthy();
    expect((await refresh(person.refreshToken)).AuthenticationResult?.AccessToken).toBeTruthy();
  });

  it('answers 404 for an account the pool does not have', async () => {
    await expect(admin.disableUser(newEmail('ghost'))).rejects.toMatchObject({ status: 404 });
    await expect(admin.enableUser(newEmail('ghost'))).rejects.toMatchObject({ status: 404 });
  });
});

describe('sign out everywhere', () => {
  it("by an administrator: the account's refresh and access tokens from before are refused, a new sign-in works", async () => {
    const person = await activeAccount('admin-signout');
    const other = await activeAccount('bystander');
    await admin.signOutEverywhere(person.email);
    expect(await refusal(refresh(person.refreshToken))).toBe('NotAuthorizedException: Refresh Token has been revoked');
    expect(await refusal(initiateRefresh(person.refreshToken))).toBe('NotAuthorizedException: Refresh Token has been revoked');
    expect(await refusal(getUser(person.accessToken))).toBe('NotAuthorizedException: Access Token has been revoked');
    // Someone else's session is not touched.
    expect((await refresh(other.refreshToken)).AuthenticationResult?.AccessToken).toBeTruthy();

    const again = (await signIn(person.email, PASSWORD)).AuthenticationResult;
    expect((await refresh(again?.RefreshToken ?? '')).AuthenticationResult?.AccessToken).toBeTruthy();
    expect((await getUser(again?.AccessToken ?? '')).Username).toBe(person.sub);
    await expect(admin.signOutEverywhere(newEmail('ghost'))).rejects.toMatchObject({ status: 404 });
  });

  it('by the user (GlobalSignOut with their access token), which is then refused itself; a forged token is refused', async () => {
    const person = await activeAccount('self-signout');
    expect(await call('GlobalSignOut', { AccessToken: person.accessToken })).toEqual({});
    expect(await refusal(refresh(person.refreshToken))).toBe('NotAuthorizedException: Refresh Token has been revoked');
    expect(await refusal(call('GlobalSignOut', { AccessToken: person.accessToken }))).toBe(
      'NotAuthorizedException: Access Token has been revoked',
    );
    const [header, payload] = person.accessToken.split('.');
    expect(await refusal(call('GlobalSignOut', { AccessToken: `${header}.${payload}.forged` }))).toBe(
      'NotAuthorizedException: Invalid Access Token',
    );
  });

  it('is remembered by a stand-in started again on the same data', async () => {
    const person = await activeAccount('remembered');
    await admin.signOutEverywhere(person.email);
    const again = await startResendProxy({ port: 0, upstream: emulatorUrl, codes, stateFile: join(dir, 'stand-in.json') });
    again.setPool(pool);
    try {
      expect(
        await refusal(
          cognitoCall(again.endpoint, 'InitiateAuth', {
            AuthFlow: 'REFRESH_TOKEN_AUTH',
            ClientId: pool.clientId,
            AuthParameters: { REFRESH_TOKEN: person.refreshToken },
          }),
        ),
      ).toBe('NotAuthorizedException: Refresh Token has been revoked');
    } finally {
      await again.close();
    }
  });
});

describe('deleting an account', () => {
  it('removes it (no sign-in, no account), and deleting it again is done', async () => {
    const person = await activeAccount('deleted');
    await admin.deleteUser(person.email);
    expect(await admin.findAccount?.(person.email)).toBeNull();
    expect(await refusal(signIn(person.email, PASSWORD))).toMatch(/^(NotAuthorizedException|UserNotFoundException)/);
    await admin.deleteUser(person.email);
  });
});
