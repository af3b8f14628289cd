/**
 * Every module of src/machines and src/domain loads, and every machine they export is a machine
 * with an id of its own (issue 16).
 *
 * A mistake in a machine's configuration (a `#id.state` target that no longer resolves, an initial
 * state that does not exist) throws while its module loads, so a test file that imports it fails to
 * load at all. Vitest reports that as a failed file, but Stryker's vitest runner (9.6) only counts
 * failed tests: a file with no tests left behind looked like "nothing failed", and such mutants were
 * reported as survivors (docs/mutation.md). Here the modules are loaded in `beforeAll`, so a module
 * that throws fails this file's suite, which the runner counts as a failure of its tests.
 *
 * Why `beforeAll` and not a test body: Stryker records what runs outside any test as *static*
 * coverage, and reruns every test for a static mutant. Code first run inside a test would be counted
 * as covered by that test alone, and Stryker would rerun only it, never the scenarios that check the
 * machine's behaviour (the trap the registry test describes).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { StateMachine, type AnyStateMachine } from 'xstate';

const MODULES = import.meta.glob(['../../src/machines/**/*.ts', '../../src/domain/**/*.ts']);

const loaded = new Map<string, Record<string, unknown>>();

function exportedMachines(): Map<AnyStateMachine, string[]> {
  const machines = new Map<AnyStateMachine, string[]>();
  for (const [path, exports] of loaded) {
    for (const [name, value] of Object.entries(exports)) {
      if (value instanceof StateMachine) machines.set(value, [...(machines.get(value) ?? []), `${path}#${name}`]);
    }
  }
  return machines;
}

describe('the machines and the domain rules', () => {
  // Inside the describe: Stryker's runner counts a skipped test as failed when a suite above it failed.
  beforeAll(async () => {
    for (const [path, load] of Object.entries(MODULES)) loaded.set(path, (await load()) as Record<string, unknown>);
  });

  it('every module loads', () => {
    expect(Object.keys(MODULES).length).toBeGreaterThan(60);
    expect([...loaded.keys()]).toEqual(Object.keys(MODULES));
    for (const [path, exports] of loaded) expect(Object.keys(exports).length, path).toBeGreaterThan(0);
  });

  it('every exported machine has an id of its own', () => {
    const machines = exportedMachines();
    expect(machines.size).toBeGreaterThanOrEqual(16);
    const ids = [...machines.keys()].map((machine) => machine.id);
    for (const [machine, where] of machines) expect(machine.id, where.join(', ')).toMatch(/^[a-z][A-Za-z]+$/);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
