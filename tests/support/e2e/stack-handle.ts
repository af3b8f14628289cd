/**
 * How the Playwright processes share one local stack per run.
 *
 * globalSetup (main process) starts the stack once — fresh temp data dir, free ports, `vite build`
 * once — and a tiny control server that answers the stack's getters. It publishes a
 * `StackDescriptor` in E2E_STACK; the worker fixture turns it back into a `StackHandle`.
 */
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startStack, type StackOptions } from '../../../scripts/stack';
import { findFreePorts } from './ports';

export const STACK_ENV = 'E2E_STACK';

export interface StackHandle {
  webUrl: string;
  apiUrl: string;
  cognitoEndpoint: string;
  userPoolId: string;
  clientId: string;
  webEnv: Record<string, string>;
  /** The API processes behind apiUrl, when the stack runs several (empty otherwise). */
  apiProcessUrls: string[];
  /** The latest confirmation code issued to `email` (waits up to timeoutMs for one). */
  getConfirmationCode(email: string, timeoutMs?: number): Promise<string>;
  /** The latest password reset code (ForgotPassword) issued to `email` (waits up to timeoutMs for one). */
  getResetCode(email: string, timeoutMs?: number): Promise<string>;
  /** The temporary password issued to `email`, if any. */
  getTemporaryPassword(email: string): Promise<string | undefined>;
}

export interface StackDescriptor {
  webUrl: string;
  apiUrl: string;
  cognitoEndpoint: string;
  userPoolId: string;
  clientId: string;
  webEnv: Record<string, string>;
  controlUrl: string;
  /** The API processes behind apiUrl, when the stack runs several. */
  apiProcessUrls: string[];
}

export interface RunningStack {
  descriptor: StackDescriptor;
  stop(): Promise<void>;
}

/**
 * Start the stack on free ports with fresh data, plus its control server. `api`: the API as several
 * production processes on a PostgreSQL database (playwright.processes.config.ts) instead of in the
 * stack's own process.
 */
export async function launchSharedStack(api: Pick<StackOptions, 'apiProcesses' | 'databaseUrl'> = {}): Promise<RunningStack> {
  const dataDir = mkdtempSync(join(tmpdir(), 'hardline-e2e-'));
  // One administrator runs every browser test against one stack, and some build a crew (bulk by
  // filter adds 30 members): the production limit of 30 invites a minute per account and 60 per
  // address would make those tests depend on what ran in the minute before. Server tests check the
  // limits themselves (tests/server/rate-limits.test.ts); a variable set outside wins.
  process.env['RATE_LIMIT_INVITES_PER_ACCOUNT'] ??= '600/1m';
  process.env['RATE_LIMIT_INVITES_PER_ADDRESS'] ??= '1200/1m';
  const [webPort, apiPort, cognitoPort, controlPort] = (await findFreePorts(4)) as [number, number, number, number];
  const stack = await startStack({ webPort, apiPort, cognitoPort, dataDir, reset: true, mode: 'preview', quiet: true, ...api });
  const codeGetters: Partial<Record<string, (email: string, timeoutMs: number) => Promise<string>>> = {
    '/confirmation-code': (email, timeoutMs) => stack.getConfirmationCode(email, timeoutMs),
    '/reset-code': (email, timeoutMs) => stack.getResetCode(email, timeoutMs),
  };
  const control: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const email = url.searchParams.get('email') ?? '';
    const reply = (status: number, body: unknown): void => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    const code = codeGetters[url.pathname];
    if (code) {
      const timeout = Number(url.searchParams.get('timeout') ?? '30000');
      code(email, timeout).then(
        (value) => reply(200, { code: value }),
        (error: unknown) => reply(404, { error: error instanceof Error ? error.message : String(error) }),
      );
      return;
    }
    if (url.pathname === '/temporary-password') {
      void stack.getTemporaryPassword(email).then((password) => reply(200, { password: password ?? null }));
      return;
    }
    reply(404, { error: 'unknown control path' });
  });
  await new Promise<void>((resolve) => control.listen(controlPort, '127.0.0.1', resolve));
  return {
    descriptor: {
      webUrl: stack.webUrl,
      apiUrl: stack.apiUrl,
      cognitoEndpoint: stack.cognitoEndpoint,
      userPoolId: stack.userPoolId,
      clientId: stack.clientId,
      webEnv: stack.webEnv,
      controlUrl: `http://127.0.0.1:${controlPort}`,
      apiProcessUrls: stack.apiProcessUrls,
    },
    async stop() {
      await new Promise<void>((resolve) => control.close(() => resolve()));
      await stack.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export function connectToStack(descriptor: StackDescriptor): StackHandle {
  const { controlUrl, ...rest } = descriptor;
  const get = async (path: string, params: Record<string, string>): Promise<Record<string, unknown>> => {
    const res = await fetch(`${controlUrl}${path}?${new URLSearchParams(params).toString()}`);
    const body = (await res.json()) as Record<string, unknown>;
    if (!res.ok) throw new Error(String(body.error ?? `control server answered ${res.status}`));
    return body;
  };
  return {
    ...rest,
    async getConfirmationCode(email, timeoutMs = 30_000) {
      const body = await get('/confirmation-code', { email, timeout: String(timeoutMs) });
      return String(body.code);
    },
    async getResetCode(email, timeoutMs = 30_000) {
      const body = await get('/reset-code', { email, timeout: String(timeoutMs) });
      return String(body.code);
    },
    async getTemporaryPassword(email) {
      const body = await get('/temporary-password', { email });
      return typeof body.password === 'string' ? body.password : undefined;
    },
  };
}

export function readStackDescriptor(): StackDescriptor | undefined {
  const raw = process.env[STACK_ENV];
  return raw ? (JSON.parse(raw) as StackDescriptor) : undefined;
}
