/**
 * scripts/build/chakra-lazy-global.ts: the build's Chakra builds the page's global CSS on first read
 * rather than in `createSystem`, and a page that carries it already can hand the system an empty
 * list instead (src/views/theme/prerenderedGlobal.ts). Checked against the installed Chakra: the
 * module the build transforms is loaded, transformed, from beside Chakra's own.
 */
// @vitest-environment node
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSystem as eagerCreateSystem, defaultConfig, type SystemContext } from '@chakra-ui/react';
import { CHAKRA_SYSTEM_MODULE, chakraLazyGlobal, withLazyGlobal } from '../../scripts/build/chakra-lazy-global';

const SYSTEM_MODULE = join(process.cwd(), 'node_modules/@chakra-ui/react/dist/esm/styled-system/system.js');
/** The transformed module, beside Chakra's (its relative imports resolve as the original's do). */
const LAZY_MODULE = SYSTEM_MODULE.replace(/system\.js$/, `system.lazy-global-test-${process.pid}.js`);

let createLazySystem: typeof eagerCreateSystem;

beforeAll(async () => {
  writeFileSync(LAZY_MODULE, withLazyGlobal(readFileSync(SYSTEM_MODULE, 'utf8')));
  ({ createSystem: createLazySystem } = (await import(pathToFileURL(LAZY_MODULE).href)) as { createSystem: typeof eagerCreateSystem });
});

afterAll(() => {
  rmSync(LAZY_MODULE, { force: true });
});

/** Counts the passes over the token custom properties (getTokenCss makes one each time it runs). */
function countTokenCssPasses(system: SystemContext): () => number {
  const varMap = system.tokens.cssVarMap;
  const entries = varMap.entries.bind(varMap);
  let passes = 0;
  varMap.entries = () => {
    passes += 1;
    return entries();
  };
  return () => passes;
}

describe("Chakra's global CSS, built on first read", () => {
  it('transforms the installed Chakra: no eager list left, a getter and a setter instead', () => {
    const source = readFileSync(SYSTEM_MODULE, 'utf8');
    expect(source).toContain('const _global = [getPreflightCss(), getGlobalCss(), getTokenCss()];');
    const lazy = withLazyGlobal(source);
    expect(lazy).not.toContain('const _global =');
    expect(lazy).toContain('get _global()');
    expect(lazy).toContain('set _global(value)');
  });

  it('builds nothing as the system is created, the same CSS as Chakra on first read, and only once', () => {
    const system = createLazySystem(defaultConfig);
    const passes = countTokenCssPasses(system);
    expect(passes()).toBe(0);
    const built = system._global;
    expect(passes()).toBe(1);
    expect(built).toEqual(eagerCreateSystem(defaultConfig)._global);
    expect(system._global).toBe(built);
    expect(passes()).toBe(1);
  });

  it('takes an empty list from a page that carries the CSS already, and then never builds it', () => {
    const system = createLazySystem(defaultConfig);
    const passes = countTokenCssPasses(system);
    system._global = [];
    expect(system._global).toEqual([]);
    expect(passes()).toBe(0);
  });

  it("Chakra's own system builds it as it is created (what the transformation saves)", () => {
    const system = eagerCreateSystem(defaultConfig);
    const passes = countTokenCssPasses(system);
    expect(system._global).toHaveLength(3);
    expect(passes()).toBe(0);
  });

  it('stops the build with a message when Chakra no longer has the expected text', () => {
    expect(() => withLazyGlobal('export function createSystem() {}')).toThrow(/Chakra has changed/);
    const twice = 'const _global = [getPreflightCss(), getGlobalCss(), getTokenCss()];\n    _global,\n\n    _global,\n';
    expect(() => withLazyGlobal(twice)).toThrow(/found it 2 times/);
  });

  it("transforms Chakra's system module only, in the build only", () => {
    const plugin = chakraLazyGlobal();
    expect(plugin.apply).toBe('build');
    const transform = plugin.transform as (code: string, id: string) => { code: string } | null;
    const source = readFileSync(SYSTEM_MODULE, 'utf8');
    expect(transform(source, `${SYSTEM_MODULE}?v=1`)?.code).toContain('get _global()');
    expect(transform(source, SYSTEM_MODULE.replace('system.js', 'css.js'))).toBeNull();
    expect(transform(source, '/work/src/views/theme/system.js')).toBeNull();
    expect(CHAKRA_SYSTEM_MODULE.test('C:\\app\\node_modules\\@chakra-ui\\react\\dist\\esm\\styled-system\\system.js')).toBe(true);
  });
});
