/**
 * The bench's local stack in a process of its own, at a lower CPU priority than the browser it measures.
 *
 * A deployment runs the reference API on a server, and the administrator's phone or laptop shares its
 * CPU with no API. On the bench's two cores everything shares: when the API (and PGlite, which runs
 * its queries on the API's own thread) ran inside the bench's process, it also shared one event loop
 * with the Lighthouse and Playwright drivers, and competed with Chromium's renderer at the same
 * priority, so the API's work was counted as the page's. Here the stack (`startStack()` from
 * scripts/stack.ts: the API, the identity emulator, the console's server) runs in a child Node
 * process started under `nice`, so every thread of it and every process it starts has the lower
 * priority (on Linux a niceness set from inside applies to one thread only). The browser still waits
 * for every answer; it only no longer loses the CPU to the server while it renders.
 *
 * The child reports the stack's addresses over IPC, stops the stack when asked (or when the bench
 * goes away), and its pid lets the export measure the API's memory (`processMemory`).
 */
import { execFileSync, spawn } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { startStack, type Stack, type StackOptions } from '../stack';

/** The stack's niceness: below the browser's 0, so Chromium gets the CPU first when both want it. */
const STACK_NICE = 10;

const OPTIONS_ENV = 'BENCH_STACK_PROCESS';

/**
 * The benches time the Assistant over its whole question bank and the export run after run, from
 * one administrator: far over the API's rate limits (docs/SECURITY.md), which they do not measure.
 */
const NO_RATE_LIMITS = {
  RATE_LIMIT_ASSISTANT_PER_ACCOUNT: 'off',
  RATE_LIMIT_ASSISTANT_PER_ADDRESS: 'off',
  RATE_LIMIT_EXPORT_PER_ACCOUNT: 'off',
  RATE_LIMIT_EXPORT_PER_ADDRESS: 'off',
};
const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const STOP_TIMEOUT_MS = 30_000;

/** What the bench reads of a running stack. */
export type StackAddresses = Pick<
  Stack,
  'webUrl' | 'apiUrl' | 'cognitoEndpoint' | 'userPoolId' | 'clientId' | 'webEnv' | 'apiProcessUrls' | 'tlsSpki'
>;

export interface StackProcess extends StackAddresses {
  /** The child's pid: the API's process (and PGlite's, unless DATABASE_URL is set). */
  pid: number;
  stop(): Promise<void>;
}

type ChildOptions = Omit<StackOptions, 'onUnexpectedExit'>;

type ChildMessage = { type: 'ready'; stack: StackAddresses } | { type: 'failed'; error: string } | { type: 'exited'; name: string };

/** Starts `startStack(options)` in a child process at niceness `nice` (`nice -n`); resolves once the stack is up. */
export function startStackProcess(options: ChildOptions, nice = STACK_NICE): Promise<StackProcess> {
  const child = spawn('nice', ['-n', String(nice), process.execPath, '--import', 'tsx', fileURLToPath(import.meta.url)], {
    cwd: ROOT,
    env: { ...process.env, ...NO_RATE_LIMITS, [OPTIONS_ENV]: JSON.stringify(options) },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  const stop = async (): Promise<void> => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    if (child.connected) child.send({ type: 'stop' });
    else child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
    await exited;
    clearTimeout(timer);
  };
  return new Promise((done, fail) => {
    const onExit = (code: number | null, signal: NodeJS.Signals | null) =>
      fail(new Error(`The stack's process ended before the stack was up (${signal ?? `exit code ${String(code)}`})`));
    child.once('exit', onExit);
    child.on('message', (message: ChildMessage) => {
      if (message.type === 'ready') {
        child.off('exit', onExit);
        done({ ...message.stack, pid: child.pid ?? -1, stop });
      } else if (message.type === 'failed') {
        child.off('exit', onExit);
        fail(new Error(`The stack did not start: ${message.error}`));
      } else {
        console.error(`[bench] ${message.name} stopped while the stack was running`);
      }
    });
  });
}

/** Resident set and the kernel's high-water mark of process `pid`, in bytes (Linux /proc; `ps` elsewhere, with no high-water mark). */
export function processMemory(pid: number): { rss: number; hwm: number | null } {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (field: string) => /^(\d+)\s*kB$/.exec(new RegExp(`^${field}:\\s+(.*)$`, 'm').exec(status)?.[1] ?? '')?.[1];
    const rss = kb('VmRSS');
    const hwm = kb('VmHWM');
    if (rss) return { rss: Number(rss) * 1024, hwm: hwm ? Number(hwm) * 1024 : null };
  } catch {
    // Not Linux: ask ps below.
  }
  const rssKb = Number(execFileSync('ps', ['-o', 'rss=', '-p', String(pid)], { encoding: 'utf8' }).trim());
  if (!Number.isFinite(rssKb) || rssKb <= 0) throw new Error(`No memory figure for process ${pid}`);
  return { rss: rssKb * 1024, hwm: null };
}

/** Sets process `pid`'s high-water mark to its current RSS (Linux); false where the kernel does not allow it. */
function resetHighWaterMark(pid: number): boolean {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
    return processMemory(pid).hwm !== null;
  } catch {
    return false;
  }
}

let clockTicks: number | null = null;

/** CPU time (user + system) process `pid` has used so far, in seconds (Linux /proc; null elsewhere). */
export function processCpuSeconds(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // After the command name's ')' the fields start at the 3rd (state): utime and stime are the 14th and 15th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    clockTicks ??= Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
    const ticks = Number(fields[11]) + Number(fields[12]);
    return Number.isFinite(ticks) ? ticks / clockTicks : null;
  } catch {
    return null;
  }
}

/** The pid of the child process of `pid` whose command line matches `pattern` (Linux /proc; null when none). */
export function childProcess(pid: number, pattern: RegExp): number | null {
  try {
    for (const task of readdirSync(`/proc/${pid}/task`)) {
      for (const child of readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').split(' ').filter(Boolean)) {
        if (pattern.test(readFileSync(`/proc/${child}/cmdline`, 'utf8').replaceAll('\0', ' '))) return Number(child);
      }
    }
  } catch {
    // Not Linux, or the process is gone.
  }
  return null;
}

/** How often `rssMonitor` samples the RSS (ms). */
const RSS_SAMPLE_MS = 50;

/** Process `pid`'s RSS sampled every 50 ms from `start()` to `stop()`, and its high-water mark when that can be reset. */
export function rssMonitor(pid: number) {
  let peak = 0;
  let timer: NodeJS.Timeout | undefined;
  let hwmReset = false;
  const sample = () => {
    peak = Math.max(peak, processMemory(pid).rss);
  };
  return {
    start() {
      hwmReset = resetHighWaterMark(pid);
      sample();
      timer = setInterval(sample, RSS_SAMPLE_MS);
    },
    stop(): { peak: number; hwm: number | null } {
      if (timer) clearInterval(timer);
      sample();
      return { peak, hwm: hwmReset ? processMemory(pid).hwm : null };
    },
  };
}

/** The child (already at its niceness): the stack, its addresses to the parent, and a stop when asked or orphaned. */
async function child(): Promise<void> {
  // Resolves once the message is on its way (process.exit right after a bare send could drop it).
  const send = (message: ChildMessage) => new Promise<void>((sent) => (process.send ? process.send(message, () => sent()) : sent()));
  const options = JSON.parse(process.env[OPTIONS_ENV] ?? '{}') as ChildOptions;
  let stack: Stack | null = null;
  let stopping = false;
  const stopAndExit = (code: number) => {
    if (stopping) return;
    stopping = true;
    (stack ? stack.stop() : Promise.resolve()).then(
      () => process.exit(code),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  };
  process.on('message', (message: { type?: string }) => {
    if (message.type === 'stop') stopAndExit(0);
  });
  // The bench went away without stopping it: do not outlive it.
  process.on('disconnect', () => stopAndExit(0));
  process.on('SIGTERM', () => stopAndExit(0));
  try {
    stack = await startStack({ ...options, onUnexpectedExit: (name) => void send({ type: 'exited', name }) });
  } catch (error) {
    await send({ type: 'failed', error: error instanceof Error ? error.message : String(error) });
    process.exit(1);
  }
  const { webUrl, apiUrl, cognitoEndpoint, userPoolId, clientId, webEnv, apiProcessUrls, tlsSpki } = stack;
  await send({
    type: 'ready',
    stack: { webUrl, apiUrl, cognitoEndpoint, userPoolId, clientId, webEnv, apiProcessUrls, ...(tlsSpki ? { tlsSpki } : {}) },
  });
}

if (process.env[OPTIONS_ENV] && process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  void child();
}
