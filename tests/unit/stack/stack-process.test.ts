// @vitest-environment node
/**
 * The bench's stack in a process of its own (scripts/bench/stack-process.ts): up in a child at a lower
 * priority (every thread of it, and the processes it starts), reachable at the addresses it reports,
 * its memory readable from outside, and gone, with its children, once stopped.
 */
import { execFileSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type AddressInfo } from 'node:net';
import { getPriority, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAccessToken } from '../../../scripts/bench/admin';
import type { UserStats } from '../../../src/contract/api';
import { processMemory, startStackProcess, type StackProcess } from '../../../scripts/bench/stack-process';
import { warmSearchApi } from '../../../scripts/bench/users';

let stack: StackProcess | null = null;
let stopped = false;
let dataDir: string;
const NICE = 7;
/** How long starting the stack may take on a loaded machine (a test that finds it stopped starts it). */
const STARTS = 180_000;

/**
 * The stack the tests look at: started once, and again only for a test that runs after the one
 * that stops it (a shuffled order).
 */
async function running(): Promise<StackProcess> {
  if (!stack || stopped) {
    stack = await startStackProcess(
      { mode: 'none', webPort: 0, apiPort: 0, cognitoPort: 0, dataDir, reset: true, quiet: true, seedUsers: 2 },
      NICE,
    );
    stopped = false;
  }
  return stack;
}

/** Pids of `pid`'s descendants (Linux /proc through ps). */
function descendants(pid: number): number[] {
  const table = execFileSync('ps', ['-e', '-o', 'pid=,ppid='], { encoding: 'utf8' })
    .trim()
    .split('\n')
    .map((line) => line.trim().split(/\s+/).map(Number) as [number, number]);
  const found: number[] = [];
  const walk = (parent: number) => {
    for (const [child, ppid] of table)
      if (ppid === parent) {
        found.push(child);
        walk(child);
      }
  };
  walk(pid);
  return found;
}

/** Niceness of every thread of `pid` (ps -L lists threads). */
function threadNiceness(pid: number): number[] {
  return execFileSync('ps', ['-L', '-o', 'ni=', '-p', String(pid)], { encoding: 'utf8' })
    .trim()
    .split('\n')
    .map((line) => Number(line.trim()));
}

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'hardline-stack-process-'));
  await running();
}, STARTS);

afterAll(async () => {
  await stack?.stop();
  await rm(dataDir, { recursive: true, force: true });
}, 40_000);

describe("the bench's stack process", () => {
  it(
    'runs in another process, every thread of it and every process it started at the lower priority',
    async () => {
      const stack = await running();
      expect(stack.pid).not.toBe(process.pid);
      const base = getPriority();
      expect(getPriority(stack.pid)).toBe(base + NICE);
      expect(new Set(threadNiceness(stack.pid))).toEqual(new Set([base + NICE]));
      const children = descendants(stack.pid);
      expect(children.length).toBeGreaterThan(0); // the identity emulator
      for (const pid of children) expect(getPriority(pid)).toBe(base + NICE);
    },
    STARTS,
  );

  it(
    'serves the API at the address it reports, with tokens from the user pool it reports',
    async () => {
      const stack = await running();
      const token = await adminAccessToken(stack);
      const res = await fetch(`${stack.apiUrl}/api/users/stats`, { headers: { authorization: `Bearer ${token}` } });
      expect(res.status).toBe(200);
      expect(((await res.json()) as UserStats).total).toBeGreaterThanOrEqual(2);
    },
    STARTS,
  );

  it(
    "answers the users bench's warm-up searches, as the console sends them, and refuses them without a valid token",
    async () => {
      const stack = await running();
      const token = await adminAccessToken(stack);
      const times = await warmSearchApi(stack.apiUrl, token, ['a', 'zzq']);
      expect(times).toHaveLength(2);
      for (const ms of times) expect(ms).toBeGreaterThan(0);
      await expect(warmSearchApi(stack.apiUrl, 'not-a-token', ['a'])).rejects.toThrow('GET /api/users?search=a answered 401');
    },
    STARTS,
  );

  it(
    "reads the API process's memory from outside",
    async () => {
      const memory = processMemory((await running()).pid);
      expect(memory.rss).toBeGreaterThan(20 * 1024 * 1024);
      expect(memory.hwm).toBeGreaterThanOrEqual(memory.rss);
    },
    STARTS,
  );

  it(
    'stops the stack and its processes',
    async () => {
      const stack = await running();
      const pids = [stack.pid, ...descendants(stack.pid)];
      await stack.stop();
      stopped = true;
      await expect.poll(() => pids.filter(alive), { timeout: 10_000 }).toEqual([]);
      await stack.stop(); // a second stop is a no-op
    },
    STARTS,
  );
});

describe('a stack that cannot start', () => {
  it("rejects with the stack's own reason", async () => {
    const dir = await mkdtemp(join(tmpdir(), 'hardline-stack-process-bad-'));
    const busy = createServer();
    await new Promise<void>((listening) => busy.listen(0, '127.0.0.1', listening));
    const port = (busy.address() as AddressInfo).port;
    try {
      await expect(
        startStackProcess({ mode: 'none', webPort: 0, apiPort: port, cognitoPort: 0, dataDir: dir, quiet: true }),
      ).rejects.toThrow(`The stack did not start: Port ${port} for the API is in use`);
    } finally {
      busy.close();
      await rm(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
