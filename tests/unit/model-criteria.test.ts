// @vitest-environment node
/**
 * Transition pairs and guard outcomes (tests/support/model/criteria.ts): what the machine declares
 * (the denominators), what a run of a real actor shows (counted from XState's inspection events),
 * and the covering walks of tests/support/model/plan.ts that take them all.
 */
import { describe, expect, it } from 'vitest';
import { assign, createActor, setup } from 'xstate';
import type { AnyEventObject } from 'xstate';
import { createCoverageRecorder, generateModelPaths, runModelPath } from '../support/model';
import type { Driver, ModelPath, WalkContext } from '../support/model';
import { guardOutcomes, transitionPairs } from '../support/model/criteria';
import { planCoveringWalks } from '../support/model/plan';
import { countSimplePaths } from '../support/model/path-counts';

type RetryEvent = { type: 'go'; ok: boolean } | { type: 'back'; allowed: boolean } | { type: 'noop' };

/** `a` retries until `go` is ok; `b` leaves for `c` at once once there were two retries, or goes back when allowed. */
const retryMachine = setup({
  types: { context: {} as { tries: number }, events: {} as RetryEvent },
  guards: {
    isOk: ({ event }) => event.type === 'go' && event.ok,
    isAllowed: ({ event }) => event.type === 'back' && event.allowed,
    tooMany: ({ context }) => context.tries >= 2,
  },
  actions: { count: assign({ tries: ({ context }) => context.tries + 1 }) },
}).createMachine({
  id: 'retry',
  initial: 'a',
  context: { tries: 0 },
  states: {
    a: { on: { go: [{ guard: 'isOk', target: 'b' }, { actions: 'count' }] } },
    b: { always: { guard: 'tooMany', target: 'c' }, on: { back: { guard: 'isAllowed', target: 'a' } } },
    c: { type: 'final' },
  },
});

const T = {
  ok: 'a --go [isOk]--> b',
  retry: 'a --go--> (internal)',
  back: 'b --back [isAllowed]--> a',
  leave: 'b --always [tooMany]--> c',
};
const pair = (a: string, b: string) => `${a} >> ${b}`;

/** Sends each event to a real actor and returns what the recorder counted. */
function run(machine: typeof retryMachine, events: RetryEvent[]) {
  const recorder = createCoverageRecorder(machine.id, machine);
  const actor = createActor(machine, { inspect: (e) => recorder.observe(e) }).start();
  for (const e of events) actor.send(e);
  actor.stop();
  return recorder.report();
}

describe('transition pairs and guard outcomes: what the machine declares', () => {
  it('pairs every transition into a state (the start, entering it, a targetless one on it) with every transition out of it', () => {
    expect(transitionPairs(retryMachine).map((p) => p.key)).toEqual([
      pair('(start)', T.ok),
      pair(T.retry, T.ok),
      pair(T.back, T.ok),
      pair('(start)', T.retry),
      pair(T.retry, T.retry),
      pair(T.back, T.retry),
      pair(T.ok, T.back),
      pair(T.ok, T.leave),
    ]);
  });

  it('counts both outcomes of each guarded transition', () => {
    expect(guardOutcomes(retryMachine).map((g) => g.key)).toEqual([
      `true: ${T.ok}`,
      `false: ${T.ok}`,
      `true: ${T.back}`,
      `false: ${T.back}`,
      `true: ${T.leave}`,
      `false: ${T.leave}`,
    ]);
  });

  it('pairs through a parent: a transition declared on a compound state pairs with what entered the compound state', () => {
    const nested = setup({}).createMachine({
      id: 'nested',
      initial: 'outside',
      states: {
        outside: { on: { enter: 'inside' } },
        inside: {
          initial: 'one',
          on: { leave: 'outside' },
          states: { one: { on: { next: 'two' } }, two: {} },
        },
      },
    });
    const keys = transitionPairs(nested).map((p) => p.key);
    expect(keys).toContain(pair('outside --enter--> inside', 'inside --leave--> outside'));
    expect(keys).toContain(pair('outside --enter--> inside', 'inside.one --next--> inside.two'));
    // `next` stays inside `inside`: it arrives in `two`, not in `inside`, so it pairs with nothing declared on `inside`.
    expect(keys).not.toContain(pair('inside.one --next--> inside.two', 'inside --leave--> outside'));
  });
});

describe('transition pairs and guard outcomes: what a run shows', () => {
  it('counts the pairs a real actor took and each guard outcome it evaluated', () => {
    const report = run(retryMachine, [
      { type: 'go', ok: false },
      { type: 'go', ok: true },
      { type: 'back', allowed: false },
      { type: 'back', allowed: true },
      { type: 'go', ok: false },
      { type: 'go', ok: true },
    ]);
    expect(report.pairs?.missing).toEqual([pair('(start)', T.ok), pair(T.back, T.ok), pair(T.retry, T.retry)]);
    expect(report.pairs?.covered).toBe(5);
    expect(report.guards?.missing).toEqual([]);
  });

  it('sees a guard false when the event it guards is ignored (no transition at all)', () => {
    const report = run(retryMachine, [
      { type: 'go', ok: true },
      { type: 'back', allowed: false },
    ]);
    // `back` with `allowed: false` selects nothing: its guard was evaluated, false.
    expect(report.guards?.missing).toEqual([`false: ${T.ok}`, `true: ${T.back}`, `true: ${T.leave}`]);
  });

  it('keeps a pair across transitions in another region of a parallel state', () => {
    const parallel = setup({}).createMachine({
      id: 'regions',
      type: 'parallel',
      states: {
        left: { initial: 'l1', states: { l1: { on: { l: 'l2' } }, l2: { on: { l: 'l1' } } } },
        right: { initial: 'r1', states: { r1: { on: { r: 'r2' } }, r2: {} } },
      },
    });
    const recorder = createCoverageRecorder('regions', parallel);
    const actor = createActor(parallel, { inspect: (e) => recorder.observe(e) }).start();
    actor.send({ type: 'l' });
    actor.send({ type: 'r' });
    actor.send({ type: 'l' });
    actor.stop();
    const report = recorder.report();
    expect(report.pairs?.missing).not.toContain(pair('left.l1 --l--> left.l2', 'left.l2 --l--> left.l1'));
    expect(report.pairs?.covered).toBe(3);
  });

  it('counts pairs and guards of a provided copy of the machine (what the walks run) against the definition', () => {
    const provided = retryMachine.provide({ guards: { isOk: () => true } });
    const recorder = createCoverageRecorder('retry', retryMachine);
    const actor = createActor(provided, { inspect: (e) => recorder.observe(e) }).start();
    actor.send({ type: 'go', ok: false });
    actor.send({ type: 'back', allowed: true });
    actor.stop();
    const report = recorder.report();
    expect(report.pairs?.walkedBy).toEqual({});
    expect(report.pairs?.covered).toBe(2);
    expect(report.pairs?.missing).not.toContain(pair('(start)', T.ok));
    expect(report.pairs?.missing).not.toContain(pair(T.ok, T.back));
  });
});

describe('covering walks', () => {
  const events = {
    go: [
      { type: 'go', ok: false },
      { type: 'go', ok: true },
    ],
    back: [
      { type: 'back', allowed: false },
      { type: 'back', allowed: true },
    ],
  };

  it('plan walks that take every pair and guard outcome the model reaches, each walk covering something new', () => {
    const walks = planCoveringWalks(retryMachine, { events });
    expect(walks.length).toBeGreaterThan(0);
    for (const w of walks) expect(w.covers.length).toBeGreaterThan(0);
    const covered = new Set(walks.flatMap((w) => w.covers));
    for (const p of transitionPairs(retryMachine)) expect(covered).toContain(`pair:${p.key}`);
    for (const g of guardOutcomes(retryMachine)) expect(covered).toContain(`guard:${g.key}`);
  });

  it('walked on a real actor, the planned walks cover 100% of pairs and guard outcomes', async () => {
    const paths = generateModelPaths(retryMachine, { events, cover: 'pairs' });
    const recorder = createCoverageRecorder('retry', retryMachine);
    const setupWalk = (ctx: WalkContext): Driver => {
      const actor = createActor(retryMachine, { inspect: ctx.inspect }).start();
      return {
        perform: (event: AnyEventObject) => actor.send(event as RetryEvent),
        assert: (state) => expect(actor.getSnapshot().value).toEqual(state),
        teardown: () => {
          actor.stop();
        },
      };
    };
    for (const path of paths) await runModelPath(path, setupWalk, recorder);
    const report = recorder.report();
    expect(report.pairs?.missing).toEqual([]);
    expect(report.guards?.missing).toEqual([]);
    expect(report.transitions.missing).toEqual([]);
  });

  it('each path carries the counts of its generation: shortest paths, simple paths (bounded), walks and steps', () => {
    const paths: ModelPath[] = generateModelPaths(retryMachine, { events, cover: 'pairs' });
    const plan = paths[0]?.plan;
    expect(plan).toMatchObject({ cover: 'pairs', paths: paths.length, steps: paths.reduce((n, p) => n + p.steps.length, 0) });
    expect(plan?.shortest).toBeGreaterThan(0);
    expect(plan?.simple).toEqual(countSimplePaths(retryMachine, { events }));
    expect(paths.every((p) => p.plan === plan)).toBe(true);
    // Shortest paths stay the default: a walk opts in to covering walks.
    expect(generateModelPaths(retryMachine, { events })[0]?.plan?.cover).toBe('transitions');
  });

  it('counts simple paths exactly, and says so when the bound stops the count', () => {
    // a -> b (ok), b -> a (back allowed); b -> c needs two retries, which a simple path never makes.
    expect(countSimplePaths(retryMachine, { events })).toEqual({ count: 1, bound: 10_000, capped: false });
    const fan = setup({}).createMachine({
      id: 'fan',
      initial: 's0',
      states: Object.fromEntries(
        Array.from({ length: 6 }, (_, i) => [
          `s${i}`,
          { on: Object.fromEntries(Array.from({ length: 6 }, (_, j) => [`to${j}`, `s${j}`])) },
        ]),
      ),
    });
    expect(countSimplePaths(fan, {}, 50)).toEqual({ count: 50, bound: 50, capped: true });
  });
});
