// @vitest-environment node
/**
 * One file-name convention, so a reader can tell what a file holds from its name:
 *
 * - src/ and server/: a module is named in camelCase after what it exports (`usersListMachine.ts`,
 *   `storedSession.ts`, `localProvider.ts`); a React component's file is in PascalCase
 *   (`UsersScreen.tsx`), and only a .tsx file may be. No kebab-case and no snake_case.
 * - scripts/: commands and build plugins, in kebab-case like the npm scripts that run them
 *   (`bundle-size.ts`, `stack-process.ts`, `eslint-menu-clicks.js` and its `.d.ts`).
 * - server/migrations: numbered SQL, named by their tool (postgrator), and never renamed.
 */
import { readdirSync } from 'node:fs';
import { basename, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

function filesUnder(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    return entry.isDirectory() ? filesUnder(path) : [path];
  });
}

const CAMEL_MODULE = /^[a-z][a-zA-Z0-9]*\.ts$/;
const COMPONENT_OR_MODULE = /^[A-Za-z][a-zA-Z0-9]*\.tsx$/;
// A plain-JS module (an ESLint plugin the config loads as it is) may come with its .d.ts.
const KEBAB = /^[a-z][a-z0-9]*(?:-[a-z0-9]+)*\.(?:ts|d\.ts|js|mjs|sh)$/;

/** The files of `folder` (relative to the project) whose names break `rule`. */
function offenders(folder: string, rule: (name: string) => boolean): string[] {
  return filesUnder(join(ROOT, folder))
    .filter((path) => /\.(?:ts|tsx|mjs|js|sh)$/.test(path) && !rule(basename(path)))
    .map((path) => relative(ROOT, path));
}

describe('file names follow one convention', () => {
  it('src/ and server/ name modules in camelCase and components in PascalCase', () => {
    const rule = (name: string) => CAMEL_MODULE.test(name) || COMPONENT_OR_MODULE.test(name);
    expect([...offenders('src', rule), ...offenders('server', rule)]).toEqual([]);
  });

  it('scripts/ name commands and plugins in kebab-case', () => {
    expect(offenders('scripts', (name) => KEBAB.test(name))).toEqual([]);
  });

  it('the rules tell the conventions apart (a kebab module, a snake one and a capitalised .ts fail)', () => {
    const rule = (name: string) => CAMEL_MODULE.test(name) || COMPONENT_OR_MODULE.test(name);
    expect(['stored-session.ts', 'stored_session.ts', 'StoredSession.ts', 'machines-context.tsx'].filter(rule)).toEqual([]);
    expect(['storedSession.ts', 'UsersScreen.tsx', 'routes.tsx'].every(rule)).toBe(true);
    expect(['bundle-size.ts', 'stack.ts', 'cognito-local-main.mjs'].every((name) => KEBAB.test(name))).toBe(true);
    expect(['bundle-size.ts', 'eslint-menu-clicks.js', 'eslint-menu-clicks.d.ts'].every((name) => KEBAB.test(name))).toBe(true);
    expect(['bundleSize.ts', 'Bundle-size.ts', 'eslintMenuClicks.js', 'eslint_menu.d.ts'].some((name) => KEBAB.test(name))).toBe(false);
  });
});
