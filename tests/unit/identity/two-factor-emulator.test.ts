// @vitest-environment node
/**
 * Two-factor sign-in end to end against the identity emulator (cognito-local 5.3, started and given
 * its pool exactly as the local stack does, on a free port): the real identity service with the
 * Cognito SDK inside, the authenticator app played by otplib computing real codes from the secret.
 * Turn on, sign in with the code, turn off with a current code, and the wrong codes on the way.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateSync } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_ACCOUNT,
  allowTwoFactor,
  createPool,
  startCognitoLocal,
  type CognitoProcess,
  type PoolState,
} from '../../../scripts/stack/cognito';
import { freePort } from '../../../scripts/stack/processes';
import { cognitoCall } from '../../../scripts/stack/cognito-call';
import type { AppConfig } from '../../../src/services/config';
import { createIdentityService } from '../../../src/services/identity';
import { TWO_FACTOR_MESSAGES } from '../../../src/services/identity/twoFactorErrors';
import { createStorage, type StorageHost } from '../../../src/services/storage';

let dir: string;
let emulator: CognitoProcess;
let pool: PoolState;
let config: AppConfig;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'hardline-two-factor-'));
  const port = await freePort();
  emulator = await startCognitoLocal({ dir, port, issuerEndpoint: `http://127.0.0.1:${port}`, onLine: () => undefined });
  pool = await createPool(emulator.endpoint);
  config = {
    apiBaseUrl: 'http://127.0.0.1:9',
    cognito: {
      userPoolId: pool.userPoolId,
      clientId: pool.clientId,
      endpoint: emulator.endpoint,
      region: 'local',
      authFlow: 'USER_PASSWORD_AUTH',
    },
    stripePublishableKey: 'pk_test_x',
    trustedOrigins: [],
  };
}, 120_000);

afterAll(async () => {
  await emulator?.stop();
  await rm(dir, { recursive: true, force: true });
}, 30_000);

/** A fresh console tab: its own (in-memory) session storage. */
const newTab = () => createIdentityService(config, createStorage({} as StorageHost));
const signIn = (identity: ReturnType<typeof newTab>) =>
  identity.signIn({ username: ADMIN_ACCOUNT.email, password: ADMIN_ACCOUNT.password });
/** The authenticator app: the code for now. */
const codeFor = (secret: string) => generateSync({ secret });
/** A code that is not the current one (nor, with the emulator's ±30 s window, a neighbour). */
const wrongCodeFor = (secret: string) => (codeFor(secret) === '000000' ? '111111' : '000000');

describe('two-factor sign-in against cognito-local', () => {
  it('the stack pool lets each person turn the authenticator app on (MFA optional, software tokens on)', async () => {
    const mfa = await cognitoCall<{ MfaConfiguration?: string; SoftwareTokenMfaConfiguration?: { Enabled?: boolean } }>(
      emulator.endpoint,
      'GetUserPoolMfaConfig',
      { UserPoolId: pool.userPoolId },
    );
    expect(mfa).toMatchObject({ MfaConfiguration: 'OPTIONAL', SoftwareTokenMfaConfiguration: { Enabled: true } });
  });

  it('a pool kept from a run before two-factor existed (MFA off) is given the setting when the stack reuses it', async () => {
    const { UserPool } = await cognitoCall<{ UserPool: { Id: string } }>(emulator.endpoint, 'CreateUserPool', { PoolName: 'older' });
    const mfaOf = (id: string) => cognitoCall<{ MfaConfiguration?: string }>(emulator.endpoint, 'GetUserPoolMfaConfig', { UserPoolId: id });
    expect((await mfaOf(UserPool.Id)).MfaConfiguration ?? 'OFF').toBe('OFF');
    await allowTwoFactor(emulator.endpoint, UserPool.Id);
    await allowTwoFactor(emulator.endpoint, UserPool.Id);
    expect((await mfaOf(UserPool.Id)).MfaConfiguration).toBe('OPTIONAL');
  });

  it('turns on with the code of the new secret, asks for the code at sign-in, and turns off with a current code', async () => {
    let tab = newTab();
    expect(await signIn(tab)).toMatchObject({ kind: 'signedIn' });
    expect(await tab.getTwoFactorStatus()).toEqual({ enabled: false });

    const setup = await tab.startTwoFactorSetup();
    expect(setup.uri).toBe(`otpauth://totp/Hardline:admin%40hardline.test?secret=${setup.secret}&issuer=Hardline`);
    await expect(tab.enableTwoFactor({ code: wrongCodeFor(setup.secret) })).rejects.toMatchObject({
      message: TWO_FACTOR_MESSAGES.wrongCode,
      code: 'CodeMismatchException',
    });
    expect(await tab.getTwoFactorStatus()).toEqual({ enabled: false });
    await tab.enableTwoFactor({ code: codeFor(setup.secret) });
    expect(await tab.getTwoFactorStatus()).toEqual({ enabled: true });
    await tab.signOut();

    // The next sign-in meets SOFTWARE_TOKEN_MFA; a wrong code may be corrected.
    tab = newTab();
    expect(await signIn(tab)).toEqual({ kind: 'totpRequired' });
    await expect(tab.answerTotp({ code: wrongCodeFor(setup.secret) })).rejects.toMatchObject({ kind: 'rejected' });
    expect((await tab.answerTotp({ code: codeFor(setup.secret) })).email).toBe(ADMIN_ACCOUNT.email);
    expect(await tab.getTwoFactorStatus()).toEqual({ enabled: true });

    // Turning off checks a current code of the verified secret (VerifySoftwareToken) first.
    await expect(tab.disableTwoFactor({ code: wrongCodeFor(setup.secret) })).rejects.toMatchObject({
      message: TWO_FACTOR_MESSAGES.wrongCode,
    });
    expect(await tab.getTwoFactorStatus()).toEqual({ enabled: true });
    await tab.disableTwoFactor({ code: codeFor(setup.secret) });
    expect(await tab.getTwoFactorStatus()).toEqual({ enabled: false });
    await tab.signOut();

    tab = newTab();
    expect(await signIn(tab)).toMatchObject({ kind: 'signedIn' });
    await tab.signOut();
  });
});
