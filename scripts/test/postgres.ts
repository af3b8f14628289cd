/**
 * A throwaway PostgreSQL server for the tests: a new cluster in a temp directory, on a free port on
 * 127.0.0.1, trust authentication, removed when it stops. It uses the server binaries of Debian's
 * `postgresql` package (/usr/lib/postgresql/<version>/bin); `npm test` installs the package where it
 * is missing (scripts/test/setup-test-env.ts). As root the cluster runs as the unprivileged `postgres`
 * user (the server refuses to run as root), otherwise as the current user.
 *
 *   npx tsx scripts/test/postgres.ts -- <command...>   runs the command with TEST_DATABASE_URL set to the
 *                                                 throwaway server, then stops it
 */
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { freePort } from '../stack/processes';

const MIN_VERSION = 15;

/** The newest installed server's bin directory (15 or later), or null. */
export function postgresBinDir(root = '/usr/lib/postgresql'): string | null {
  if (!existsSync(root)) return null;
  const versions = readdirSync(root)
    .map(Number)
    .filter((v) => Number.isInteger(v) && v >= MIN_VERSION && existsSync(join(root, String(v), 'bin', 'initdb')))
    .sort((a, b) => b - a);
  return versions[0] === undefined ? null : join(root, String(versions[0]), 'bin');
}

export interface ThrowawayPostgres {
  /** postgres://postgres@127.0.0.1:<port>/postgres */
  url: string;
  stop(): Promise<void>;
}

function runChecked(command: string, args: string[], asPostgres: boolean): void {
  const [cmd, argv] = asPostgres ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];
  const result = spawnSync(cmd, argv, { encoding: 'utf8' });
  if (result.status !== 0) {
    throw new Error(`${command} ${args.join(' ')} failed (${result.status ?? result.signal}):\n${result.stdout}${result.stderr}`);
  }
}

export async function startThrowawayPostgres(): Promise<ThrowawayPostgres> {
  const bin = postgresBinDir();
  if (!bin)
    throw new Error(`PostgreSQL ${MIN_VERSION}+ server binaries were not found under /usr/lib/postgresql: apt-get install -y postgresql`);
  const asPostgres = process.getuid?.() === 0;
  const dir = mkdtempSync(join(tmpdir(), 'hardline-pg-'));
  chmodSync(dir, 0o755);
  if (asPostgres) runChecked('chown', ['postgres', dir], false);
  const data = join(dir, 'data');
  const port = await freePort();
  runChecked(join(bin, 'initdb'), ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8', '--locale=C'], asPostgres);
  // Durability is not what a throwaway test server is for: fsync off keeps it quick on a busy disk.
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200`;
  runChecked(join(bin, 'pg_ctl'), ['-D', data, '-o', options, '-l', join(dir, 'log'), '-w', '-t', '60', 'start'], asPostgres);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    async stop() {
      try {
        runChecked(join(bin, 'pg_ctl'), ['-D', data, '-m', 'immediate', '-w', 'stop'], asPostgres);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

async function main(argv: string[]): Promise<number> {
  const separator = argv.indexOf('--');
  const command = separator >= 0 ? argv.slice(separator + 1) : argv;
  if (command.length === 0) {
    console.error('usage: tsx scripts/test/postgres.ts -- <command...>');
    return 2;
  }
  const server = await startThrowawayPostgres();
  console.log(`PostgreSQL for the tests: ${server.url}`);
  try {
    const [cmd, ...args] = command as [string, ...string[]];
    return await new Promise<number>((resolve) => {
      const child = spawn(cmd, args, { stdio: 'inherit', env: { ...process.env, TEST_DATABASE_URL: server.url } });
      child.once('error', (error) => {
        console.error(error.message);
        resolve(127);
      });
      child.once('exit', (code, signal) => resolve(code ?? (signal ? 128 : 1)));
    });
  } finally {
    await server.stop();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  process.exitCode = await main(process.argv.slice(2));
}
