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
import { StateMachine, createActor, toPromise, type AnyActorLogic, type AnyStateMachine, type AnyStateNode } from 'xstate';

const MODULES = import.meta.glob(['../../src/machines/**/*.ts', '../../src/domain/**/*.ts']);

const loaded = new Map<string, Record<string, unknown>>();

/** The `src` of every invoke in a machine, as declared (names of the machine's actors). */
function invokedSources(node: AnyStateNode): string[] {
  const own = node.invoke.map((definition) => definition.src).filter((src): src is string => typeof src === 'string');
  return [...own, ...Object.values(node.states).flatMap(invokedSources)];
}

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
  it('every actor a machine invokes is declared, and until provided it names itself in its error', async () => {
    const notProvided = /^The "(.*)" actor is not provided$/;
    for (const machine of exportedMachines().keys()) {
      const actors = machine.implementations.actors as Record<string, AnyActorLogic>;
      for (const src of invokedSources(machine.root)) expect(Object.keys(actors), `${machine.id} invokes ${src}`).toContain(src);
      for (const [name, logic] of Object.entries(actors)) {
        if (logic instanceof StateMachine) continue; // a child machine, not a placeholder
        const actor = createActor(logic);
        const failed = toPromise(actor).then(
          () => null,
          (error: unknown) => (error instanceof Error ? error.message : String(error)),
        );
        actor.start();
        const message = await failed;
        expect(notProvided.exec(message ?? '')?.[1], `${machine.id}: ${name}`).toBe(name);
      }
    }
  });

  it('every placeholder action names itself in its error', () => {
    const notProvided = /^The "(.*)" action is not provided$/;
    let placeholders = 0;
    for (const machine of exportedMachines().keys()) {
      for (const [name, action] of Object.entries(machine.implementations.actions as Record<string, unknown>)) {
        if (typeof action !== 'function') continue;
        let message = '';
        try {
          (action as (args: unknown, params: unknown) => void)({}, undefined);
        } catch (error) {
          message = error instanceof Error ? error.message : '';
        }
        const named = notProvided.exec(message)?.[1];
        if (named === undefined) continue; // an action of the machine's own (assign, emit…), not a placeholder
        placeholders += 1;
        expect(named, `${machine.id}: ${name}`).toBe(name);
      }
    }
    expect(placeholders).toBeGreaterThanOrEqual(5);
  });
});
