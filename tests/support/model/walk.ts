/**
 * Walking generated paths against the real system under test, recording the states and
 * transitions the machine actually took (from XState inspection events), and writing the report.
 */
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AnyActorRef, AnyEventObject, AnyMachineSnapshot, AnyStateMachine, InspectionEvent, StateValue } from 'xstate';
import { activeStatePaths, describeMachineGraph, formatStateValue, transitionLookupId } from './machine-graph';
import type { MachineGraph } from './machine-graph';
import { criteriaContext, guardOutcomes, newPairMemory, observeMicrostep, observeSettled, transitionPairs } from './criteria';
import type { PairMemory } from './criteria';
import type { ModelPath, PlanSummary, StepInfo } from './paths';
import { mergeModelReports, parseModelReport, preferredWalk, preferredWalkRef } from './report';
import type { ModelReport, WalkedBy, WalkRef } from './report';
import { WAIT_MS } from '../waits';

export type { ModelReport, WalkedBy } from './report';

const realSetTimeout = globalThis.setTimeout;

/** Where a walk is: the path being walked and the step being performed (0 while it starts). */
export interface WalkPosition {
  path: ModelPath;
  step: number;
}

export interface CoverageRecorder {
  readonly machineId: string;
  readonly graph: MachineGraph;
  /** Feed XState inspection events (wire it as `inspect` of `createActor`/`useActorRef`). */
  observe(event: InspectionEvent): void;
  /** Record a snapshot seen directly (for actors observed after they started). */
  observeSnapshot(snapshot: AnyMachineSnapshot): void;
  /** Latest snapshot of the machine seen since the last `resetLatest()`. */
  latest(): AnyMachineSnapshot | undefined;
  resetLatest(): void;
  /** The path and step being walked: transitions taken from now on are credited to it. */
  setPosition(position: WalkPosition | undefined): void;
  /** The path counts of the generations walked (kept in the report). */
  addPlans(plans: readonly PlanSummary[]): void;
  report(): ModelReport;
}

function isMachineSnapshot(value: unknown): value is AnyMachineSnapshot {
  return typeof value === 'object' && value !== null && 'machine' in value && 'value' in value;
}

export function createCoverageRecorder(machineId: string, machine: AnyStateMachine): CoverageRecorder {
  const graph = describeMachineGraph(machine);
  const criteria = criteriaContext(machine, graph);
  const allPairs = transitionPairs(machine, graph);
  const allGuards = guardOutcomes(machine, graph);
  const states = new Set<string>();
  const transitions = new Set<string>();
  const walkedBy = new Map<string, WalkedBy>();
  const pairs = new Map<string, WalkRef | undefined>();
  const guards = new Map<string, WalkRef | undefined>();
  const pathSteps = new Map<string, string[]>();
  const plans: PlanSummary[] = [];
  /** Per running instance (session): the configuration before its next microstep, and its pair memory. */
  const sessions = new Map<string, { before: StateValue | undefined; memory: PairMemory }>();
  let last: AnyMachineSnapshot | undefined;
  let position: { path: ModelPath; step: number; steps: string[] } | undefined;

  const credit = (into: Map<string, WalkRef | undefined>, items: readonly string[]): void => {
    for (const item of items) {
      const ref = position ? { path: position.path.description, step: position.step } : undefined;
      if (ref && position) pathSteps.set(ref.path, position.steps);
      const known = into.get(item);
      if (!into.has(item)) into.set(item, ref);
      else if (ref) into.set(item, known ? preferredWalkRef(known, ref, (p) => (pathSteps.get(p) ?? []).length) : ref);
    }
  };
  const session = (actorRef: unknown): { before: StateValue | undefined; memory: PairMemory } | undefined => {
    const id = (actorRef as { sessionId?: unknown } | undefined)?.sessionId;
    if (typeof id !== 'string') return undefined;
    let s = sessions.get(id);
    if (!s) {
      s = { before: undefined, memory: newPairMemory() };
      sessions.set(id, s);
    }
    return s;
  };

  const recordSnapshot = (snapshot: AnyMachineSnapshot): void => {
    for (const p of activeStatePaths(snapshot.machine as AnyStateMachine, snapshot.value)) states.add(p);
    last = snapshot;
  };
  const ours = (snapshot: unknown): snapshot is AnyMachineSnapshot =>
    isMachineSnapshot(snapshot) && (snapshot.machine as AnyStateMachine).id === machineId;

  return {
    machineId,
    graph,
    observe(event) {
      if (event.type === '@xstate.snapshot' || event.type === '@xstate.microstep') {
        if (!ours(event.snapshot)) return;
        recordSnapshot(event.snapshot);
        const run = session(event.actorRef);
        if (run && event.type === '@xstate.microstep') {
          const eventless = event._transitions.length > 0 && event._transitions.every((t) => t.eventType === '');
          const seen = observeMicrostep(criteria, run.memory, {
            before: run.before,
            transitions: event._transitions,
            eventType: eventless ? null : event.event.type,
            after: event.snapshot.value as StateValue,
          });
          credit(pairs, seen.pairs);
          credit(guards, seen.guards);
          run.before = event.snapshot.value as StateValue;
        } else if (run) {
          run.before = event.snapshot.value as StateValue;
          if (event.snapshot.status === 'active') credit(guards, observeSettled(criteria, event.snapshot.value as StateValue).guards);
        }
        if (event.type === '@xstate.microstep') {
          for (const t of event._transitions) {
            const id = transitionLookupId(t);
            const key = id ? graph.lookup.get(id) : undefined;
            if (key) {
              transitions.add(key);
              if (position) {
                const walk: WalkedBy = { path: position.path.description, step: position.step, steps: position.steps };
                const known = walkedBy.get(key);
                walkedBy.set(key, known ? preferredWalk(known, walk) : walk);
              }
            }
            // The source was active when the transition was taken, even a transient state that
            // no snapshot shows (an initial state whose eventless transition leaves at once).
            if (t.source.path.length > 0) states.add(t.source.path.join('.'));
          }
        }
      }
    },
    observeSnapshot(snapshot) {
      if (ours(snapshot)) recordSnapshot(snapshot);
    },
    latest: () => last,
    resetLatest() {
      last = undefined;
    },
    setPosition(next) {
      position = next && { path: next.path, step: next.step, steps: describeSteps(next.path) };
    },
    addPlans(list) {
      for (const plan of list) if (!plans.some((p) => JSON.stringify(p) === JSON.stringify(plan))) plans.push(plan);
    },
    report() {
      const sMissing = graph.states.filter((s) => !states.has(s));
      const tMissing = graph.transitions.map((t) => t.key).filter((k) => !transitions.has(k));
      const figures = (all: ReadonlyArray<{ key: string }>, seen: Map<string, WalkRef | undefined>) => {
        const missing = all.map((i) => i.key).filter((k) => !seen.has(k));
        const refs = all.flatMap((i) => {
          const ref = seen.get(i.key);
          return ref ? [[i.key, ref] as const] : [];
        });
        return { covered: all.length - missing.length, total: all.length, missing, walkedBy: Object.fromEntries(refs) };
      };
      const pairFigures = figures(allPairs, pairs);
      const guardFigures = figures(allGuards, guards);
      const named = new Set([...Object.values(pairFigures.walkedBy), ...Object.values(guardFigures.walkedBy)].map((r) => r.path));
      return {
        id: machineId,
        states: { covered: graph.states.length - sMissing.length, total: graph.states.length, missing: sMissing },
        transitions: {
          covered: graph.transitions.length - tMissing.length,
          total: graph.transitions.length,
          missing: tMissing,
        },
        walkedBy: Object.fromEntries(
          graph.transitions.flatMap((t) => {
            const walk = walkedBy.get(t.key);
            return walk ? [[t.key, walk] as const] : [];
          }),
        ),
        pairs: pairFigures,
        guards: guardFigures,
        paths: Object.fromEntries([...named].sort().map((p) => [p, pathSteps.get(p) ?? []] as const)),
        plans,
      };
    },
  };
}

/** A path's steps as `from --event--> to`, the way reports and the coverage page show them. */
function describeSteps(path: ModelPath): string[] {
  let from = path.initial;
  return path.steps.map((step) => {
    const line = `${formatStateValue(from)} --${step.event.type.replace(/^xstate\./, '')}--> ${formatStateValue(step.state)}`;
    from = step.state;
    return line;
  });
}

export interface WalkContext {
  /** Wire into the actor under test: `createActor(logic, { inspect })` / `useActorRef(logic, { inspect })`. */
  inspect: (event: InspectionEvent) => void;
  path: ModelPath;
}

export interface Driver {
  /** The actor, when `setup` could not pass `inspect` at creation (observed from then on via `system.inspect`). */
  actor?: AnyActorRef;
  /** Cause the event the way a person (or the outside world) would. */
  perform(event: AnyEventObject, info: StepInfo): Promise<void> | void;
  /** Check what a person sees in this state. */
  assert(state: StateValue, snapshot: AnyMachineSnapshot): Promise<void> | void;
  teardown?(): Promise<void> | void;
}

export interface RunOptions {
  /** How long to wait for the machine to reach each expected state (ms). */
  timeout?: number;
}

function sameValue(a: StateValue, b: StateValue): boolean {
  return JSON.stringify(sortValue(a)) === JSON.stringify(sortValue(b));
}
function sortValue(v: StateValue): unknown {
  if (typeof v === 'string') return v;
  return Object.fromEntries(
    Object.keys(v)
      .sort()
      .map((k) => [k, sortValue((v as Record<string, StateValue>)[k] as StateValue)]),
  );
}

async function waitForState(recorder: CoverageRecorder, expected: StateValue, timeout: number, what: string): Promise<AnyMachineSnapshot> {
  const started = Date.now();
  for (;;) {
    const snap = recorder.latest();
    if (snap?.status === 'error') {
      throw new Error(`${what}: the machine "${recorder.machineId}" errored: ${String(snap.error)}`);
    }
    if (snap && sameValue(snap.value as StateValue, expected)) return snap;
    if (Date.now() - started > timeout) {
      throw new Error(
        `${what}: expected "${recorder.machineId}" in ${formatStateValue(expected)}, but it is in ${
          snap ? formatStateValue(snap.value as StateValue) : '(no snapshot seen: is ctx.inspect wired or driver.actor returned?)'
        }`,
      );
    }
    await new Promise<void>((resolve) => realSetTimeout(resolve, 5));
  }
}

/** Run one path: fresh setup, assert the initial state, then perform + assert each step. */
export async function runModelPath(
  path: ModelPath,
  setup: (ctx: WalkContext) => Promise<Driver> | Driver,
  recorder: CoverageRecorder,
  options: RunOptions = {},
): Promise<void> {
  const timeout = options.timeout ?? WAIT_MS;
  recorder.resetLatest();
  let inspected = false;
  // Only this path's actors count: an actor left running by an earlier path must not move `latest`.
  let live = true;
  const inspect = (event: InspectionEvent): void => {
    if (!live) return;
    inspected = true;
    recorder.observe(event);
  };
  recorder.setPosition({ path, step: 0 });
  const driver = await setup({ inspect, path });
  let subscription: { unsubscribe(): void } | undefined;
  if (!inspected && driver.actor) {
    subscription = driver.actor.system.inspect((event: InspectionEvent) => recorder.observe(event));
    recorder.observeSnapshot(driver.actor.getSnapshot() as AnyMachineSnapshot);
  }
  let at = 0;
  try {
    let snap = await waitForState(recorder, path.initial, timeout, 'initial state');
    await driver.assert(path.initial, snap);
    for (const [i, step] of path.steps.entries()) {
      at = i + 1;
      recorder.setPosition({ path, step: i + 1 });
      await driver.perform(step.event, step.info);
      snap = await waitForState(recorder, step.state, timeout, `step ${i + 1} (${step.event.type})`);
      await driver.assert(step.state, snap);
    }
  } catch (error) {
    // A long walk fails somewhere in its middle: say where, with the steps that led there.
    if (error instanceof Error && path.steps.length > 0) {
      const lines = describeSteps(path).map((s, i) => `${i + 1 === at ? '>' : ' '} ${String(i + 1).padStart(3)}. ${s}`);
      error.message = `${error.message}\n\nWalk (${at === 0 ? 'failed in its initial state' : `failed at step ${at} of ${path.steps.length}`}):\n${lines.join('\n')}`;
    }
    throw error;
  } finally {
    live = false;
    recorder.setPosition(undefined);
    subscription?.unsubscribe();
    await driver.teardown?.();
  }
}

/**
 * Runs `fn` holding `<file>.lock`: the model run may walk files in parallel workers, and two walks
 * of one machine must not both read the old report and each write theirs over the other.
 */
function withReportLock<T>(file: string, fn: () => T): T {
  const lock = `${file}.lock`;
  const deadline = Date.now() + 10_000;
  const pause = new Int32Array(new SharedArrayBuffer(4));
  for (;;) {
    try {
      closeSync(openSync(lock, 'wx'));
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      if (Date.now() > deadline)
        throw new Error(`writeModelReport: ${lock} is still held after 10 s (left by a run that stopped while writing?)`);
      Atomics.wait(pause, 0, 0, 5);
    }
  }
  try {
    return fn();
  } finally {
    rmSync(lock, { force: true });
  }
}

/**
 * Write `<dir>/<id>.json`. When a report for the same machine already exists from this run (the
 * model run empties reports/model first), the coverage is merged: a machine may be walked by
 * several files (for example through two views), and its report is the union of what they took.
 * Files may be walked in parallel workers: the read, merge and write hold a lock, and the report
 * is replaced in one rename, so a reader never sees half of one.
 */
export function writeModelReport(report: ModelReport, dir = join(process.cwd(), 'reports', 'model')): ModelReport {
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `${report.id}.json`);
  return withReportLock(file, () => {
    let merged = report;
    if (existsSync(file)) {
      const previous = parseModelReport(readFileSync(file, 'utf8'));
      if (typeof previous === 'string') throw new Error(`writeModelReport: ${file}: ${previous}`);
      merged = mergeModelReports(report, previous);
    }
    const temporary = `${file}.tmp`;
    writeFileSync(temporary, `${JSON.stringify(merged, null, 2)}\n`);
    renameSync(temporary, file);
    return merged;
  });
}
