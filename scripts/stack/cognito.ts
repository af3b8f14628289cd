/**
 * cognito-local for the stack: the process, the user pool and app client (created once, reused while
 * `.data/` lives), the seeded accounts, and the codes it logs.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { attributeOf, cognitoCall, CognitoError } from './cognito-call';
import { startProcess, waitForHttp, type ManagedProcess } from './processes';
import { DEFAULT_TEMPORARY_PASSWORD_DAYS } from '../../server/core/userPool';

export const ADMIN_ACCOUNT = {
  email: 'admin@hardline.test',
  password: 'Hardline#2026',
  name: 'Dana Whitfield',
  phoneNumber: '+14155550123',
} as const;
export const FIRST_TIME_ACCOUNT = {
  email: 'firsttime@hardline.test',
  temporaryPassword: 'Temp#2026pass',
  name: 'Sam Ortega',
  phoneNumber: '+14155550124',
} as const;
export const SEED_ORGANIZATION_NAME = 'Summit Builders';

export interface PoolState {
  userPoolId: string;
  clientId: string;
  adminSub: string;
  firstTimeSub: string;
}

export interface CognitoProcess extends ManagedProcess {
  endpoint: string;
}

/** A code cognito-local delivered: the API call that issued it (its log's target), to whom, and the code. */
export interface DeliveredCode {
  target: string;
  destination: string;
  code: string;
}

/**
 * Parses cognito-local's boxed "Confirmation Code Delivery" log. The box's first line carries the
 * request id and the target (`INFO: 4344a245 SignUp ╭───╮`): SignUp for a sign-up's confirmation
 * code, ForgotPassword for a password reset code; the box itself is the same for both.
 */
export function deliveredCodeParser(onCode: (delivered: DeliveredCode) => void): (line: string) => void {
  let target: string | null = null;
  let destination: string | null = null;
  return (line) => {
    const start = /:\s+\S+\s+(\w+)\s+╭/.exec(line);
    if (start?.[1]) {
      target = start[1];
      destination = null;
      return;
    }
    if (target === null) return;
    const dest = /Destination:\s+(\S+)/.exec(line);
    if (dest?.[1]) {
      destination = dest[1];
      return;
    }
    const code = /\bCode:\s+(\S+)/.exec(line);
    if (code?.[1] && destination) {
      onCode({ target, destination, code: code[1] });
      target = null;
      destination = null;
    }
  };
}

/**
 * Starts the emulator on `port`. `issuerEndpoint` is the address clients reach it at (the stand-in in
 * front of it, scripts/stack/resend-proxy.ts): tokens say iss = <issuerEndpoint>/<poolId>, exactly
 * what the API verifies against.
 */
export async function startCognitoLocal(options: {
  dir: string;
  port: number;
  issuerEndpoint: string;
  onLine: (line: string) => void;
}): Promise<CognitoProcess> {
  await mkdir(join(options.dir, '.cognito'), { recursive: true });
  const endpoint = `http://127.0.0.1:${options.port}`;
  await writeFile(
    join(options.dir, '.cognito', 'config.json'),
    `${JSON.stringify({ TokenConfig: { IssuerDomain: options.issuerEndpoint } }, null, 2)}\n`,
  );
  // Its own bin, except that the log is written the moment it is made (see the launcher's comment).
  const launcher = fileURLToPath(new URL('./cognito-local-main.mjs', import.meta.url));
  const require = createRequire(import.meta.url);
  const cognitoLocalPackage = require.resolve('cognito-local/package.json');
  const proc = startProcess({
    name: 'cognito-local',
    command: process.execPath,
    args: ['--no-deprecation', launcher, cognitoLocalPackage],
    cwd: options.dir,
    env: { ...process.env, HOST: '127.0.0.1', PORT: String(options.port), NODE_NO_WARNINGS: '1' },
    onLine: options.onLine,
  });
  await waitForHttp(`${endpoint}/health`, proc, 60_000);
  return { ...proc, endpoint };
}

async function exists(check: () => Promise<unknown>): Promise<boolean> {
  try {
    await check();
    return true;
  } catch (error) {
    if (error instanceof CognitoError && error.httpStatus < 500) return false;
    throw error;
  }
}

/** True when the remembered pool and client still exist in the emulator. */
export async function poolStillExists(endpoint: string, state: PoolState): Promise<boolean> {
  return (
    (await exists(() => cognitoCall(endpoint, 'DescribeUserPool', { UserPoolId: state.userPoolId }))) &&
    (await exists(() => cognitoCall(endpoint, 'DescribeUserPoolClient', { UserPoolId: state.userPoolId, ClientId: state.clientId })))
  );
}

async function createAccount(
  endpoint: string,
  userPoolId: string,
  account: { email: string; name: string; phoneNumber: string },
  temporaryPassword: string,
): Promise<string> {
  const result = await cognitoCall<{ User?: { Attributes?: Array<{ Name: string; Value?: string }> } }>(endpoint, 'AdminCreateUser', {
    UserPoolId: userPoolId,
    Username: account.email,
    TemporaryPassword: temporaryPassword,
    MessageAction: 'SUPPRESS',
    UserAttributes: [
      { Name: 'email', Value: account.email },
      { Name: 'email_verified', Value: 'true' },
      { Name: 'name', Value: account.name },
      { Name: 'phone_number', Value: account.phoneNumber },
      { Name: 'custom:organization', Value: SEED_ORGANIZATION_NAME },
    ],
  });
  const sub = attributeOf(result.User?.Attributes, 'sub');
  if (!sub) throw new Error(`cognito-local created ${account.email} without a sub`);
  return sub;
}

/**
 * Two-factor sign-in is each person's choice (the console's account menu turns the authenticator app
 * on and off), as on a real pool: MFA optional, software tokens (TOTP) allowed. cognito-local issues
 * the SOFTWARE_TOKEN_MFA challenge only when the pool's MfaConfiguration is not OFF (its default).
 * Idempotent: also applied to a pool kept from an earlier run, created before the setting existed.
 */
export async function allowTwoFactor(endpoint: string, userPoolId: string): Promise<void> {
  await cognitoCall(endpoint, 'SetUserPoolMfaConfig', {
    UserPoolId: userPoolId,
    MfaConfiguration: 'OPTIONAL',
    SoftwareTokenMfaConfiguration: { Enabled: true },
  });
}

/**
 * Creates the pool (email as the username attribute, custom:organization, optional TOTP two-factor),
 * its client and the two seeded accounts.
 */
export async function createPool(endpoint: string): Promise<PoolState> {
  const { UserPool } = await cognitoCall<{ UserPool: { Id: string } }>(endpoint, 'CreateUserPool', {
    PoolName: 'hardline-local',
    UsernameAttributes: ['email'],
    AutoVerifiedAttributes: ['email'],
    Policies: {
      PasswordPolicy: {
        MinimumLength: 8,
        RequireUppercase: true,
        RequireLowercase: true,
        RequireNumbers: true,
        RequireSymbols: true,
        TemporaryPasswordValidityDays: DEFAULT_TEMPORARY_PASSWORD_DAYS,
      },
    },
    Schema: [
      { Name: 'email', AttributeDataType: 'String', Required: true, Mutable: true },
      { Name: 'phone_number', AttributeDataType: 'String', Mutable: true },
      { Name: 'name', AttributeDataType: 'String', Mutable: true },
      {
        Name: 'organization',
        AttributeDataType: 'String',
        Mutable: true,
        StringAttributeConstraints: { MinLength: '1', MaxLength: '256' },
      },
    ],
  });
  await allowTwoFactor(endpoint, UserPool.Id);
  const { UserPoolClient } = await cognitoCall<{ UserPoolClient: { ClientId: string } }>(endpoint, 'CreateUserPoolClient', {
    UserPoolId: UserPool.Id,
    ClientName: 'hardline-console',
    GenerateSecret: false,
    ExplicitAuthFlows: ['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'],
    EnableTokenRevocation: true,
  });
  const adminSub = await createAccount(endpoint, UserPool.Id, ADMIN_ACCOUNT, 'Setup#2026temp');
  await cognitoCall(endpoint, 'AdminSetUserPassword', {
    UserPoolId: UserPool.Id,
    Username: ADMIN_ACCOUNT.email,
    Password: ADMIN_ACCOUNT.password,
    Permanent: true,
  });
  const firstTimeSub = await createAccount(endpoint, UserPool.Id, FIRST_TIME_ACCOUNT, FIRST_TIME_ACCOUNT.temporaryPassword);
  return { userPoolId: UserPool.Id, clientId: UserPoolClient.ClientId, adminSub, firstTimeSub };
}
