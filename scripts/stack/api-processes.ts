/**
 * The API as production runs it, for the local stack's several-process mode and the tests: the
 * production entry (server/main.ts, here from source through tsx) in child processes of its own,
 * configured through the same environment variables as a deployment (docs/DEPLOYMENT.md), each
 * writing its JSON log to a file. A process is up once its /readyz answers 200.
 */
import { createWriteStream } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, startProcess, type ManagedProcess } from './processes';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

export interface ApiProcess extends ManagedProcess {
  /** Resolves with the exit code once the process has exited and every line of its log is in `logFile`. */
  exited: Promise<number | null>;
  url: string;
  logFile: string;
}

/**
 * Starts the production entry with `env` (its configuration: DATABASE_URL, COGNITO_*, CONSOLE_ORIGIN,
 * API_PUBLIC_URL...; HOST and PORT are chosen here), its log in `logFile`; resolves once it is ready.
 */
export async function startApiProcess(options: {
  name: string;
  env: Record<string, string>;
  logFile: string;
  port?: number;
}): Promise<ApiProcess> {
  const port = options.port ?? (await freePort());
  const log = createWriteStream(options.logFile, { flags: 'a' });
  const proc = startProcess({
    name: options.name,
    command: process.execPath,
    args: ['--import', 'tsx', join(ROOT, 'server', 'main.ts')],
    cwd: ROOT,
    // Dummy credentials for cognito-local, through the SDK's default chain (AWS_* variables), as a
    // deployment would give real ones; a deployment's own AWS_* win. The SDK's notice that its 2027
    // releases need Node 22 (GUIDE.md) is known: it stays out of the JSON log.
    env: {
      AWS_ACCESS_KEY_ID: 'local',
      AWS_SECRET_ACCESS_KEY: 'local',
      AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
      ...process.env,
      ...options.env,
      HOST: '127.0.0.1',
      PORT: String(port),
    },
    onLine: (line) => log.write(`${line}\n`),
  });
  // The process's last lines can reach us after it has exited: its output is closed ('close', after
  // 'exit') and only then is the log ended and written out. `exited` waits for that too, so a reader
  // of the log after `await exited` finds every line (its "stopped" included).
  const outputClosed = new Promise<void>((resolve) => {
    proc.child.once('close', () => resolve());
    proc.child.once('error', () => resolve());
  });
  const logWritten = outputClosed.then(() => new Promise<void>((resolve) => log.end(resolve)));
  const exited = proc.exited.then(async (code) => {
    await logWritten;
    return code;
  });
  const url = `http://127.0.0.1:${port}`;
  await waitUntilReady(url, proc);
  return { ...proc, exited, url, logFile: options.logFile };
}

/** Polls /readyz until it answers 200; fails when the process exits first or after `timeoutMs`. */
export async function waitUntilReady(url: string, proc: ManagedProcess, timeoutMs = 90_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let exited: number | null | undefined;
  void proc.exited.then((code) => {
    exited = code;
  });
  let last = 'no answer';
  while (Date.now() < deadline) {
    if (exited !== undefined) throw new Error(`${proc.name} exited (code ${String(exited)}) before it was ready`);
    try {
      const response = await fetch(`${url}/readyz`, { signal: AbortSignal.timeout(2_000) });
      if (response.status === 200) return;
      last = `${response.status} ${await response.text()}`;
    } catch (error) {
      last = error instanceof Error ? error.message : String(error);
    }
    await new Promise((done) => setTimeout(done, 200));
  }
  throw new Error(`${proc.name} was not ready at ${url}/readyz within ${timeoutMs} ms (last: ${last})`);
}
