// @vitest-environment node
/**
 * Integration: the real local stack (cognito-local + the reference API, no console) on free ports in a
 * temporary directory. Tokens are issued by cognito-local and verified against its JWKS.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as v from 'valibot';
import { MeResponseSchema, UserListResponseSchema, UserResponseSchema, UserStatsSchema } from '../../src/contract/api';
import { cognitoCall } from '../../scripts/stack/cognito-call';
import { startStack, type Stack } from '../../scripts/stack';
import { createCognitoUserPoolAdmin } from '../../server/core/userPool';
import { createTestDatabaseUrl } from './support/db';

let stack: Stack;
let dataDir: string;
let database: Awaited<ReturnType<typeof createTestDatabaseUrl>>;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'hardline-stack-'));
  // On the PostgreSQL run of the suite, the stack's API runs on a database of its own there.
  database = await createTestDatabaseUrl();
  stack = await startStack({
    mode: 'none',
    webPort: 0,
    apiPort: 0,
    cognitoPort: 0,
    dataDir,
    quiet: true,
    ...(database ? { databaseUrl: database.url } : {}),
  });
}, 180_000);

afterAll(async () => {
  await stack?.stop();
  await database?.drop();
  await rm(dataDir, { recursive: true, force: true });
}, 30_000);

interface AuthResult {
  AuthenticationResult?: { AccessToken: string; IdToken: string };
  ChallengeName?: string;
}

const signIn = (username: string, password: string) =>
  cognitoCall<AuthResult>(stack.cognitoEndpoint, 'InitiateAuth', {
    AuthFlow: 'USER_PASSWORD_AUTH',
    ClientId: stack.clientId,
    AuthParameters: { USERNAME: username, PASSWORD: password },
  });

const api = (path: string, token: string, init: RequestInit = {}) =>
  fetch(`${stack.apiUrl}${path}`, { ...init, headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' } });

describe('the local stack', () => {
  it('signs in the seeded administrator and serves the organisation with a verified access token', async () => {
    const { AuthenticationResult } = await signIn('admin@hardline.test', 'Hardline#2026');
    const token = AuthenticationResult?.AccessToken ?? '';
    const stats = v.parse(UserStatsSchema, await (await api('/api/users/stats', token)).json());
    // The seed's 240, and the members the invitation tests of this file add if they ran first
    // (--sequence.shuffle): theirs are the only worker@example.com addresses.
    const added = v.parse(UserListResponseSchema, await (await api('/api/users?search=worker%40example.com', token)).json()).total;
    expect(stats.total).toBe(240 + added);
    expect(stats.active + stats.pending).toBe(240 + added);
    expect(stats.licensed).toBeGreaterThan(0);
    const me = v.parse(MeResponseSchema, await (await api('/api/me', token)).json());
    expect(me).toMatchObject({ email: 'admin@hardline.test', isAdmin: true, organization: { name: 'Summit Builders' } });

    // The id token is not an access token: refused.
    expect((await api('/api/users/stats', AuthenticationResult?.IdToken ?? '')).status).toBe(401);
  });

  it('asks the seeded first-time account for a new password', async () => {
    const result = await signIn('firsttime@hardline.test', 'Temp#2026pass');
    expect(result.ChallengeName).toBe('NEW_PASSWORD_REQUIRED');
    expect(await stack.getTemporaryPassword('firsttime@hardline.test')).toBe('Temp#2026pass');
    // The console lists them as invited, since they were added, for the pool's 7 days.
    const { AuthenticationResult } = await signIn('admin@hardline.test', 'Hardline#2026');
    const list = v.parse(
      UserListResponseSchema,
      await (await api('/api/users?search=firsttime', AuthenticationResult?.AccessToken ?? '')).json(),
    );
    const member = list.users.find((u) => u.email === 'firsttime@hardline.test');
    expect(member?.invitation).toMatchObject({ sentAt: member?.createdAt, state: 'open' });
    expect(Date.parse(member?.invitation?.expiresAt ?? '') - Date.parse(member?.createdAt ?? '')).toBe(7 * 86_400_000);
  });

  it('records the confirmation code cognito-local issues at sign-up', async () => {
    const email = 'new.admin@example.com';
    await cognitoCall(stack.cognitoEndpoint, 'SignUp', {
      ClientId: stack.clientId,
      Username: email,
      Password: 'Sturdy#Pass1',
      UserAttributes: [
        { Name: 'email', Value: email },
        { Name: 'phone_number', Value: '+15551234567' },
        { Name: 'custom:organization', Value: 'New Co' },
      ],
    });
    const code = await stack.getConfirmationCode(email);
    expect(code).toMatch(/^\d{6}$/);
    await cognitoCall(stack.cognitoEndpoint, 'ConfirmSignUp', { ClientId: stack.clientId, Username: email, ConfirmationCode: code });
    const { AuthenticationResult } = await signIn(email, 'Sturdy#Pass1');
    expect(AuthenticationResult?.AccessToken).toBeTruthy();
  });

  it('invites a member into the user pool, who must then set a new password', async () => {
    const { AuthenticationResult } = await signIn('admin@hardline.test', 'Hardline#2026');
    const response = await api('/api/users/invite', AuthenticationResult?.AccessToken ?? '', {
      method: 'POST',
      body: JSON.stringify({ name: 'Invited Worker', email: 'invited.worker@example.com', phoneNumber: '+15557654321' }),
    });
    expect(response.status).toBe(201);
    v.parse(UserResponseSchema, await response.json());
    const password = (await stack.getTemporaryPassword('invited.worker@example.com')) ?? '';
    expect(password).not.toBe('');
    expect((await signIn('invited.worker@example.com', password)).ChallengeName).toBe('NEW_PASSWORD_REQUIRED');
  });

  it("disables a deleted member's pool account: the invitation no longer signs in; once the account is deleted (the purge), the address signs up on its own", async () => {
    const { AuthenticationResult } = await signIn('admin@hardline.test', 'Hardline#2026');
    const token = AuthenticationResult?.AccessToken ?? '';
    const email = 'removed.worker@example.com';
    const invited = await api('/api/users/invite', token, {
      method: 'POST',
      body: JSON.stringify({ name: 'Removed Worker', email, phoneNumber: '+15557654322' }),
    });
    expect(invited.status).toBe(201);
    const { user } = v.parse(UserResponseSchema, await invited.json());
    const password = (await stack.getTemporaryPassword(email)) ?? '';
    expect((await signIn(email, password)).ChallengeName).toBe('NEW_PASSWORD_REQUIRED');
    const signUp = () =>
      cognitoCall(stack.cognitoEndpoint, 'SignUp', {
        ClientId: stack.clientId,
        Username: email,
        Password: 'Sturdy#Pass1',
        UserAttributes: [
          { Name: 'email', Value: email },
          { Name: 'phone_number', Value: '+15557654322' },
          { Name: 'custom:organization', Value: 'Own Co' },
        ],
      });

    // Deleted, the member is in Recently deleted (docs/USERS.md): AdminDisableUser on cognito-local,
    // so the invitation no longer signs in, and the address stays reserved for a restore.
    expect((await api(`/api/users/${user.userId}`, token, { method: 'DELETE' })).status).toBe(200);
    await expect(signIn(email, password)).rejects.toMatchObject({ type: 'NotAuthorizedException' });
    await expect(signUp()).rejects.toMatchObject({ type: 'UsernameExistsException' });

    // 30 days later the purge (server/users/purge.ts) deletes the account with the API's own pool
    // client. The stack's database is in its API process, so the purge's database side is covered in
    // tests/server/users-restore.test.ts ("the clean-up after 30 days"); here, its pool call on the
    // emulator: a disabled account is deleted, and the address signs up on its own.
    const pool = createCognitoUserPoolAdmin({
      userPoolId: stack.userPoolId,
      region: 'local',
      endpoint: stack.cognitoEndpoint,
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    });
    const findAccount = pool.findAccount?.bind(pool);
    if (!findAccount) throw new Error('expected the Cognito pool client to look accounts up');
    const account = await findAccount(email);
    expect(account?.email).toBe(email);
    await pool.deleteUser(account?.sub ?? '');
    expect(await findAccount(email)).toBeNull();
    await expect(signIn(email, password)).rejects.toMatchObject({ type: 'NotAuthorizedException' });
    await signUp();
    expect(await stack.getConfirmationCode(email)).toMatch(/^\d{6}$/);
  });

  it('refuses a second stack on the same data folder instead of sharing its database files', async () => {
    await expect(startStack({ mode: 'none', webPort: 0, apiPort: 0, cognitoPort: 0, dataDir, quiet: true })).rejects.toThrow(
      `Another local stack (process ${process.pid}) is already using ${dataDir}`,
    );
  });
});
