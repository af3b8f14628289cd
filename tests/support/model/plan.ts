/**
 * Covering walks: a few long paths that together take every state, transition, transition pair
 * and guard outcome the model can reach, instead of one shortest path per edge.
 *
 * Greedy set cover over pair-extending paths. A walk starts on the initial state; from where it
 * is, a breadth-first search (on the real machine: guards see the context the walk built) finds
 * the nearest step that covers something not yet covered, preferring, at that distance, the step
 * that covers most; the walk goes there and carries on. A walk ends when nothing is left within
 * reach or when it reaches `maxSteps`; the next starts afresh, until a walk from the start finds
 * nothing new. Every step is simulated with the machine's own transition function and counted with
 * the very functions the recorder uses on the real run (./criteria.ts), so what the plan promises
 * is what the report measures when the view does what the step says.
 *
 * A search state is the state value, the status and, for each active state that has transitions,
 * the transition that arrived in it last (what the next pair starts from); never the context, which
 * would make the graph endless.
 */
import type { AnyEventObject, AnyMachineSnapshot, AnyStateMachine, StateValue } from 'xstate';
import { START, criteriaContext, newPairMemory, observeMicrostep, observeSettled, transitionPairs } from './criteria';
import type { CriteriaContext, PairMemory } from './criteria';
import { activeStatePaths, describeMachineGraph, statePath } from './machine-graph';
import { createSimulator, eventsFor, selectedTransitions, stepInfo } from './model-events';
import type { EventSpecs, SimulatedMicrostep, StepInfo } from './model-events';

export interface PlannedStep {
  event: AnyEventObject;
  info: StepInfo;
  state: StateValue;
  /** Declared transitions the event selects (planned, not measured). */
  selects: string[];
}

export interface PlanOptions {
  events?: EventSpecs;
  exclude?: readonly string[];
  input?: unknown;
  /** Longest walk (steps); a walk that reaches it ends and the next starts afresh. */
  maxSteps?: number;
  /** What of the context the events and guards depend on (part of the search state). */
  key?: (snapshot: AnyMachineSnapshot) => unknown;
  /** Coverage items other walks already take (`coveredBy(paths)`): only what they leave is planned. */
  alreadyCovered?: Iterable<string>;
  /** Search states one search may visit before giving up (a safety net). */
  limit?: number;
}

export interface PlannedWalk {
  initial: StateValue;
  steps: PlannedStep[];
  /** Coverage items (`state:`, `transition:`, `pair:`, `guard:`) this walk covers first. */
  covers: string[];
}

interface Node {
  snapshot: AnyMachineSnapshot;
  memory: PairMemory;
}

/** One step from a search state: what it covers and where it leads (as first seen from there). */
interface Edge {
  from: string;
  event: AnyEventObject;
  to: string;
  /** What taking it covered when it was last taken (only ever shrinks: a claim the real run did not keep is dropped). */
  items: string[];
  selects: string[];
  /** False when the event selected nothing (kept only for the guard outcomes it shows). */
  moved: boolean;
  dead?: boolean;
  /** `gain` as of coverage version `version` (a cache: the search reads it often). */
  gain?: { version: number; value: number };
}

interface Vertex {
  /** The first concrete snapshot seen with this key: where its steps are simulated from. */
  node: Node;
  edges?: Edge[];
}

const cloneMemory = (m: PairMemory): PairMemory => ({ arrivedBy: new Map(m.arrivedBy) });
const serializeEvent = (event: AnyEventObject): string =>
  JSON.stringify(event, (_k, v: unknown) => (v instanceof Error ? `Error: ${v.message}` : v));

/** Coverage items of a sequence of microsteps, updating `memory` as the run would. */
function itemsOf(
  ctx: CriteriaContext,
  memory: PairMemory,
  before: StateValue | undefined,
  microsteps: SimulatedMicrostep[],
  end: AnyMachineSnapshot,
): string[] {
  const items: string[] = [];
  let prev = before;
  for (const ms of microsteps) {
    const eventless = ms.transitions.length > 0 && ms.transitions.every((t) => t.eventType === '');
    const seen = observeMicrostep(ctx, memory, {
      before: prev,
      transitions: ms.transitions,
      eventType: eventless ? null : ms.eventType,
      after: ms.snapshot.value as StateValue,
    });
    for (const p of seen.pairs) items.push(`pair:${p}`);
    for (const g of seen.guards) items.push(`guard:${g}`);
    for (const t of ms.transitions) {
      const key = ctx.keyOf(t);
      if (key) items.push(`transition:${key}`);
      if (t.source.path.length > 0) items.push(`state:${statePath(t.source)}`);
    }
    for (const p of activeStatePaths(ctx.machine, ms.snapshot.value as StateValue)) items.push(`state:${p}`);
    prev = ms.snapshot.value as StateValue;
  }
  if (end.status === 'active') for (const g of observeSettled(ctx, end.value as StateValue).guards) items.push(`guard:${g}`);
  for (const p of activeStatePaths(ctx.machine, end.value as StateValue)) items.push(`state:${p}`);
  return items;
}

export function planCoveringWalks(machine: AnyStateMachine, options: PlanOptions = {}): PlannedWalk[] {
  const graph = describeMachineGraph(machine);
  const ctx = criteriaContext(machine, graph);
  const sim = createSimulator(machine);
  const exclude = new Set(options.exclude ?? []);
  const maxSteps = options.maxSteps ?? 40;
  const limit = options.limit ?? 20_000;
  const pairs = transitionPairs(machine, graph);
  /**
   * States whose last arrival a search state keeps: those with a pair not yet covered. As pairs get
   * covered the search graph shrinks (it is rebuilt for each walk), which keeps the searches that
   * find nothing more, at the end, cheap.
   */
  let relevant = new Set(pairs.map((p) => p.state));

  const keyWith = (node: Node, keep: (path: string) => boolean): string => {
    const value = node.snapshot.value as StateValue;
    const arrived = ['(machine)', ...activeStatePaths(machine, value)]
      .filter(keep)
      .map((p) => `${p}<${node.memory.arrivedBy.get(p) ?? START}`);
    return JSON.stringify([value, node.snapshot.status, arrived, options.key ? (options.key(node.snapshot) ?? null) : null]);
  };
  const keyOf = (node: Node): string => keyWith(node, (p) => relevant.has(p));
  /** Steps simulated from this very node (its own context), once per node. */
  const own = new WeakMap<Node, Array<{ event: AnyEventObject; step: ReturnType<typeof simulate> }>>();
  const stepsHere = (node: Node) => {
    let list = own.get(node);
    if (!list) {
      list = eventsFor(node.snapshot, options.events, exclude).map((event) => ({ event, step: simulate(node, event) }));
      own.set(node, list);
    }
    return list;
  };
  /** Steps simulated from a node, by its full key (every arrival kept): reused when the search graph is rebuilt. */
  const simulated = new Map<string, Array<{ event: AnyEventObject; step: ReturnType<typeof simulate> }>>();
  const stepsFrom = (node: Node) => {
    const full = keyWith(node, () => true);
    let list = simulated.get(full);
    if (!list) {
      list = eventsFor(node.snapshot, options.events, exclude).map((event) => ({ event, step: simulate(node, event) }));
      simulated.set(full, list);
    }
    return list;
  };

  /** One step simulated from a concrete node. */
  const simulate = (from: Node, event: AnyEventObject) => {
    const selects = selectedTransitions(machine, from.snapshot, event)
      .map((t) => ctx.keyOf(t))
      .filter((k): k is string => k !== undefined);
    const [snapshot, microsteps] = sim.step(from.snapshot, event);
    const memory = cloneMemory(from.memory);
    const items = itemsOf(ctx, memory, from.snapshot.value as StateValue, microsteps, snapshot);
    const moved = microsteps.some((ms) => ms.transitions.length > 0);
    return { to: { snapshot, memory } as Node, items, selects, moved };
  };

  // The search graph, built as the search reaches it: each search state is expanded once, from the
  // first concrete snapshot seen with its key (the context is not in the key).
  const vertices = new Map<string, Vertex>();
  const vertexOf = (node: Node): string => {
    const k = keyOf(node);
    if (!vertices.has(k)) vertices.set(k, { node });
    return k;
  };
  const edgesOf = (k: string): Edge[] => {
    const v = vertices.get(k) as Vertex;
    if (!v.edges) {
      v.edges = stepsFrom(v.node).map(({ event, step }) => ({
        from: k,
        event,
        to: vertexOf(step.to),
        items: step.items,
        selects: step.selects,
        moved: step.moved,
      }));
    }
    return v.edges.filter((e) => !e.dead);
  };

  const covered = new Set<string>(options.alreadyCovered ?? []);
  let version = 0;
  const cover = (item: string): boolean => {
    if (covered.has(item)) return false;
    covered.add(item);
    version += 1;
    return true;
  };
  const gainOf = (edge: Edge): number => {
    if (edge.gain?.version !== version) edge.gain = { version, value: new Set(edge.items.filter((i) => !covered.has(i))).size };
    return edge.gain.value;
  };
  /** The most a single step from `k` covers (a look ahead, to prefer steps that lead to more). */
  const bestNext = (k: string): number => (vertices.get(k)?.edges ?? []).reduce((m, e) => (e.dead ? m : Math.max(m, gainOf(e))), 0);

  /**
   * The shortest way from `here` to the nearest step that covers something new (most, with what
   * follows, at that distance). The first steps are simulated from `here` itself, so a guard that
   * reads the context the walk built is seen as it is; further ones come from the search graph.
   */
  const nearest = (here: Node): Edge[] | undefined => {
    const start = vertexOf(here);
    const local: Edge[] = stepsHere(here).map(({ event, step }) => ({
      from: start,
      event,
      to: vertexOf(step.to),
      items: step.items,
      selects: step.selects,
      moved: step.moved,
    }));
    const parent = new Map<string, Edge>();
    const visited = new Set([start]);
    let frontier = [start];
    while (frontier.length > 0 && visited.size <= limit) {
      const next: string[] = [];
      let best: { edge: Edge; score: number } | undefined;
      for (const k of frontier) {
        for (const edge of k === start && parent.size === 0 ? local : edgesOf(k)) {
          const gain = gainOf(edge);
          if (gain > 0) {
            const score = gain + 0.5 * bestNext(edge.to);
            if (!best || score > best.score) best = { edge, score };
          }
          if (!edge.moved || visited.has(edge.to)) continue;
          visited.add(edge.to);
          parent.set(edge.to, edge);
          next.push(edge.to);
        }
      }
      if (best) {
        const path = [best.edge];
        for (let e = parent.get(best.edge.from); e; e = parent.get(e.from)) path.unshift(e);
        return path;
      }
      frontier = next;
    }
    return undefined;
  };

  /**
   * Takes an edge of the search graph from a concrete node: among the events the walk's options
   * give in this very snapshot (payloads may come from the context: an event found from another
   * snapshot with the same key may not be one the walk can cause here), the one that does what the
   * edge does, the same payload first. Undefined when none does here: the edge is then dropped.
   */
  const take = (node: Node, edge: Edge): { event: AnyEventObject; step: ReturnType<typeof simulate> } | undefined => {
    const same = (step: ReturnType<typeof simulate>): boolean =>
      vertexOf(step.to) === edge.to && step.moved === edge.moved && JSON.stringify(step.selects) === JSON.stringify(edge.selects);
    const wanted = serializeEvent(edge.event);
    const candidates = stepsHere(node).filter(({ event }) => event.type === edge.event.type);
    candidates.sort((a, b) => Number(serializeEvent(b.event) === wanted) - Number(serializeEvent(a.event) === wanted));
    return candidates.find(({ step }) => same(step));
  };

  const walks: PlannedWalk[] = [];
  for (;;) {
    const still = new Set(pairs.filter((p) => !covered.has(`pair:${p.key}`)).map((p) => p.state));
    if (still.size !== relevant.size) {
      relevant = still;
      vertices.clear();
    }
    const [snapshot, microsteps] = sim.initial(options.input);
    const memory = newPairMemory();
    const startItems = itemsOf(ctx, memory, undefined, microsteps, snapshot);
    let node: Node = { snapshot, memory };
    const covers = startItems.filter((i) => cover(i));
    const steps: PlannedStep[] = [];
    while (steps.length < maxSteps) {
      const path = nearest(node);
      if (!path) break;
      for (const edge of path.slice(0, maxSteps - steps.length)) {
        const taken = take(node, edge);
        if (!taken) {
          edge.dead = true;
          break;
        }
        // What it covers here, in this context; the graph keeps only claims the run confirmed.
        const confirmed = new Set(taken.step.items);
        edge.items = edge.items.filter((i) => confirmed.has(i));
        edge.gain = undefined;
        steps.push({
          event: taken.event,
          info: stepInfo(machine, taken.event),
          state: taken.step.to.snapshot.value as StateValue,
          selects: taken.step.selects,
        });
        for (const i of taken.step.items) if (cover(i)) covers.push(i);
        node = taken.step.to;
      }
    }
    if (steps.length === 0) {
      // Nothing more within reach; a walk that covered only what the start shows is kept when it is the first.
      if (walks.length === 0) walks.push({ initial: snapshot.value as StateValue, steps, covers: [...new Set(covers)] });
      break;
    }
    walks.push({ initial: snapshot.value as StateValue, steps, covers: [...new Set(covers)] });
  }
  return walks;
}
