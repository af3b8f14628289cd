/**
 * The local stack: cognito-local (identity emulator), the reference API (server/) and the console.
 *
 *   npm start                 vite build + vite preview
 *   npm run dev               Vite dev server
 *   npm start -- --reset      wipe .data/ and reseed
 *   npm start -- --users 100000   seed a large organisation (with --reset on an existing stack)
 *   WEB_PORT, API_PORT, COGNITO_PORT override the ports 5173, 8787, 9229.
 *   DATABASE_URL=postgres://...   the API on that PostgreSQL database instead of PGlite under .data/
 *
 * `startStack()` is the same thing as a function, for the Playwright fixture.
 */
import { existsSync } from 'node:fs';
import { mkdir, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { startApiServer, type ApiServer } from '../server/index';
import { parseBillingConfig } from '../server/billing';
import { createCognitoUserPoolAdmin } from '../server/core/userPool';
import {
  ADMIN_ACCOUNT,
  FIRST_TIME_ACCOUNT,
  SEED_ORGANIZATION_NAME,
  allowTwoFactor,
  createPool,
  deliveredCodeParser,
  poolStillExists,
  startCognitoLocal,
  type CognitoProcess,
  type PoolState,
} from './stack/cognito';
import { createIssuedCodes } from './stack/codes';
import { LOCK_FILE, lockDataDir } from './stack/data-lock';
import { assertPortFree, freePort, runToCompletion, startProcess, waitForHttp, type ManagedProcess } from './stack/processes';
import { startResendProxy, type ResendProxy } from './stack/resend-proxy';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

export interface StackOptions {
  /** Ports; 0 picks a free one. Defaults: WEB_PORT/API_PORT/COGNITO_PORT, else 5173/8787/9229. */
  webPort?: number;
  apiPort?: number;
  cognitoPort?: number;
  /** Where the emulator's and the API's data live (default <repo>/.data). */
  dataDir?: string;
  /** Wipe dataDir (and the DATABASE_URL database) and reseed. */
  reset?: boolean;
  /** A PostgreSQL database for the API (default: DATABASE_URL); PGlite under dataDir when unset. */
  databaseUrl?: string;
  /** preview: vite build + vite preview; dev: Vite dev server; none: no console server. */
  mode?: 'preview' | 'dev' | 'none';
  /** No output except errors (codes and passwords are still recorded for the getters). */
  quiet?: boolean;
  /** Members of the seeded organisation (default 240); takes effect when the stack seeds. */
  seedUsers?: number;
  /** Called when cognito-local or the console server exits while the stack is running. */
  onUnexpectedExit?: (name: string, code: number | null) => void;
}

export interface Stack {
  webUrl: string;
  apiUrl: string;
  cognitoEndpoint: string;
  userPoolId: string;
  clientId: string;
  /** The VITE_* settings the console was given. */
  webEnv: Record<string, string>;
  /** The latest confirmation code issued to this email, waiting (up to timeoutMs) until one is. */
  getConfirmationCode(email: string, timeoutMs?: number): Promise<string>;
  /** The latest password reset code (ForgotPassword) issued to this email, waiting (up to timeoutMs) until one is. */
  getResetCode(email: string, timeoutMs?: number): Promise<string>;
  /** The temporary password of an invited (or the seeded first-time) account, if one was issued. */
  getTemporaryPassword(email: string): string | undefined;
  stop(): Promise<void>;
}

function envPort(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`${name} must be a port number, got "${raw}"`);
  return port;
}

async function resolvePort(requested: number | undefined, envName: string, fallback: number, what: string): Promise<number> {
  const port = requested ?? envPort(envName, fallback);
  if (port === 0) return freePort();
  await assertPortFree(port, what);
  return port;
}

async function readPoolState(file: string): Promise<PoolState | null> {
  try {
    const parsed = JSON.parse(await readFile(file, 'utf8')) as Partial<PoolState>;
    if (parsed.userPoolId && parsed.clientId && parsed.adminSub && parsed.firstTimeSub) return parsed as PoolState;
  } catch {
    // missing or unreadable: a fresh stack
  }
  return null;
}

export async function startStack(options: StackOptions = {}): Promise<Stack> {
  const mode = options.mode ?? 'preview';
  const log = options.quiet ? () => undefined : (line: string) => console.log(line);
  const dataDir = resolve(options.dataDir ?? join(ROOT, '.data'));
  const webPort = await resolvePort(options.webPort, 'WEB_PORT', 5173, 'the console');
  const apiPort = await resolvePort(options.apiPort, 'API_PORT', 8787, 'the API');
  const cognitoPort = await resolvePort(options.cognitoPort, 'COGNITO_PORT', 9229, 'cognito-local');

  const databaseUrl = options.databaseUrl ?? (process.env['DATABASE_URL'] || undefined);
  // BILLING_PROVIDER=stripe and its STRIPE_* variables (docs/BILLING.md); the local provider otherwise.
  const billing = parseBillingConfig(process.env);
  await mkdir(dataDir, { recursive: true });
  const unlock = await lockDataDir(dataDir);
  if (options.reset) {
    for (const entry of await readdir(dataDir)) if (entry !== LOCK_FILE) await rm(join(dataDir, entry), { recursive: true, force: true });
  }

  const codes = createIssuedCodes(log);
  const parseCodes = deliveredCodeParser(codes.delivered);
  const temporaryPasswords = new Map<string, string>();

  const running: ManagedProcess[] = [];
  let api: ApiServer | null = null;
  let proxy: ResendProxy | null = null;
  let stopping = false;
  const stopAll = async () => {
    stopping = true;
    if (api) await api.close().catch((error: unknown) => console.error('[stack] closing the API failed', error));
    api = null;
    if (proxy) await proxy.close();
    proxy = null;
    await Promise.all(
      running
        .splice(0)
        .reverse()
        .map((proc) => proc.stop()),
    );
    await unlock();
  };

  try {
    // Clients reach the emulator through the ResendConfirmationCode stand-in on the cognito port.
    const emulatorPort = await freePort();
    proxy = await startResendProxy({ port: cognitoPort, upstream: `http://127.0.0.1:${emulatorPort}`, codes });
    const cognitoEndpoint = proxy.endpoint;
    const cognito: CognitoProcess = await startCognitoLocal({
      dir: join(dataDir, 'cognito'),
      port: emulatorPort,
      issuerEndpoint: cognitoEndpoint,
      onLine: (line) => {
        parseCodes(line);
        if (/\b(ERROR|FATAL)\b/.test(line)) console.error(`[cognito-local] ${line}`);
      },
    });
    running.push(cognito);

    const stateFile = join(dataDir, 'stack.json');
    let pool = await readPoolState(stateFile);
    let newPool = false;
    if (!pool || !(await poolStillExists(cognitoEndpoint, pool))) {
      newPool = true;
      // A new pool means new subs: the API data must be seeded again to match.
      await rm(join(dataDir, 'api'), { recursive: true, force: true });
      pool = await createPool(cognitoEndpoint);
      await writeFile(stateFile, `${JSON.stringify(pool, null, 2)}\n`);
    } else {
      // A pool kept from an earlier run may predate two-factor sign-in: allow it there too.
      await allowTwoFactor(cognitoEndpoint, pool.userPoolId);
    }
    proxy.setPool(pool);
    temporaryPasswords.set(FIRST_TIME_ACCOUNT.email, FIRST_TIME_ACCOUNT.temporaryPassword);

    const webOrigin = `http://127.0.0.1:${webPort}`;
    const apiOrigin = `http://127.0.0.1:${apiPort}`;
    const poolRef = { endpoint: cognitoEndpoint, userPoolId: pool.userPoolId, clientId: pool.clientId };
    api = await startApiServer({
      port: apiPort,
      host: '127.0.0.1',
      dataDir: join(dataDir, 'api'),
      ...(databaseUrl ? { databaseUrl, resetDatabase: Boolean(options.reset), requireEmptyDatabase: newPool } : {}),
      config: { apiOrigin, webOrigin },
      billing,
      cognito: poolRef,
      userPool: createCognitoUserPoolAdmin({
        endpoint: cognitoEndpoint,
        userPoolId: pool.userPoolId,
        onTemporaryPassword: (email, password) => {
          temporaryPasswords.set(email.toLowerCase(), password);
          log(`Temporary password for ${email}: ${password}`);
        },
      }),
      seed: {
        adminSub: pool.adminSub,
        firstTimeSub: pool.firstTimeSub,
        ...(options.seedUsers !== undefined ? { users: options.seedUsers } : {}),
      },
    });
    if (api.seeded) log(`Seeded "${SEED_ORGANIZATION_NAME}" with ${api.seeded.members} members.`);

    const webEnv: Record<string, string> = {
      VITE_API_BASE_URL: api.url,
      VITE_COGNITO_USER_POOL_ID: pool.userPoolId,
      VITE_COGNITO_CLIENT_ID: pool.clientId,
      VITE_COGNITO_REGION: 'local',
      VITE_COGNITO_ENDPOINT: cognitoEndpoint,
      VITE_AUTH_FLOW: 'USER_PASSWORD_AUTH',
      // With the local provider, a clearly fake key (it never talks to Stripe; browser tests stub
      // Stripe.js); with Stripe, the account's publishable key (STRIPE_PUBLISHABLE_KEY).
      VITE_STRIPE_PUBLISHABLE_KEY:
        billing.provider === 'stripe' ? (process.env['STRIPE_PUBLISHABLE_KEY'] ?? 'pk_test_missing') : 'pk_test_local_stack',
    };

    if (mode !== 'none') {
      const vite = join(ROOT, 'node_modules', 'vite', 'bin', 'vite.js');
      const env = { ...process.env, ...webEnv };
      const webLog = (line: string) => {
        if (line.trim() !== '') log(`[web] ${line}`);
      };
      let args: string[];
      if (mode === 'preview') {
        const outDir = join(dataDir, 'web');
        log('Building the console (vite build)...');
        await runToCompletion({
          name: 'vite build',
          command: process.execPath,
          args: [vite, 'build', '--outDir', outDir, '--emptyOutDir'],
          cwd: ROOT,
          env,
          onLine: () => undefined,
        });
        args = [vite, 'preview', '--host', '127.0.0.1', '--port', String(webPort), '--strictPort', '--outDir', outDir];
      } else {
        args = [vite, '--host', '127.0.0.1', '--port', String(webPort), '--strictPort'];
      }
      const web = startProcess({
        name: mode === 'preview' ? 'vite preview' : 'vite dev',
        command: process.execPath,
        args,
        cwd: ROOT,
        env,
        onLine: webLog,
      });
      running.push(web);
      await waitForHttp(webOrigin, web, 120_000);
    }

    for (const proc of running) {
      void proc.exited.then((code) => {
        if (stopping) return;
        console.error(`[stack] ${proc.name} exited unexpectedly (code ${code}).`);
        options.onUnexpectedExit?.(proc.name, code);
      });
    }

    log('');
    log('Hardline local stack');
    log(`  Console:        ${webOrigin}${mode === 'none' ? ' (not started)' : ''}`);
    log(
      `  API:            ${api.url} (${databaseUrl ? `PostgreSQL: ${redactUrl(databaseUrl)}` : `embedded PGlite in ${join(dataDir, 'api')}`})`,
    );
    log(`  cognito-local:  ${cognitoEndpoint} (user pool ${pool.userPoolId}, client ${pool.clientId})`);
    log("                  (ResendConfirmationCode is answered there by the stack's stand-in: cognito-local lacks it)");
    log('Seeded accounts:');
    log(`  ${ADMIN_ACCOUNT.email} / ${ADMIN_ACCOUNT.password}  (administrator of ${SEED_ORGANIZATION_NAME})`);
    log(`  ${FIRST_TIME_ACCOUNT.email} / ${FIRST_TIME_ACCOUNT.temporaryPassword}  (temporary password: sets a new one at first sign-in)`);
    log('Confirmation codes, password reset codes and temporary passwords are printed here as they are issued.');

    return {
      webUrl: webOrigin,
      apiUrl: api.url,
      cognitoEndpoint,
      userPoolId: pool.userPoolId,
      clientId: pool.clientId,
      webEnv,
      getConfirmationCode: (email, timeoutMs = 30_000) => codes.latest('confirmation', email, timeoutMs),
      getResetCode: (email, timeoutMs = 30_000) => codes.latest('reset', email, timeoutMs),
      getTemporaryPassword: (email) => temporaryPasswords.get(email.toLowerCase()),
      stop: stopAll,
    };
  } catch (error) {
    await stopAll();
    throw error;
  }
}

/** A connection string without its password, for printing. */
function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return 'DATABASE_URL';
  }
}

function parseArgs(argv: readonly string[]): StackOptions {
  const options: StackOptions = { mode: 'preview' };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--reset') options.reset = true;
    else if (arg === '--dev') options.mode = 'dev';
    else if (arg === '--no-web') options.mode = 'none';
    else if (arg === '--quiet') options.quiet = true;
    else if (arg === '--users' || arg?.startsWith('--users=')) {
      const value = arg.includes('=') ? arg.split('=')[1] : argv[++i];
      const users = Number(value);
      if (!Number.isInteger(users) || users < 2) throw new Error('--users needs a whole number of at least 2');
      options.seedUsers = users;
    } else if (arg === '--data-dir') options.dataDir = argv[++i];
    else throw new Error(`Unknown option ${arg}. Options: --reset, --dev, --no-web, --users <n>, --data-dir <dir>, --quiet`);
  }
  return options;
}

async function main(): Promise<void> {
  const options = parseArgs(process.argv.slice(2));
  if (options.seedUsers !== undefined && !options.reset && existsSync(join(options.dataDir ?? join(ROOT, '.data'), 'api'))) {
    console.log('Note: --users takes effect when the stack seeds; add --reset to rebuild the organisation.');
  }
  let stopping = false;
  let stack: Stack | null = null;
  const shutdown = (reason: string, exitCode = 0) => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${reason}: stopping the stack...`);
    (stack ? stack.stop() : Promise.resolve()).then(
      () => process.exit(exitCode),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  stack = await startStack({ ...options, onUnexpectedExit: (name) => shutdown(`${name} stopped`, 1) });
  console.log('Press Ctrl-C to stop.');
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
