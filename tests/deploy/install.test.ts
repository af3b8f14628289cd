// @vitest-environment node
/**
 * The deployment as docs/DEPLOYMENT.md describes it, from a clean copy: the API built to JavaScript
 * (`npm run build:api`, with the dev tools), then in a directory holding only that build,
 * package.json and package-lock.json: `npm ci --omit=dev`, `npm run migrate`, `npm run start:api`,
 * configured by environment variables, against a PostgreSQL database of its own and the local
 * identity service (cognito-local behind its stand-in: a pool, an app client, an account). One
 * sign-in and one users list go through it, and an invitation through its AWS SDK.
 *
 * The install uses npm's cache where it can (`--prefer-offline`): CI has just run `npm ci`.
 */
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPool, deliveredCodeParser, startCognitoLocal, type CognitoProcess, type PoolState } from '../../scripts/stack/cognito';
import { cognitoCall } from '../../scripts/stack/cognito-call';
import { createIssuedCodes, type IssuedCodes } from '../../scripts/stack/codes';
import { freePort, startProcess, type ManagedProcess } from '../../scripts/stack/processes';
import { startResendProxy, type ResendProxy } from '../../scripts/stack/resend-proxy';
import { waitUntilReady } from '../../scripts/stack/api-processes';
import { MeResponseSchema, UserListResponseSchema, UserResponseSchema } from '../../src/contract/api';
import { createTestDatabaseUrl } from '../server/support/db';
import { postgresServerUrl, signIn } from './support';

postgresServerUrl();

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

let work: string;
let app: string;
let emulator: CognitoProcess;
let proxy: ResendProxy;
let pool: PoolState;
let codes: IssuedCodes;
const databases: Array<{ url: string; drop(): Promise<void> }> = [];
const processes: ManagedProcess[] = [];

/** Runs a command to its end (without blocking the test's event loop): its exit code and output. */
function run(
  command: string,
  args: string[],
  cwd: string,
  env: NodeJS.ProcessEnv = process.env,
): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.on('error', (error) => resolve({ code: null, output: `${output}${error.message}` }));
    child.on('close', (code) => resolve({ code, output }));
  });
}

/** Runs an npm script in the clean copy, with only the variables a deployment sets (and PATH, HOME for npm). */
function npmRun(script: string, env: Record<string, string>, args: string[] = []) {
  const base = {
    PATH: process.env['PATH'] ?? '',
    HOME: process.env['HOME'] ?? '',
    AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
  };
  return run(npm, ['run', '--silent', script, ...(args.length ? ['--', ...args] : [])], app, { ...base, ...env });
}

async function freshDatabase(): Promise<string> {
  const created = await createTestDatabaseUrl();
  if (!created) throw new Error('no PostgreSQL');
  databases.push(created);
  return created.url;
}

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'hardline-install-'));
  app = join(work, 'app');
  // The build step of a pipeline: the full tree, its dev tools.
  const build = await run(
    process.execPath,
    [join(ROOT, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--config', 'vite.api.config.ts', '--outDir', join(app, 'dist', 'api')],
    ROOT,
  );
  expect(build.code, build.output).toBe(0);
  // The artefact: the build and the two files npm installs from.
  for (const file of ['package.json', 'package-lock.json']) cpSync(join(ROOT, file), join(app, file));
  const install = await run(npm, ['ci', '--omit=dev', '--prefer-offline', '--no-audit', '--no-fund'], app);
  expect(install.code, install.output).toBe(0);

  const emulatorPort = await freePort();
  codes = createIssuedCodes(() => undefined);
  proxy = await startResendProxy({ port: 0, upstream: `http://127.0.0.1:${emulatorPort}`, codes });
  emulator = await startCognitoLocal({
    dir: join(work, 'cognito'),
    port: emulatorPort,
    issuerEndpoint: proxy.endpoint,
    onLine: deliveredCodeParser(codes.delivered),
  });
  pool = await createPool(proxy.endpoint);
  proxy.setPool(pool);
}, 300_000);

afterAll(async () => {
  await Promise.all(processes.map((p) => p.stop()));
  await proxy?.close();
  await emulator?.stop();
  for (const database of databases) await database.drop();
  // A production node_modules is tens of thousands of files: removed in the background.
  if (work) spawn('rm', ['-rf', work], { detached: true, stdio: 'ignore' }).unref();
}, 60_000);

/** The variables of docs/DEPLOYMENT.md, for the local identity service. */
function deployment(databaseUrl: string, port: number): Record<string, string> {
  return {
    DATABASE_URL: databaseUrl,
    COGNITO_USER_POOL_ID: pool.userPoolId,
    COGNITO_REGION: 'local',
    COGNITO_CLIENT_ID: pool.clientId,
    COGNITO_ENDPOINT: proxy.endpoint,
    CONSOLE_ORIGIN: 'http://127.0.0.1:5173',
    API_PUBLIC_URL: `http://127.0.0.1:${port}`,
    HOST: '127.0.0.1',
    PORT: String(port),
    AWS_ACCESS_KEY_ID: 'local',
    AWS_SECRET_ACCESS_KEY: 'local',
  };
}

describe('a production install from a clean copy', () => {
  it('holds the runtime packages only', () => {
    expect(existsSync(join(app, 'node_modules', 'hono'))).toBe(true);
    expect(existsSync(join(app, 'node_modules', '@aws-sdk', 'client-cognito-identity-provider'))).toBe(true);
    for (const devTool of ['vite', 'tsx', 'vitest', 'cognito-local', 'playwright'])
      expect(existsSync(join(app, 'node_modules', devTool)), devTool).toBe(false);
  });

  it('migrates, starts, signs in and lists the users; invites through the AWS SDK', async () => {
    const port = await freePort();
    const env = deployment(await freshDatabase(), port);
    const migrated = await npmRun('migrate', env);
    expect(migrated.code, migrated.output).toBe(0);
    expect(migrated.output).toMatch(/"msg":"database migrated"/);
    const again = await npmRun('migrate', env);
    expect(again.output).toMatch(/"applied":0,"msg":"database already current"/);

    const lines: string[] = [];
    const api = startProcess({
      name: 'npm run start:api',
      command: npm,
      args: ['run', '--silent', 'start:api'],
      cwd: app,
      env: { PATH: process.env['PATH'] ?? '', HOME: process.env['HOME'] ?? '', ...env },
      onLine: (line) => lines.push(line),
    });
    processes.push(api);
    const url = `http://127.0.0.1:${port}`;
    await waitUntilReady(url, api);

    const email = `owner.${Date.now()}@install.example`;
    await cognitoCall(proxy.endpoint, 'AdminCreateUser', {
      UserPoolId: pool.userPoolId,
      Username: email,
      TemporaryPassword: 'Setup#2026temp',
      MessageAction: 'SUPPRESS',
      UserAttributes: [
        { Name: 'email', Value: email },
        { Name: 'email_verified', Value: 'true' },
      ],
    });
    const { accessToken } = await signIn(proxy.endpoint, pool.clientId, email, 'Setup#2026temp', 'Owner#2026pass');
    const me = await fetch(`${url}/api/me`, { headers: { Authorization: `Bearer ${accessToken}` } });
    expect(me.status).toBe(404);
    const sub = JSON.parse(Buffer.from(accessToken.split('.')[1] ?? '', 'base64url').toString('utf8')).sub as string;
    const call = (path: string, init: { method?: string; body?: unknown } = {}) =>
      fetch(`${url}${path}`, {
        method: init.method ?? 'GET',
        headers: { Authorization: `Bearer ${accessToken}`, 'Content-Type': 'application/json', Origin: 'http://127.0.0.1:5173' },
        ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
      });
    const signup = await call('/api/complete-signup', {
      method: 'POST',
      body: { fullName: 'Olive Owner', email, phoneNumber: '+15550106000', organization: 'Installed Co', cognitoUserId: sub },
    });
    expect(signup.status).toBe(201);
    expect(v.parse(MeResponseSchema, await (await call('/api/me')).json())).toMatchObject({
      email,
      isAdmin: true,
      organization: { name: 'Installed Co' },
    });

    const users = await call('/api/users');
    expect(users.status).toBe(200);
    expect(users.headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:5173');
    expect(users.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    const list = v.parse(UserListResponseSchema, await users.json());
    expect(list.users.map((u) => u.email)).toEqual([email]);

    const invited = `crew.${Date.now()}@install.example`;
    const invite = await call('/api/users/invite', {
      method: 'POST',
      body: { name: 'Casey Crew', email: invited, phoneNumber: '+15550106001' },
    });
    expect(invite.status).toBe(201);
    v.parse(UserResponseSchema, await invite.json());
    const temporary = await codes.latest('temporary', invited, 10_000);
    expect((await signIn(proxy.endpoint, pool.clientId, invited, temporary, 'Crew#2026pass')).accessToken).toBeTruthy();

    expect(lines.some((line) => /"msg":"listening"/.test(line))).toBe(true);
    expect(lines.filter((line) => /"msg":"request"/.test(line)).length).toBeGreaterThanOrEqual(5);
  }, 120_000);

  it('refuses to start on a database older than its code, naming the command to run', async () => {
    const port = await freePort();
    const started = await npmRun('start:api', deployment(await freshDatabase(), port));
    expect(started.code).toBe(1);
    expect(started.output).toMatch(
      /"level":"fatal".*The database schema is at version 0, older than this build's \d+\. Run `npm run migrate`/,
    );
  }, 60_000);

  it('refuses a bad configuration, naming every variable; the embedded database needs --embedded and a directory', async () => {
    const missing = await npmRun('start:api', { PORT: 'eighty', CONSOLE_ORIGIN: 'http://admin.example.com' });
    expect(missing.code).toBe(1);
    for (const variable of ['DATABASE_URL', 'PORT', 'COGNITO_USER_POOL_ID', 'COGNITO_CLIENT_ID', 'CONSOLE_ORIGIN', 'API_PUBLIC_URL']) {
      expect(missing.output).toMatch(new RegExp(`^  - ${variable} `, 'm'));
    }
    expect(missing.output).toContain('--embedded');
    const embedded = await npmRun('migrate', {}, ['--embedded']);
    expect(embedded.code).toBe(1);
    expect(embedded.output).toMatch(/^ {2}- EMBEDDED_DATA_DIR is missing/m);
  }, 60_000);
});
