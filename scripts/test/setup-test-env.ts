/**
 * What `npm test` needs beyond node_modules, set up before any test runs:
 * - Chromium for the browser tests (`/usr/bin/chromium`, or CHROME_PATH);
 * - PostgreSQL 15+ server binaries for the server suite's second engine (scripts/test/postgres.ts).
 *
 * Where one is missing and this runs as root with apt-get (a fresh Debian machine, CI), it installs
 * Debian's `chromium` / `postgresql` packages. Otherwise it stops at once, naming the one command
 * to run, instead of failing deep inside a browser test.
 *
 * `npm run bench` asks the same (ensurePrerequisites), for the measurements it is about to run:
 * Chromium for Lighthouse, INP and User Management, PostgreSQL for the API under load.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { postgresBinDir } from './postgres';

export interface Missing {
  what: string;
  aptPackage: string;
}

/** What a command needs of the two (npm test: both). */
export interface Needs {
  chromium: boolean;
  postgresql: boolean;
}

const BOTH: Needs = { chromium: true, postgresql: true };

export function missingPrerequisites(
  env: NodeJS.ProcessEnv = process.env,
  pgBin: () => string | null = postgresBinDir,
  needs: Needs = BOTH,
): Missing[] {
  const missing: Missing[] = [];
  const chrome = env['CHROME_PATH'] || '/usr/bin/chromium';
  if (needs.chromium && !existsSync(chrome)) missing.push({ what: `Chromium (${chrome})`, aptPackage: 'chromium' });
  if (needs.postgresql && !pgBin())
    missing.push({ what: 'PostgreSQL 15+ server (/usr/lib/postgresql/<version>/bin)', aptPackage: 'postgresql' });
  return missing;
}

export function installCommand(missing: readonly Missing[]): string {
  return `sudo apt-get update && sudo apt-get install -y ${missing.map((m) => m.aptPackage).join(' ')}`;
}

function run(command: string, args: string[]): boolean {
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  return result.status === 0;
}

/**
 * Installs what `command` (named in the messages: 'npm test', 'npm run bench') needs and this
 * machine lacks, where it can (root with apt-get). 0 when everything is there, 1 with a message
 * naming the command to run otherwise.
 */
export function ensurePrerequisites(command: string, needs: Needs = BOTH): number {
  const missing = missingPrerequisites(process.env, postgresBinDir, needs);
  if (missing.length === 0) return 0;
  const names = missing.map((m) => m.what).join(' and ');
  const canInstall = process.getuid?.() === 0 && spawnSync('apt-get', ['--version'], { stdio: 'ignore' }).status === 0;
  if (!canInstall) {
    console.error(`${command} needs ${names}, which this machine does not have. Install it with:\n\n  ${installCommand(missing)}\n`);
    return 1;
  }
  console.log(`Installing ${names} with apt-get (Debian packages: ${missing.map((m) => m.aptPackage).join(', ')})...`);
  if (!run('apt-get', ['update']) || !run('apt-get', ['install', '-y', ...missing.map((m) => m.aptPackage)])) {
    console.error(`Installing failed. Install by hand: ${installCommand(missing)}`);
    return 1;
  }
  const still = missingPrerequisites(process.env, postgresBinDir, needs);
  if (still.length > 0) {
    console.error(`Still missing after the install: ${still.map((m) => m.what).join(', ')}`);
    return 1;
  }
  return 0;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) process.exitCode = ensurePrerequisites('npm test');
