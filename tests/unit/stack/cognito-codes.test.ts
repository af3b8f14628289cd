// @vitest-environment node
/**
 * cognito-local as the stack runs it (scripts/stack/cognito-local-main.mjs), behind the
 * ResendConfirmationCode stand-in (scripts/stack/resend-proxy.ts), with the stack's code book: free
 * ports, a temporary directory. Every call goes to the stand-in's address, as the console's do.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createCognitoVerifier } from '../../../server/core/auth';
import { cognitoCall } from '../../../scripts/stack/cognito-call';
import {
  ADMIN_ACCOUNT,
  createPool,
  deliveredCodeParser,
  startCognitoLocal,
  type CognitoProcess,
  type PoolState,
} from '../../../scripts/stack/cognito';
import { createIssuedCodes } from '../../../scripts/stack/codes';
import { freePort } from '../../../scripts/stack/processes';
import { startResendProxy, type ResendProxy } from '../../../scripts/stack/resend-proxy';

interface Seen {
  line: string;
  at: number;
}

let dir: string;
let emulator: CognitoProcess;
let proxy: ResendProxy;
let pool: PoolState;
const emulatorLines: Seen[] = [];
const printed: Seen[] = [];

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'hardline-cognito-codes-'));
  const emulatorPort = await freePort();
  const codes = createIssuedCodes((line) => printed.push({ line, at: Date.now() }));
  const parse = deliveredCodeParser(codes.delivered);
  proxy = await startResendProxy({ port: 0, upstream: `http://127.0.0.1:${emulatorPort}`, codes });
  emulator = await startCognitoLocal({
    dir,
    port: emulatorPort,
    issuerEndpoint: proxy.endpoint,
    onLine: (line) => {
      emulatorLines.push({ line, at: Date.now() });
      parse(line);
    },
  });
  pool = await createPool(proxy.endpoint);
  proxy.setPool(pool);
}, 120_000);

afterAll(async () => {
  await proxy?.close();
  await emulator?.stop();
  await rm(dir, { recursive: true, force: true });
}, 30_000);

const PASSWORD = 'Abcdef#123';
let accounts = 0;
const newEmail = (name: string) => `${name}${++accounts}@example.com`;

const call = <T = Record<string, unknown>>(target: string, body: object) => cognitoCall<T>(proxy.endpoint, target, body);
const signUp = (email: string) => call('SignUp', { ClientId: pool.clientId, Username: email, Password: PASSWORD });
const signIn = (email: string, password: string) =>
  call<{ AuthenticationResult?: { AccessToken: string } }>('InitiateAuth', {
    AuthFlow: 'USER_PASSWORD_AUTH',
    ClientId: pool.clientId,
    AuthParameters: { USERNAME: email, PASSWORD: password },
  });

/** The raw answer to a call, for its status, headers and body as a client sees them. */
const post = (endpoint: string, target: string, body: object) =>
  fetch(endpoint, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-amz-json-1.1', 'X-Amz-Target': `AWSCognitoIdentityProviderService.${target}` },
    body: JSON.stringify(body),
  });
const resend = (email: string) => post(proxy.endpoint, 'ResendConfirmationCode', { ClientId: pool.clientId, Username: email });

/** The stack's printed line starting with `prefix`, waiting up to timeoutMs for it. */
function printedLine(prefix: string, timeoutMs = 5_000): Promise<Seen> {
  return vi.waitFor(
    () => {
      const found = printed.find((seen) => seen.line.startsWith(prefix));
      if (!found) throw new Error(`The stack printed no line starting "${prefix}" within ${timeoutMs} ms`);
      return found;
    },
    { timeout: timeoutMs, interval: 20 },
  );
}
const codeOf = (seen: Seen) => seen.line.split(': ').pop() ?? '';

/** When the emulator logged the box holding `code`: pino's own time on the box's first line. */
function emulatorLoggedAt(code: string): number {
  const codeLine = emulatorLines.findIndex(({ line }) => new RegExp(`Code:\\s+${code}\\b`).test(line));
  const start = emulatorLines
    .slice(0, codeLine)
    .reverse()
    .find(({ line }) => line.includes('╭'));
  const time = /^\[(\d+)\]/.exec(start?.line ?? '')?.[1];
  if (!time) throw new Error(`No logged box for ${code}`);
  return Number(time);
}

describe('codes printed by the stack', () => {
  it('prints every sign-up code within a second of the emulator logging it, with nothing logged after it', async () => {
    // Six in a row: the emulator's old log destination held back the box of the third and later ones
    // until it logged something else, which here never comes.
    for (let i = 0; i < 6; i++) {
      const email = newEmail('prompt');
      await signUp(email);
      const seen = await printedLine(`Confirmation code for ${email}: `);
      expect(seen.at - emulatorLoggedAt(codeOf(seen))).toBeLessThan(1_000);
      if (i === 5) await call('ConfirmSignUp', { ClientId: pool.clientId, Username: email, ConfirmationCode: codeOf(seen) });
    }
  });

  it("prints a ForgotPassword code as 'Password reset code for <email>', and that code resets the password", async () => {
    const email = newEmail('reset');
    await signUp(email);
    const confirmation = codeOf(await printedLine(`Confirmation code for ${email}: `));
    await call('ConfirmSignUp', { ClientId: pool.clientId, Username: email, ConfirmationCode: confirmation });

    await call('ForgotPassword', { ClientId: pool.clientId, Username: email });
    const seen = await printedLine(`Password reset code for ${email}: `);
    expect(seen.at - emulatorLoggedAt(codeOf(seen))).toBeLessThan(1_000);
    expect(printed.filter(({ line }) => line.startsWith(`Confirmation code for ${email}:`))).toHaveLength(1);
    await call('ConfirmForgotPassword', {
      ClientId: pool.clientId,
      Username: email,
      ConfirmationCode: codeOf(seen),
      Password: 'Newpass#456',
    });
    await expect(signIn(email, 'Newpass#456')).resolves.toHaveProperty('AuthenticationResult.AccessToken');
  });
});

describe('the ResendConfirmationCode stand-in', () => {
  it('issues a new code that confirms the account, keeps its password and answers like Cognito', async () => {
    const email = newEmail('resend');
    await signUp(email);
    const first = codeOf(await printedLine(`Confirmation code for ${email}: `));

    const res = await resend(email);
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(await res.json()).toEqual({
      CodeDeliveryDetails: { AttributeName: 'email', DeliveryMedium: 'EMAIL', Destination: 'r***@e***' },
    });
    // Printed by the time the answer arrives, as a confirmation code, never as a reset code.
    const lines = printed.filter(({ line }) => line.includes(` for ${email}: `)).map(({ line }) => line);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(new RegExp(`^Confirmation code for ${email}: \\d{6}$`));
    const second = lines[1]?.split(': ').pop() ?? '';

    await expect(call('ConfirmSignUp', { ClientId: pool.clientId, Username: email, ConfirmationCode: first })).rejects.toMatchObject({
      type: 'CodeMismatchException',
    });
    await call('ConfirmSignUp', { ClientId: pool.clientId, Username: email, ConfirmationCode: second });
    await expect(signIn(email, PASSWORD)).resolves.toHaveProperty('AuthenticationResult.AccessToken');
  });

  it("refuses a confirmed account with Cognito's InvalidParameterException", async () => {
    const res = await resend(ADMIN_ACCOUNT.email);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ __type: 'InvalidParameterException', message: 'User is already confirmed.' });
  });

  it('refuses an unknown account and an unknown client', async () => {
    const unknown = await resend('nobody@example.com');
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toEqual({ __type: 'UserNotFoundException', message: 'Username/client id combination not found.' });

    const otherClient = await post(proxy.endpoint, 'ResendConfirmationCode', { ClientId: 'no-such-client', Username: ADMIN_ACCOUNT.email });
    expect(otherClient.status).toBe(400);
    expect(await otherClient.json()).toMatchObject({ __type: 'ResourceNotFoundException' });
  });

  it('answers LimitExceededException after 5 codes for one account within 15 minutes', async () => {
    const email = newEmail('limit');
    await signUp(email);
    await printedLine(`Confirmation code for ${email}: `);
    for (let i = 0; i < 5; i++) expect((await resend(email)).status).toBe(200);
    const refused = await resend(email);
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({
      __type: 'LimitExceededException',
      message: 'Attempt limit exceeded, please try after some time.',
    });
    // Five resends and the sign-up: six codes, the sixth the one that confirms.
    const codes = printed.filter(({ line }) => line.startsWith(`Confirmation code for ${email}: `));
    expect(codes).toHaveLength(6);
    await call('ConfirmSignUp', { ClientId: pool.clientId, Username: email, ConfirmationCode: codeOf(codes[5] as Seen) });
  });

  it('passes every other call through unchanged', async () => {
    const body = { ClientId: pool.clientId, Username: ADMIN_ACCOUNT.email, ConfirmationCode: '000000' };
    const [viaProxy, direct] = await Promise.all([
      post(proxy.endpoint, 'ConfirmSignUp', body),
      post(emulator.endpoint, 'ConfirmSignUp', body),
    ]);
    expect(viaProxy.status).toBe(direct.status);
    expect(await viaProxy.json()).toEqual(await direct.json());

    const jwks = `/${pool.userPoolId}/.well-known/jwks.json`;
    const [proxiedKeys, directKeys] = await Promise.all([fetch(`${proxy.endpoint}${jwks}`), fetch(`${emulator.endpoint}${jwks}`)]);
    expect(proxiedKeys.status).toBe(200);
    expect(await proxiedKeys.json()).toEqual(await directKeys.json());

    const preflight = await fetch(proxy.endpoint, {
      method: 'OPTIONS',
      headers: {
        Origin: 'http://127.0.0.1:1',
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'content-type,x-amz-target',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
  });

  it("issues tokens the API's verifier accepts at the stand-in's address", async () => {
    const { AuthenticationResult } = await signIn(ADMIN_ACCOUNT.email, ADMIN_ACCOUNT.password);
    const verifier = createCognitoVerifier({ endpoint: proxy.endpoint, userPoolId: pool.userPoolId, clientId: pool.clientId });
    await expect(verifier.verify(AuthenticationResult?.AccessToken ?? '')).resolves.toHaveProperty('sub');
  });
});
