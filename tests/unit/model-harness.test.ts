// @vitest-environment node
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { assign, createActor, fromPromise, setup } from 'xstate';
import type { AnyEventObject } from 'xstate';
import {
  createControllableActors,
  createControlledDelays,
  createCoverageRecorder,
  enumerateStates,
  enumerateTransitions,
  generateModelPaths,
  runModelPath,
  shardPaths,
  unplannedTransitions,
  walkPaths,
  writeModelReport,
} from '../support/model';
import type { Driver, ModelPath, ModelReport, StepInfo, WalkContext, WalkedBy } from '../support/model';

/** A small machine with invoke, after, guards, eventless, a targetless transition and nesting. */
const demoMachine = setup({
  types: {
    context: {} as { name: string; attempts: number; error: string | null },
    events: {} as { type: 'form.submit'; name: string } | { type: 'form.reset' } | { type: 'session.touch' } | { type: 'session.leave' },
  },
  actors: {
    loadProfile: fromPromise<{ name: string }, { reason: string }>(() => Promise.reject(new Error('not provided'))),
    saveName: fromPromise<void, { name: string }>(() => Promise.reject(new Error('not provided'))),
  },
  guards: {
    isBlank: ({ event }) => event.type === 'form.submit' && event.name.trim() === '',
  },
  delays: { idleTimeout: 60_000 },
}).createMachine({
  id: 'demo',
  initial: 'loading',
  context: { name: '', attempts: 0, error: null },
  states: {
    loading: {
      tags: ['pending'],
      invoke: {
        id: 'loadProfile',
        src: 'loadProfile',
        input: { reason: 'start' },
        onDone: { target: 'editing', actions: assign({ name: ({ event }) => event.output.name }) },
        onError: 'failed',
      },
    },
    editing: {
      initial: 'clean',
      after: { idleTimeout: 'expired' },
      on: {
        'session.touch': { actions: assign({ attempts: ({ context }) => context.attempts + 1 }) },
        'form.submit': [
          { guard: 'isBlank', target: '.invalid', actions: assign({ error: 'Name is required' }) },
          { target: 'saving', actions: assign({ name: ({ event }) => event.name, error: null }) },
        ],
      },
      states: {
        clean: {},
        invalid: { on: { 'form.reset': 'clean' } },
      },
    },
    saving: {
      tags: ['pending'],
      invoke: { id: 'saveName', src: 'saveName', input: ({ context }) => ({ name: context.name }), onDone: 'saved', onError: 'editing' },
    },
    failed: { always: 'expired' },
    expired: { on: { 'session.leave': 'done' } },
    saved: { type: 'final' },
    done: { type: 'final' },
  },
});

const events = {
  'form.submit': [
    { type: 'form.submit', name: '  ' },
    { type: 'form.submit', name: 'Ada' },
  ],
  'xstate.done.actor.loadProfile': { type: 'xstate.done.actor.loadProfile', output: { name: 'Grace' } },
} as const;

/** Drives the actor directly (this machine has no view) and checks what its snapshot exposes. */
function makeSetup(log: { inputs: unknown[] }) {
  return (ctx: WalkContext): Driver => {
    const fakes = createControllableActors(demoMachine, ['loadProfile', 'saveName']);
    const timers = createControlledDelays(['idleTimeout']);
    timers.install();
    const actor = createActor(demoMachine.provide({ actors: fakes.actors, delays: timers.delays }), { inspect: ctx.inspect });
    actor.start();
    return {
      perform(event: AnyEventObject, info: StepInfo) {
        if (fakes.settle(event, info)) return;
        if (info.kind === 'after' && info.delay === 'idleTimeout') return timers.fire('idleTimeout');
        actor.send(event as Parameters<typeof actor.send>[0]);
      },
      assert(state, snapshot) {
        expect(actor.getSnapshot().value).toEqual(state);
        expect(snapshot.hasTag('pending')).toBe(actor.getSnapshot().matches('loading') || actor.getSnapshot().matches('saving'));
        if (actor.getSnapshot().matches({ editing: 'invalid' })) expect(actor.getSnapshot().context.error).toBe('Name is required');
        if (actor.getSnapshot().matches('saving')) log.inputs.push(fakes.inputs('saveName').at(-1));
      },
      teardown() {
        actor.stop();
        timers.uninstall();
      },
    };
  };
}

async function walkAll(paths: ModelPath[]): Promise<ModelReport> {
  const recorder = createCoverageRecorder('demo', demoMachine);
  const log = { inputs: [] as unknown[] };
  for (const path of paths) await runModelPath(path, makeSetup(log), recorder);
  return recorder.report();
}

describe('model harness: machine graph', () => {
  it('enumerates every state node below the root and every declared transition', () => {
    expect(enumerateStates(demoMachine)).toEqual([
      'loading',
      'editing',
      'editing.clean',
      'editing.invalid',
      'saving',
      'failed',
      'expired',
      'saved',
      'done',
    ]);
    const keys = enumerateTransitions(demoMachine).map((t) => t.key);
    expect(keys).toEqual([
      'loading --done: loadProfile--> editing',
      'loading --error: loadProfile--> failed',
      'editing --session.touch--> (internal)',
      'editing --form.submit [isBlank]--> editing.invalid',
      'editing --form.submit--> saving',
      'editing --after: idleTimeout--> expired',
      'editing.invalid --form.reset--> editing.clean',
      'saving --done: saveName--> saved',
      'saving --error: saveName--> editing',
      'failed --always--> expired',
      'expired --session.leave--> done',
    ]);
  });
});

describe('model harness: walking', () => {
  it('covers 100% of states and transitions when every event is modelled', async () => {
    const paths = generateModelPaths(demoMachine, { events });
    expect(unplannedTransitions(demoMachine, paths)).toEqual([]);
    const report = await walkAll(paths);
    expect(report.states).toEqual({ covered: 9, total: 9, missing: [] });
    expect(report.transitions).toEqual({ covered: 11, total: 11, missing: [] });
  });

  it('counts a transient initial state (left at once by an eventless transition) as visited', async () => {
    const transient = setup({ types: { input: {} as { ready: boolean } } }).createMachine({
      id: 'transient',
      context: ({ input }) => ({ ready: input.ready }),
      initial: 'opening',
      states: {
        opening: { always: [{ guard: ({ context }) => context.ready, target: 'ready' }, { target: 'waiting' }] },
        ready: {},
        waiting: {},
      },
    });
    const recorder = createCoverageRecorder('transient', transient);
    for (const ready of [true, false]) {
      const actor = createActor(transient, { input: { ready }, inspect: (event) => recorder.observe(event) }).start();
      actor.stop();
    }
    // No snapshot ever shows 'opening'; the microsteps that leave it do.
    expect(recorder.report().states).toEqual({ covered: 3, total: 3, missing: [] });
    expect(recorder.report().transitions.missing).toEqual([]);
  });

  it('reports the gap when an event is left out of the model', async () => {
    const paths = generateModelPaths(demoMachine, { events, exclude: ['xstate.error.actor.loadProfile'] });
    expect(unplannedTransitions(demoMachine, paths)).toEqual(['loading --error: loadProfile--> failed']);
    const report = await walkAll(paths);
    expect(report.states.missing).toEqual(['failed']);
    expect(report.transitions.missing).toEqual(['loading --error: loadProfile--> failed', 'failed --always--> expired']);
    expect(report.transitions.covered).toBe(9);
  });

  it('names, for each transition it took, the generated path that walked it and the step that took it', async () => {
    // One shortest path per edge (the paths this test names); covering walks are named the same way.
    const paths = generateModelPaths(demoMachine, { events, cover: 'transitions' });
    const report = await walkAll(paths);
    const walkedBy = report.walkedBy ?? {};
    // Every covered transition has a path, and only covered ones.
    expect(Object.keys(walkedBy)).toEqual(enumerateTransitions(demoMachine).map((t) => t.key));
    expect(walkedBy['expired --session.leave--> done']).toEqual({
      path: 'loading -(error.actor.loadProfile)-> expired -(session.leave)-> done',
      step: 2,
      steps: ['loading --error.actor.loadProfile--> expired', 'expired --session.leave--> done'],
    } satisfies WalkedBy);
    // The eventless transition is taken within the step that entered `failed`.
    expect(walkedBy['failed --always--> expired']).toMatchObject({
      path: 'loading -(error.actor.loadProfile)-> expired -(session.leave)-> done',
      step: 1,
    });
    expect(walkedBy['editing.invalid --form.reset--> editing.clean']).toEqual({
      path: 'loading -(done.actor.loadProfile)-> editing.clean -(form.submit [isBlank])-> editing.invalid -(form.reset)-> editing.clean',
      step: 3,
      steps: [
        'loading --done.actor.loadProfile--> editing.clean',
        'editing.clean --form.submit--> editing.invalid',
        'editing.invalid --form.reset--> editing.clean',
      ],
    });
    // Each named path exists, and the step it names is one that selects the transition (eventless ones aside).
    for (const [key, walk] of Object.entries(walkedBy)) {
      const path = paths.find((p) => p.description === walk.path);
      expect(path, key).toBeDefined();
      if (!key.includes('--always-->')) expect(path?.steps[walk.step - 1]?.selects, key).toContain(key);
    }
  });

  it('names no path for a transition no walk took', async () => {
    const report = await walkAll(generateModelPaths(demoMachine, { events, exclude: ['xstate.error.actor.loadProfile'] }));
    expect(Object.keys(report.walkedBy ?? {})).not.toContain('loading --error: loadProfile--> failed');
    expect(Object.keys(report.walkedBy ?? {})).toHaveLength(report.transitions.covered);
  });

  it('records what happened, not what was planned: a driver that does not cause the event fails the walk', async () => {
    const [path] = generateModelPaths(demoMachine, { events }).filter((p) => p.steps.some((s) => s.event.type === 'session.leave'));
    if (!path) throw new Error('expected a path through session.leave');
    const recorder = createCoverageRecorder('demo', demoMachine);
    const base = makeSetup({ inputs: [] });
    const lazySetup = (ctx: WalkContext): Driver => {
      const driver = base(ctx);
      return { ...driver, perform: (event, info) => (event.type === 'session.leave' ? undefined : driver.perform(event, info)) };
    };
    // The wait is meant to run out (the driver never causes the event): a short limit keeps the test quick.
    // eslint-disable-next-line no-restricted-syntax
    await expect(runModelPath(path, lazySetup, recorder, { timeout: 100 })).rejects.toThrow(
      /expected "demo" in done, but it is in expired/,
    );
    expect(recorder.report().states.missing).toContain('done');
    expect(recorder.report().transitions.missing).toContain('expired --session.leave--> done');
  });

  it('explains which event needs a payload when a guard cannot be evaluated without one', () => {
    expect(() =>
      generateModelPaths(demoMachine, { events: { 'xstate.done.actor.loadProfile': events['xstate.done.actor.loadProfile'] } }),
    ).toThrow(/"form.submit" in editing\.clean failed: Unable to evaluate guard 'isBlank'[\s\S]*options\.events\['form\.submit'\]/);
  });

  it('controllable actors record inputs and refuse to settle what is not pending', async () => {
    const tiny = setup({
      actors: { saveName: fromPromise<void, { name: string }>(() => Promise.reject(new Error('not provided'))) },
    }).createMachine({
      initial: 'a',
      states: { a: { invoke: { src: 'saveName', input: { name: 'Ada' }, onDone: 'b' } }, b: {} },
    });
    const fakes = createControllableActors(tiny, ['saveName']);
    const actor = createActor(tiny.provide({ actors: fakes.actors })).start();
    expect(fakes.inputs('saveName')).toEqual([{ name: 'Ada' }]);
    fakes.resolve('saveName', undefined);
    await Promise.resolve();
    await Promise.resolve();
    expect(actor.getSnapshot().value).toBe('b');
    expect(() => fakes.resolve('saveName', undefined)).toThrow(/No pending invocation of actor "saveName"/);
  });
});

const reportDir = mkdtempSync(join(tmpdir(), 'model-harness-'));
const log = { inputs: [] as unknown[] };
/**
 * The report is checked where walkPaths hands it over, once every walk of the machine has run and
 * the file is written: a test of its own could run before the walks (a shuffled order).
 */
walkPaths({
  machineId: 'demo',
  machine: demoMachine,
  paths: generateModelPaths(demoMachine, { events }),
  setup: makeSetup(log),
  reportDir,
  onReport: (written) => {
    try {
      // walkPaths wrote reports/model/<id>.json with full coverage, and the fake actor saw the submitted name.
      const file = join(reportDir, 'demo.json');
      expect(existsSync(file)).toBe(true);
      const report = JSON.parse(readFileSync(file, 'utf8')) as ModelReport;
      expect(report).toEqual(written);
      expect(report).toMatchObject({
        id: 'demo',
        states: { covered: 9, total: 9, missing: [] },
        transitions: { covered: 11, total: 11, missing: [] },
      });
      expect(Object.keys(report.walkedBy ?? {})).toHaveLength(11);
      expect(report.walkedBy?.['saving --done: saveName--> saved']?.steps.at(-1)).toBe('saving --done.actor.saveName--> saved');
      expect(log.inputs).toContainEqual({ name: 'Ada' });
    } finally {
      rmSync(reportDir, { recursive: true, force: true });
    }
  },
});

describe('model harness: shardPaths', () => {
  const path = (name: string, steps: number) => ({ name, steps: Array.from({ length: steps }, () => 0) });

  it('deals every path to exactly one part, longest first to the lightest part, each part in the paths’ order', () => {
    const paths = [path('a', 2), path('b', 9), path('c', 4), path('d', 5), path('e', 1), path('f', 3)];
    const parts = shardPaths(paths, 2);
    // b(9) → 0; d(5) → 1; c(4) → 1; f(3) → 0 (9 and 9: the lower); a(2) → 1 (12, 9); e(1) → 1 (12, 11).
    expect(parts.map((part) => part.map((p) => p.name))).toEqual([
      ['b', 'f'],
      ['a', 'c', 'd', 'e'],
    ]);
    expect(parts.map((part) => part.reduce((n, p) => n + p.steps.length, 0))).toEqual([12, 12]);
    expect(shardPaths(paths, 2)).toEqual(parts);
    expect(shardPaths(paths, 1)).toEqual([paths]);
    expect(shardPaths(paths, 8).flat()).toHaveLength(paths.length);
  });

  it('refuses a part count that is not a positive whole number', () => {
    expect(() => shardPaths([], 0)).toThrow('0 parts');
    expect(() => shardPaths([], 1.5)).toThrow('1.5 parts');
  });

  it('walkPaths refuses a part that is not one of the parts', () => {
    const machine = setup({}).createMachine({ id: 'tiny', initial: 'a', states: { a: {} } });
    const options = { machineId: 'tiny', machine, paths: [], setup: () => ({ checks: {}, events: {} }) as unknown as Driver };
    expect(() => walkPaths({ ...options, shard: { part: 2, of: 2 } })).toThrow('part 2 of 2');
    expect(() => walkPaths({ ...options, shard: { part: -1, of: 2 } })).toThrow('part -1 of 2');
  });
});

describe('model harness: writeModelReport', () => {
  const figures = (missing: string[], total: number) => ({ covered: total - missing.length, total, missing });
  const walk = (path: string, step: number, steps: number): WalkedBy => ({
    path,
    step,
    steps: Array.from({ length: steps }, (_, i) => `s${i} --e${i}--> s${i + 1}`),
  });

  it('merges the walks of one machine into one report (the union of their coverage), leaving no lock or temporary file', () => {
    const dir = mkdtempSync(join(tmpdir(), 'model-report-'));
    try {
      writeModelReport({ id: 'm', states: figures(['a', 'b'], 4), transitions: figures(['t1'], 3) }, dir);
      const merged = writeModelReport({ id: 'm', states: figures(['b', 'c'], 4), transitions: figures([], 3) }, dir);
      expect(merged).toEqual({ id: 'm', states: figures(['b'], 4), transitions: figures([], 3), walkedBy: {}, paths: {}, plans: [] });
      expect(JSON.parse(readFileSync(join(dir, 'm.json'), 'utf8'))).toEqual(merged);
      expect(readdirSync(dir)).toEqual(['m.json']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('keeps, per transition, the path that takes it soonest, whichever walk finishes first', () => {
    const first = {
      id: 'm',
      states: figures([], 2),
      transitions: figures(['t3'], 3),
      walkedBy: { t1: walk('long way', 3, 4), t2: walk('b path', 1, 2) },
    };
    const second = {
      id: 'm',
      states: figures([], 2),
      transitions: figures(['t2'], 3),
      walkedBy: { t1: walk('short way', 1, 4), t3: walk('third', 2, 2) },
    };
    const expected = { t1: walk('short way', 1, 4), t2: walk('b path', 1, 2), t3: walk('third', 2, 2) };
    for (const [a, b] of [
      [first, second],
      [second, first],
    ] as const) {
      const dir = mkdtempSync(join(tmpdir(), 'model-report-'));
      try {
        writeModelReport(a, dir);
        const merged = writeModelReport(b, dir);
        expect(merged.transitions).toEqual(figures([], 3));
        expect(merged.walkedBy).toEqual(expected);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    }
  });

  it('refuses to merge into a report it cannot read, rather than dropping what it held', () => {
    const dir = mkdtempSync(join(tmpdir(), 'model-report-'));
    try {
      writeFileSync(join(dir, 'm.json'), '{"id":"m","states":{}}');
      expect(() => writeModelReport({ id: 'm', states: figures([], 1), transitions: figures([], 1) }, dir)).toThrow(
        /m\.json: malformed report/,
      );
      expect(readdirSync(dir)).toEqual(['m.json']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
