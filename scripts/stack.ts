/**
 * The local stack: cognito-local (identity emulator), the reference API (server/) and the console.
 *
 *   npm start                 vite build + vite preview
 *   npm run dev               Vite dev server
 *   npm start -- --reset      wipe .data/ and reseed
 *   npm start -- --users 100000   seed a large organisation (with --reset on an existing stack)
 *   npm start -- --https      the console over HTTPS and HTTP/2, as deployed (a certificate of the
 *                             stack's own: a browser warns about it; the bench trusts it alone)
 *   WEB_PORT, API_PORT, COGNITO_PORT override the ports 5173, 8787, 9229.
 *   DATABASE_URL=postgres://...   the API on that PostgreSQL database instead of PGlite under .data/
 *   npm start -- --api-processes 2   (with DATABASE_URL) the production entry in two processes behind
 *                             a round-robin balancer on API_PORT, as a deployment runs it
 *
 * Before the API starts, the stack migrates its database and seeds an empty one (scripts/stack/database.ts):
 * what a deployment does with `npm run migrate` and never with a seed. The API's JSON log goes to
 * <data dir>/api.log (api-<n>.log for each process).
 *
 * `startStack()` is the same thing as a function, for the Playwright fixture.
 */
import { existsSync } from 'node:fs';
import { mkdir, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createWriteStream, type WriteStream } from 'node:fs';
import { serverModules, startApiServer, type ApiServer } from '../server/index';
import { parseBillingConfig } from '../server/billing';
import { readRateLimitSettings } from '../server/core/rateLimit';
import { createLogger } from '../server/core/log';
import { createCognitoUserPoolAdmin } from '../server/core/userPool';
import { startApiProcess, type ApiProcess } from './stack/api-processes';
import { startBalancer, type Balancer } from './stack/balancer';
import { openStackDatabase } from './stack/database';
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
import { LOCAL_STRIPE_PLACEHOLDER } from './stack/stripe-placeholder';
import { localCertificate } from './stack/tls';

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
  /**
   * Serve the built console over HTTPS and HTTP/2, as a deployment does (mode 'preview' only), with
   * a certificate of the stack's own for 127.0.0.1 (./stack/tls.ts). The API stays on plain HTTP:
   * a loopback address, which browsers let an HTTPS page call.
   */
  https?: boolean;
  /** No output except errors (codes and passwords are still recorded for the getters). */
  quiet?: boolean;
  /** Members of the seeded organisation (default 240); takes effect when the stack seeds. */
  seedUsers?: number;
  /**
   * Run the API as production does: this many processes of the production entry (server/main.ts),
   * behind a round-robin balancer when more than one. Needs PostgreSQL (databaseUrl). Unset: the API
   * runs inside the stack's own process, on PGlite or PostgreSQL.
   */
  apiProcesses?: number;
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
  /**
   * With `https`: the SHA-256 of the certificate's public key, for a browser to trust it alone
   * (Chromium's `--ignore-certificate-errors-spki-list`).
   */
  tlsSpki?: string;
  /** The latest confirmation code issued to this email, waiting (up to timeoutMs) until one is. */
  getConfirmationCode(email: string, timeoutMs?: number): Promise<string>;
  /** The latest password reset code (ForgotPassword) issued to this email, waiting (up to timeoutMs) until one is. */
  getResetCode(email: string, timeoutMs?: number): Promise<string>;
  /**
   * The latest temporary password of an invited (or the seeded first-time) account, waiting up to
   * timeoutMs (default 10 s) for the emulator to deliver one; undefined when none came.
   */
  getTemporaryPassword(email: string, timeoutMs?: number): Promise<string | undefined>;
  /** The API processes' addresses, when the stack runs several (apiProcesses); empty otherwise. */
  apiProcessUrls: string[];
  /** Where the API writes its JSON log (one file per process). */
  apiLogFiles: string[];
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
  if (options.https && mode !== 'preview')
    throw new Error('--https serves the built console: it cannot be combined with --dev or --no-web');
  const log = options.quiet ? () => undefined : (line: string) => console.log(line);
  const dataDir = resolve(options.dataDir ?? join(ROOT, '.data'));
  const webPort = await resolvePort(options.webPort, 'WEB_PORT', 5173, 'the console');
  const apiPort = await resolvePort(options.apiPort, 'API_PORT', 8787, 'the API');
  const cognitoPort = await resolvePort(options.cognitoPort, 'COGNITO_PORT', 9229, 'cognito-local');

  const databaseUrl = options.databaseUrl ?? (process.env['DATABASE_URL'] || undefined);
  const apiProcesses = options.apiProcesses;
  if (apiProcesses !== undefined && (!Number.isInteger(apiProcesses) || apiProcesses < 1))
    throw new Error('apiProcesses must be a whole number of at least 1');
  if (apiProcesses !== undefined && !databaseUrl) {
    throw new Error('Several API processes need PostgreSQL: set DATABASE_URL (the embedded PGlite serves one process).');
  }
  // BILLING_PROVIDER=stripe and its STRIPE_* variables (docs/BILLING.md); the local provider otherwise.
  // The API processes (apiProcesses) read the same variables from the environment they inherit.
  const billing = parseBillingConfig(process.env);
  // RATE_LIMIT_* and TRUSTED_PROXY_HOPS (docs/SECURITY.md): the production defaults unless set; the
  // counters live in the stack's database, as in production.
  const rateLimits = readRateLimitSettings(process.env);
  // With Stripe, the console needs the account's publishable key: stop now, naming it, rather than
  // build a console whose payment step can only fail.
  const stripePublishableKey = process.env['STRIPE_PUBLISHABLE_KEY']?.trim() || undefined;
  if (billing.provider === 'stripe' && !stripePublishableKey)
    throw new Error("BILLING_PROVIDER=stripe needs STRIPE_PUBLISHABLE_KEY (the account's pk_live_… or pk_test_… key) for the console.");
  await mkdir(dataDir, { recursive: true });
  const unlock = await lockDataDir(dataDir);
  if (options.reset) {
    for (const entry of await readdir(dataDir)) if (entry !== LOCK_FILE) await rm(join(dataDir, entry), { recursive: true, force: true });
  }

  const codes = createIssuedCodes(log);
  const parseCodes = deliveredCodeParser(codes.delivered);

  const running: ManagedProcess[] = [];
  let api: ApiServer | null = null;
  let apiLog: WriteStream | null = null;
  const processes: ApiProcess[] = [];
  let balancer: Balancer | null = null;
  let proxy: ResendProxy | null = null;
  let stopping = false;
  const stopAll = async () => {
    stopping = true;
    if (api) await api.close().catch((error: unknown) => console.error('[stack] closing the API failed', error));
    api = null;
    if (balancer) await balancer.close();
    balancer = null;
    await Promise.all(processes.splice(0).map((proc) => proc.stop()));
    apiLog?.end();
    apiLog = null;
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
    // Clients reach the emulator through the stand-in on the cognito port (scripts/stack/resend-proxy.ts:
    // the calls cognito-local 5.3 lacks or gets wrong).
    const emulatorPort = await freePort();
    proxy = await startResendProxy({
      port: cognitoPort,
      upstream: `http://127.0.0.1:${emulatorPort}`,
      codes,
      stateFile: join(dataDir, 'stand-in.json'),
    });
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

    const tls = options.https ? localCertificate(join(dataDir, 'tls')) : null;
    const webOrigin = `${tls ? 'https' : 'http'}://127.0.0.1:${webPort}`;
    const apiOrigin = `http://127.0.0.1:${apiPort}`;
    const config = { apiOrigin, webOrigin };
    const poolRef = { endpoint: cognitoEndpoint, userPoolId: pool.userPoolId, clientId: pool.clientId };
    const prepared = await openStackDatabase({
      ...(databaseUrl ? { url: databaseUrl, reset: Boolean(options.reset), requireEmpty: newPool } : {}),
      dataDir: join(dataDir, 'api'),
      modules: serverModules,
      config,
      seed: {
        adminSub: pool.adminSub,
        firstTimeSub: pool.firstTimeSub,
        ...(options.seedUsers !== undefined ? { users: options.seedUsers } : {}),
      },
    });
    if (prepared.seeded) log(`Seeded "${SEED_ORGANIZATION_NAME}" with ${prepared.seeded.members} members.`);

    let apiUrl: string;
    const apiLogFiles: string[] = [];
    if (apiProcesses === undefined) {
      const logFile = join(dataDir, 'api.log');
      apiLog = createWriteStream(logFile, { flags: 'a' });
      apiLogFiles.push(logFile);
      api = await startApiServer({
        port: apiPort,
        host: '127.0.0.1',
        db: prepared.db,
        analyzed: prepared.seeded !== null,
        config,
        billing,
        rateLimits,
        cognito: poolRef,
        userPool: createCognitoUserPoolAdmin({
          userPoolId: pool.userPoolId,
          region: 'local',
          endpoint: cognitoEndpoint,
          credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
        }),
        log: createLogger({ level: 'info', destination: apiLog }),
      });
      apiUrl = api.url;
    } else {
      // The processes open the database themselves; the stack's connection was for migrate and seed.
      await prepared.db.close();
      const env: Record<string, string> = {
        DATABASE_URL: databaseUrl ?? '',
        COGNITO_USER_POOL_ID: pool.userPoolId,
        COGNITO_REGION: 'local',
        COGNITO_CLIENT_ID: pool.clientId,
        COGNITO_ENDPOINT: cognitoEndpoint,
        CONSOLE_ORIGIN: webOrigin,
        API_PUBLIC_URL: apiOrigin,
        LOG_LEVEL: 'info',
      };
      const started = await Promise.all(
        Array.from({ length: apiProcesses }, (_, i) => {
          const logFile = join(dataDir, `api-${i + 1}.log`);
          apiLogFiles.push(logFile);
          return startApiProcess({
            name: `API process ${i + 1}`,
            env,
            logFile,
            ...(apiProcesses === 1 ? { port: apiPort } : {}),
          });
        }),
      );
      processes.push(...started);
      running.push(...started);
      if (apiProcesses === 1) {
        apiUrl = started[0]?.url ?? apiOrigin;
      } else {
        balancer = await startBalancer({ port: apiPort, backends: started.map((p) => p.url), webOrigin });
        apiUrl = balancer.url;
      }
    }

    const webEnv: Record<string, string> = {
      VITE_API_BASE_URL: apiUrl,
      VITE_COGNITO_USER_POOL_ID: pool.userPoolId,
      VITE_COGNITO_CLIENT_ID: pool.clientId,
      VITE_COGNITO_REGION: 'local',
      VITE_COGNITO_ENDPOINT: cognitoEndpoint,
      VITE_AUTH_FLOW: 'USER_PASSWORD_AUTH',
      // With the local provider, a placeholder (./stack/stripe-placeholder.ts: it never talks to Stripe; browser tests stub
      // Stripe.js); with Stripe, the account's publishable key (STRIPE_PUBLISHABLE_KEY).
      VITE_STRIPE_PUBLISHABLE_KEY: billing.provider === 'stripe' ? (stripePublishableKey ?? '') : LOCAL_STRIPE_PLACEHOLDER,
    };

    if (mode !== 'none') {
      const vite = join(ROOT, 'node_modules', 'vite', 'bin', 'vite.js');
      // vite.config.ts serves the build over HTTPS (and so HTTP/2) with these.
      const env = {
        ...process.env,
        ...webEnv,
        ...(tls ? { HARDLINE_PREVIEW_TLS_KEY: tls.keyFile, HARDLINE_PREVIEW_TLS_CERT: tls.certFile } : {}),
      };
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
      await waitForHttp(webOrigin, web, 120_000, tls?.cert);
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
      `  API:            ${apiUrl} (${databaseUrl ? `PostgreSQL: ${redactUrl(databaseUrl)}` : `embedded PGlite in ${join(dataDir, 'api')}`})`,
    );
    if (processes.length > 0) log(`                  ${processes.length} production processes: ${processes.map((p) => p.url).join(', ')}`);
    log(`                  JSON log: ${apiLogFiles.join(', ')}`);
    log(`  cognito-local:  ${cognitoEndpoint} (user pool ${pool.userPoolId}, client ${pool.clientId})`);
    log("                  (behind the stack's stand-in for what cognito-local lacks: resends, sign-out everywhere, disabled accounts)");
    log('Seeded accounts:');
    log(`  ${ADMIN_ACCOUNT.email} / ${ADMIN_ACCOUNT.password}  (administrator of ${SEED_ORGANIZATION_NAME})`);
    log(`  ${FIRST_TIME_ACCOUNT.email} / ${FIRST_TIME_ACCOUNT.temporaryPassword}  (temporary password: sets a new one at first sign-in)`);
    log('Confirmation codes, password reset codes and temporary passwords are printed here as they are issued.');

    return {
      webUrl: webOrigin,
      apiUrl,
      apiProcessUrls: processes.map((p) => p.url),
      apiLogFiles,
      cognitoEndpoint,
      userPoolId: pool.userPoolId,
      clientId: pool.clientId,
      webEnv,
      ...(tls ? { tlsSpki: tls.spki } : {}),
      getConfirmationCode: (email, timeoutMs = 30_000) => codes.latest('confirmation', email, timeoutMs),
      getResetCode: (email, timeoutMs = 30_000) => codes.latest('reset', email, timeoutMs),
      getTemporaryPassword: async (email, timeoutMs = 10_000) => {
        if (email.toLowerCase() === FIRST_TIME_ACCOUNT.email) {
          return codes.latest('temporary', email, 0).catch(() => FIRST_TIME_ACCOUNT.temporaryPassword);
        }
        return codes.latest('temporary', email, timeoutMs).catch(() => undefined);
      },
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

export function parseStackArgs(argv: readonly string[]): StackOptions {
  const options: StackOptions = { mode: 'preview' };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--reset') options.reset = true;
    else if (arg === '--dev') options.mode = 'dev';
    else if (arg === '--no-web') options.mode = 'none';
    else if (arg === '--quiet') options.quiet = true;
    else if (arg === '--https') options.https = true;
    else if (arg === '--users' || arg?.startsWith('--users=')) {
      const value = arg.includes('=') ? arg.split('=')[1] : argv[++i];
      const users = Number(value);
      if (!Number.isInteger(users) || users < 2) throw new Error('--users needs a whole number of at least 2');
      options.seedUsers = users;
    } else if (arg === '--api-processes' || arg?.startsWith('--api-processes=')) {
      const value = arg.includes('=') ? arg.split('=')[1] : argv[++i];
      const count = Number(value);
      if (!Number.isInteger(count) || count < 1) throw new Error('--api-processes needs a whole number of at least 1');
      options.apiProcesses = count;
    } else if (arg === '--data-dir') options.dataDir = argv[++i];
    else
      throw new Error(
        `Unknown option ${arg}. Options: --reset, --dev, --no-web, --https, --users <n>, --api-processes <n>, --data-dir <dir>, --quiet`,
      );
  }
  return options;
}

async function main(): Promise<void> {
  const options = parseStackArgs(process.argv.slice(2));
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
