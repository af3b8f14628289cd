// @vitest-environment node
/**
 * The stack handle (scripts/stack.ts, no console) on free ports and a temporary directory: its cognito
 * endpoint is the ResendConfirmationCode stand-in, the getters hand out confirmation and password reset
 * codes, and the API still verifies the tokens issued there.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cognitoCall } from '../../../scripts/stack/cognito-call';
import { startStack, type Stack } from '../../../scripts/stack';

let stack: Stack;
let dataDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'hardline-stack-codes-'));
  stack = await startStack({ mode: 'none', webPort: 0, apiPort: 0, cognitoPort: 0, dataDir, quiet: true, seedUsers: 2 });
}, 180_000);

afterAll(async () => {
  await stack?.stop();
  await rm(dataDir, { recursive: true, force: true });
}, 30_000);

const call = <T = Record<string, unknown>>(target: string, body: object) => cognitoCall<T>(stack.cognitoEndpoint, target, body);

describe('the stack handle', () => {
  it('gives the code a resend issued, and that code confirms the account', async () => {
    const email = 'Handle.Resend@example.com';
    await call('SignUp', { ClientId: stack.clientId, Username: email, Password: 'Abcdef#123' });
    const first = await stack.getConfirmationCode(email, 10_000);
    await call('ResendConfirmationCode', { ClientId: stack.clientId, Username: email });
    const second = await stack.getConfirmationCode(email, 10_000);
    expect(second).not.toBe(first);
    await call('ConfirmSignUp', { ClientId: stack.clientId, Username: email, ConfirmationCode: second });
    await expect(stack.getResetCode(email, 50)).rejects.toThrow('No password reset code');
  });

  it("gives a password reset code, and the API accepts a token issued through the stand-in's address", async () => {
    await call('ForgotPassword', { ClientId: stack.clientId, Username: 'admin@hardline.test' });
    const code = await stack.getResetCode('admin@hardline.test', 10_000);
    await call('ConfirmForgotPassword', {
      ClientId: stack.clientId,
      Username: 'admin@hardline.test',
      ConfirmationCode: code,
      Password: 'Hardline#2027',
    });
    const { AuthenticationResult } = await call<{ AuthenticationResult?: { AccessToken: string } }>('InitiateAuth', {
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: stack.clientId,
      AuthParameters: { USERNAME: 'admin@hardline.test', PASSWORD: 'Hardline#2027' },
    });
    const res = await fetch(`${stack.apiUrl}/api/users/stats`, {
      headers: { Authorization: `Bearer ${AuthenticationResult?.AccessToken ?? ''}` },
    });
    expect(res.status).toBe(200);
  });
});
