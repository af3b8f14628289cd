/** Child processes of the local stack: started in their own process group, stopped cleanly. */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { get as httpsGet } from 'node:https';

export interface ManagedProcess {
  name: string;
  child: ChildProcess;
  /** Resolves with the exit code once the process has exited. */
  exited: Promise<number | null>;
  stop(): Promise<void>;
}

export interface StartProcessOptions {
  name: string;
  command: string;
  args: readonly string[];
  cwd: string;
  env: NodeJS.ProcessEnv;
  /** Every output line (stdout and stderr), ANSI colours removed. */
  onLine?: (line: string) => void;
}

// eslint-disable-next-line no-control-regex
const ANSI = /\u001b\[[0-9;]*[A-Za-z]/g;

const live = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of live) killGroup(child, 'SIGKILL');
});

function killGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  try {
    process.kill(-child.pid, signal); // the whole group: vite's esbuild service dies with it
  } catch {
    try {
      child.kill(signal);
    } catch {
      // already gone
    }
  }
}

export function startProcess({ name, command, args, cwd, env, onLine }: StartProcessOptions): ManagedProcess {
  const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  live.add(child);
  const exited = new Promise<number | null>((resolve) => {
    child.once('exit', (code) => {
      live.delete(child);
      resolve(code);
    });
    child.once('error', () => {
      live.delete(child);
      resolve(null);
    });
  });
  for (const stream of [child.stdout, child.stderr]) {
    let buffer = '';
    stream?.setEncoding('utf8');
    stream?.on('data', (chunk: string) => {
      buffer += chunk;
      const lines = buffer.split(/\r?\n/);
      buffer = lines.pop() ?? '';
      for (const line of lines) onLine?.(line.replace(ANSI, ''));
    });
    stream?.on('end', () => {
      if (buffer !== '') onLine?.(buffer.replace(ANSI, ''));
      buffer = '';
    });
  }
  return {
    name,
    child,
    exited,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      killGroup(child, 'SIGTERM');
      const timeout = new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), 5000).unref());
      if ((await Promise.race([exited, timeout])) === 'timeout') {
        killGroup(child, 'SIGKILL');
        await exited;
      }
    },
  };
}

/** Runs a command to completion; rejects with its output when it fails. */
export async function runToCompletion(options: StartProcessOptions): Promise<void> {
  const output: string[] = [];
  const proc = startProcess({
    ...options,
    onLine: (line) => {
      output.push(line);
      options.onLine?.(line);
    },
  });
  const code = await proc.exited;
  if (code !== 0) throw new Error(`${options.name} failed (exit ${code}):\n${output.slice(-40).join('\n')}`);
}

/** One GET over HTTPS trusting `ca` alone (the stack's own certificate, ./tls.ts); resolves on any HTTP status. */
function getTrusting(url: string, ca: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const req = httpsGet(url, { ca, timeout: 2000 }, (res) => {
      res.resume();
      resolve();
    });
    req.on('timeout', () => req.destroy(new Error(`no answer from ${url}`)));
    req.on('error', reject);
  });
}

/**
 * Polls a URL until it answers (any HTTP status), the process dies, or the time runs out. An https
 * URL of the stack's own is checked against its certificate (`ca`).
 */
export async function waitForHttp(url: string, proc: ManagedProcess | null, timeoutMs = 60_000, ca?: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let exitCode: number | null | undefined;
  void proc?.exited.then((code) => {
    exitCode = code;
  });
  while (Date.now() < deadline) {
    if (exitCode !== undefined) throw new Error(`${proc?.name ?? 'process'} exited (code ${exitCode}) before ${url} answered`);
    try {
      if (ca !== undefined) await getTrusting(url, ca);
      else await fetch(url, { signal: AbortSignal.timeout(2000) });
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  throw new Error(`Timed out waiting for ${url}`);
}

/** A TCP port free on 127.0.0.1 right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** Fails early with a clear message when a fixed port is taken. */
export function assertPortFree(port: number, what: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', () => reject(new Error(`Port ${port} for ${what} is in use. Stop whatever uses it, or choose another port.`)));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve()));
  });
}
