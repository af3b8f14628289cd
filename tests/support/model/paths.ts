/**
 * Path generation on the real machine (invoke/after included) with xstate/graph.
 * See README.md for why this does not use createTestModel.
 */
import type { AnyEventObject, AnyMachineSnapshot, AnyStateMachine, StateValue } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import { describeMachineGraph, formatStateValue, transitionLookupId } from './machine-graph';
import { createSimulator, eventsFor, selectedTransitions, stepInfo } from './model-events';
import type { EventSpecs, StepInfo } from './model-events';
import { planCoveringWalks } from './plan';
import { countSimplePaths, SIMPLE_PATH_BOUND } from './path-counts';

export type { StepInfo } from './model-events';

export interface ModelPathOptions {
  /**
   * Events to try, by type. Every event type the active states accept is tried; a factory decides
   * the payload(s) (return several to reach several guarded branches). Types without a factory are
   * sent as `{ type }` (done events get `output: undefined`, error events an Error).
   */
  events?: EventSpecs;
  /** Event types never to send (to model an incomplete test on purpose, or events a view cannot cause). */
  exclude?: readonly string[];
  /** Machine input for the initial snapshot. */
  input?: unknown;
  /**
   * What the paths cover. `'transitions'` (the default): one shortest path per distinct edge,
   * prefixes dropped. `'pairs'`: a few covering walks that take every reachable state, transition,
   * transition pair and guard outcome (./plan.ts); a walk opts in once its driver can take them.
   */
  cover?: 'pairs' | 'transitions';
  /** `'pairs'`: the longest walk, in steps (default 40). */
  maxSteps?: number;
  /**
   * `'pairs'`: what of the context the walk's events and guards depend on, for the planner to tell
   * apart two snapshots in the same state (e.g. `(s) => s.context.messages.length > 0`). The planner
   * keys its search on state, status and the last arrival in each state, never the whole context
   * (that would make the graph endless); without this it sees each state with the context it first
   * reached it with, and may miss a pair that needs another.
   */
  key?: (snapshot: AnyMachineSnapshot) => unknown;
  /**
   * `'pairs'`: what other paths of the same screen already take (`coveredBy(otherPaths)`), e.g. the
   * walks from another input: only what they leave is planned, so no pair is walked twice for nothing.
   */
  alreadyCovered?: Iterable<string>;
  /** `'transitions'`: keep every shortest path instead of dropping paths that are prefixes of others. */
  keepPrefixes?: boolean;
  /** Traversal safety net (number of explored vertices). */
  limit?: number;
}

interface ModelStep {
  event: AnyEventObject;
  info: StepInfo;
  /** Expected state value after the event. */
  state: StateValue;
  /** Declared transitions the event selects in the previous state (planned, not measured). */
  selects: string[];
}

/** The path counts of one generation (one `generateModelPaths` call), for the coverage report. */
export interface PlanSummary {
  /** `'pairs'` or `'transitions'`. */
  cover: string;
  /** Input and excluded events, to tell two generations of one machine apart. */
  label: string;
  /** Shortest paths: one to each distinct edge (previous state, event, transitions taken, next state). */
  shortest: number;
  /** Simple paths from the initial state (no state value twice), counted up to `bound`. */
  simple: { count: number; bound: number; capped: boolean };
  /** The paths generated and their steps in all. */
  paths: number;
  steps: number;
}

export interface ModelPath {
  description: string;
  initial: StateValue;
  steps: ModelStep[];
  /** The generation this path belongs to (shared by its paths). */
  plan?: PlanSummary;
  /** `'pairs'`: the coverage items (`state:`, `transition:`, `pair:`, `guard:`) this walk is planned to take first. */
  covers?: string[];
}

/** Every coverage item the given covering walks are planned to take (for `alreadyCovered`). */
export function coveredBy(paths: readonly ModelPath[]): Set<string> {
  return new Set(paths.flatMap((p) => p.covers ?? []));
}

function describePath(graph: ReturnType<typeof describeMachineGraph>, initial: StateValue, steps: readonly ModelStep[]): string {
  const guardByKey = new Map(graph.transitions.filter((t) => t.guard !== undefined).map((t) => [t.key, t.guard as string] as const));
  if (steps.length === 0) return `${formatStateValue(initial)} (initial)`;
  const arrow = (s: ModelStep): string => {
    const guards = s.selects.map((k) => guardByKey.get(k)).filter((g): g is string => g !== undefined);
    const label = `${s.event.type.replace(/^xstate\./, '')}${guards.length > 0 ? ` [${guards.join(', ')}]` : ''}${s.selects.length === 0 ? ' (ignored)' : ''}`;
    return `-(${label})-> ${formatStateValue(s.state)}`;
  };
  if (steps.length <= 6) return [formatStateValue(initial), ...steps.map(arrow)].join(' ');
  const last = steps.at(-1) as ModelStep;
  return [
    formatStateValue(initial),
    ...steps.slice(0, 3).map(arrow),
    `… ${steps.length - 4} more …`,
    arrow(last),
    `(${steps.length} steps)`,
  ].join(' ');
}

/** Distinct test names even when two paths differ only by event payload. */
function uniqueNames(list: ModelPath[]): ModelPath[] {
  const seenNames = new Map<string, number>();
  return list.map((p) => {
    const n = (seenNames.get(p.description) ?? 0) + 1;
    seenNames.set(p.description, n);
    return n > 1 ? { ...p, description: `${p.description} #${n}` } : p;
  });
}

/** Raw shortest paths: one per distinct edge reachable with the given events. */
function shortestPaths(machine: AnyStateMachine, options: ModelPathOptions): ModelPath[] {
  const graph = describeMachineGraph(machine);
  const exclude = new Set(options.exclude ?? []);
  const selected = (prev: AnyMachineSnapshot, event: AnyEventObject): string[] =>
    selectedTransitions(machine, prev, event).map((t) => {
      const id = transitionLookupId(t);
      return (id && graph.lookup.get(id)) ?? `${t.source.id}|${t.eventType}`;
    });
  /**
   * Each snapshot keeps the key it was first given. xstate/graph serializes a snapshot twice: as it
   * builds the adjacency map (from the snapshot it expanded) and again in its search (from the last
   * snapshot it saw with the previous key). When a guard reads the context, those two previous
   * snapshots may select different transitions, and the second key would name no vertex.
   */
  const keys = new WeakMap<object, string>();
  const raw = getShortestPaths(machine, {
    input: options.input,
    events: (snapshot) => eventsFor(snapshot, options.events, exclude),
    filterEvents: (snapshot, event) => selectedTransitions(machine, snapshot, event).length > 0,
    serializeState: (snapshot, event, prev) => {
      const known = keys.get(snapshot);
      if (known !== undefined) return known;
      const key = JSON.stringify([
        snapshot.value,
        snapshot.status,
        event?.type ?? null,
        prev?.value ?? null,
        prev && event ? selected(prev, event) : [],
      ]);
      keys.set(snapshot, key);
      return key;
    },
    serializeEvent: (event) => JSON.stringify(event, (_k, v: unknown) => (v instanceof Error ? `Error: ${v.message}` : v)),
    limit: options.limit ?? 20_000,
  });
  return raw.map((p) => {
    const [first, ...rest] = p.steps;
    const initial = (first ?? { state: p.state }).state.value as StateValue;
    let prev = (first ?? { state: p.state }).state;
    const steps: ModelStep[] = rest.map((s) => {
      const step: ModelStep = {
        event: s.event,
        info: stepInfo(machine, s.event),
        state: s.state.value as StateValue,
        selects: selected(prev, s.event),
      };
      prev = s.state;
      return step;
    });
    return { description: describePath(graph, initial, steps), initial, steps };
  });
}

function planLabel(options: ModelPathOptions): string {
  const parts: string[] = [];
  if (options.input !== undefined)
    parts.push(`input ${JSON.stringify(options.input, (_k, v: unknown) => (v instanceof Error ? `Error: ${v.message}` : v))}`);
  if (options.exclude && options.exclude.length > 0) parts.push(`without ${[...options.exclude].sort().join(', ')}`);
  return parts.length > 0 ? parts.join('; ') : 'default input, every event';
}

/**
 * Paths over the real machine from its initial state. By default (`cover: 'transitions'`), the
 * shortest path to every distinct edge (previous state, event, selected transitions, next state),
 * dropping paths that are prefixes of longer ones (every step is asserted, so the longer path
 * covers them); with `cover: 'pairs'`, a few long covering walks that together take every state,
 * transition, transition pair and guard outcome reachable with the given events (./plan.ts).
 * Each path carries `plan`: the path counts of this generation, which the report keeps.
 */
export function generateModelPaths(machine: AnyStateMachine, options: ModelPathOptions = {}): ModelPath[] {
  const graph = describeMachineGraph(machine);
  const raw = shortestPaths(machine, options);
  const simple = countSimplePaths(machine, options, SIMPLE_PATH_BOUND);
  const cover = options.cover ?? 'transitions';
  let paths: ModelPath[];
  if (cover === 'pairs') {
    paths = planCoveringWalks(machine, {
      ...(options.events ? { events: options.events } : {}),
      ...(options.exclude ? { exclude: options.exclude } : {}),
      ...(options.input !== undefined ? { input: options.input } : {}),
      ...(options.maxSteps !== undefined ? { maxSteps: options.maxSteps } : {}),
      ...(options.key ? { key: options.key } : {}),
      ...(options.alreadyCovered ? { alreadyCovered: options.alreadyCovered } : {}),
    }).map((w) => ({ description: describePath(graph, w.initial, w.steps), initial: w.initial, steps: w.steps, covers: w.covers }));
  } else if (options.keepPrefixes) {
    paths = raw;
  } else {
    const signature = (p: ModelPath): string[] => p.steps.map((s) => JSON.stringify([s.event.type, s.selects, s.state]));
    const sorted = [...raw].sort((a, b) => b.steps.length - a.steps.length || a.description.localeCompare(b.description));
    const kept: Array<{ path: ModelPath; sig: string[] }> = [];
    for (const path of sorted) {
      const sig = signature(path);
      const covered = kept.some((k) => sig.length <= k.sig.length && sig.every((s, i) => s === k.sig[i]));
      if (!covered) kept.push({ path, sig });
    }
    paths = kept.map((k) => k.path).sort((a, b) => a.description.localeCompare(b.description));
  }
  const plan: PlanSummary = {
    cover,
    label: planLabel(options),
    shortest: raw.length,
    simple,
    paths: paths.length,
    steps: paths.reduce((n, p) => n + p.steps.length, 0),
  };
  return uniqueNames(paths).map((p) => ({ ...p, plan }));
}

/** One step of a `scriptedPath`: the event, or a function of the snapshot the walk has built so far (for its payload). */
export type ScriptedEvent = AnyEventObject | ((snapshot: AnyMachineSnapshot) => AnyEventObject);

/**
 * A path written by hand, for a walk the generators cannot plan because it depends on what the
 * machine's snapshot does not hold: work still in flight in a child (a row change sent before and
 * not answered yet), a toast still on screen, a second job of a child. Each event is simulated on
 * the real machine from the context the walk has built (as ./plan.ts does), which gives each
 * step's expected state; a function in `events` is given that snapshot and returns the event.
 *
 * An event no transition of the machine takes is an error (a mistake in the script), except the
 * types in `outside`: what a person does that goes to another actor (a child the machine invokes),
 * walked as a step that must leave the machine where it is (the driver performs it; see the
 * `outside` table of ./tables.ts).
 */
export function scriptedPath(
  machine: AnyStateMachine,
  description: string,
  events: readonly ScriptedEvent[],
  options: { input?: unknown; outside?: readonly string[] } = {},
): ModelPath {
  const sim = createSimulator(machine);
  const outside = new Set(options.outside ?? []);
  const graph = describeMachineGraph(machine);
  let [snapshot] = sim.initial(options.input);
  const initial = snapshot.value as StateValue;
  const steps: ModelStep[] = events.map((spec, i) => {
    const event = typeof spec === 'function' ? spec(snapshot) : spec;
    const selects = selectedTransitions(machine, snapshot, event).map((t) => {
      const id = transitionLookupId(t);
      return (id && graph.lookup.get(id)) ?? `${t.source.id}|${t.eventType}`;
    });
    if (selects.length === 0 && !outside.has(event.type)) {
      throw new Error(
        `scriptedPath(${machine.id}) "${description}": step ${i + 1} (${event.type}) is taken by no transition in ${formatStateValue(
          snapshot.value as StateValue,
        )}`,
      );
    }
    [snapshot] = sim.step(snapshot, event);
    if (snapshot.status === 'error') throw new Error(`scriptedPath(${machine.id}) "${description}": step ${i + 1} (${event.type}) errored`);
    return { event, info: stepInfo(machine, event), state: snapshot.value as StateValue, selects };
  });
  return { description, initial, steps };
}

/**
 * Declared transitions no generated path plans to take (a quick check before walking: add event
 * payloads until it is empty). Eventless and state-`onDone` transitions are not planned per step,
 * so they are left to the measured report.
 */
export function unplannedTransitions(machine: AnyStateMachine, paths: readonly ModelPath[]): string[] {
  const planned = new Set(paths.flatMap((p) => p.steps.flatMap((s) => s.selects)));
  return describeMachineGraph(machine)
    .transitions.filter((t) => t.kind !== 'always' && t.kind !== 'done.state')
    .map((t) => t.key)
    .filter((k) => !planned.has(k));
}
