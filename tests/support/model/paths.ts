/**
 * Path generation on the real machine (invoke/after included) with xstate/graph.
 * See README.md for why this does not use createTestModel.
 */
import type { AnyEventObject, AnyMachineSnapshot, AnyStateMachine, AnyStateNode, EventObject, StateValue } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import { activeStatePaths, allStateNodes, formatStateValue, kindOf, transitionLookupId, describeMachineGraph } from './machine-graph';
import type { TransitionKind } from './machine-graph';

type EventFactory = (snapshot: AnyMachineSnapshot) => AnyEventObject | readonly AnyEventObject[];

export interface ModelPathOptions {
  /**
   * Events to try, by type. Every event type the active states accept is tried; a factory decides
   * the payload(s) (return several to reach several guarded branches). Types without a factory are
   * sent as `{ type }` (done events get `output: undefined`, error events an Error).
   */
  events?: Record<string, EventFactory | AnyEventObject | readonly AnyEventObject[]>;
  /** Event types never to send (to model an incomplete test on purpose, or events a view cannot cause). */
  exclude?: readonly string[];
  /** Machine input for the initial snapshot. */
  input?: unknown;
  /** Keep every shortest path instead of dropping paths that are prefixes of others. */
  keepPrefixes?: boolean;
  /** Traversal safety net (number of explored vertices). */
  limit?: number;
}

export interface StepInfo {
  kind: TransitionKind;
  /** For done/error events: the invoke id and the `src` of the invoked actor. */
  invoke?: { id: string; src: string };
  /** For after events: the delay name (or number as a string). */
  delay?: string;
}

interface ModelStep {
  event: AnyEventObject;
  info: StepInfo;
  /** Expected state value after the event. */
  state: StateValue;
  /** Declared transitions the event selects in the previous state (planned, not measured). */
  selects: string[];
}

export interface ModelPath {
  description: string;
  initial: StateValue;
  steps: ModelStep[];
}

function activeNodes(snapshot: AnyMachineSnapshot): AnyStateNode[] {
  const machine = snapshot.machine as AnyStateMachine;
  const byPath = new Map(allStateNodes(machine).map((n) => [n.path.join('.'), n] as const));
  const nodes: AnyStateNode[] = [machine.root];
  for (const p of activeStatePaths(machine, snapshot.value)) {
    const node = byPath.get(p);
    if (node) nodes.push(node);
  }
  return nodes;
}

/** Invoke definitions by id for the whole machine. */
function invokesById(machine: AnyStateMachine): Map<string, { id: string; src: string }> {
  const map = new Map<string, { id: string; src: string }>();
  for (const node of allStateNodes(machine)) {
    for (const inv of node.invoke) {
      map.set(inv.id, { id: inv.id, src: typeof inv.src === 'string' ? inv.src : inv.id });
    }
  }
  return map;
}

function delayOf(eventType: string, machine: AnyStateMachine): string | undefined {
  for (const node of allStateNodes(machine)) {
    for (const a of node.after) if (a.eventType === eventType) return String(a.delay);
  }
  return undefined;
}

function stepInfo(machine: AnyStateMachine, event: EventObject): StepInfo {
  const kind = kindOf(event.type);
  const info: StepInfo = { kind };
  if (kind === 'done.actor' || kind === 'error.actor') {
    const id = event.type.slice(kind === 'done.actor' ? 'xstate.done.actor.'.length : 'xstate.error.actor.'.length);
    info.invoke = invokesById(machine).get(id) ?? { id, src: id };
  }
  if (kind === 'after') {
    const delay = delayOf(event.type, machine);
    if (delay !== undefined) info.delay = delay;
  }
  return info;
}

function defaultEvent(type: string): AnyEventObject {
  const kind = kindOf(type);
  if (kind === 'done.actor') return { type, output: undefined };
  if (kind === 'error.actor') return { type, error: new Error(`model: ${type.slice('xstate.error.actor.'.length)} failed`) };
  return { type };
}

/**
 * Shortest paths from the initial state to every distinct edge (previous state, event, selected
 * transitions, next state) reachable with the given events; paths that are prefixes of longer ones
 * are dropped (every step is asserted, so the longer path covers them).
 */
export function generateModelPaths(machine: AnyStateMachine, options: ModelPathOptions = {}): ModelPath[] {
  const graph = describeMachineGraph(machine);
  const exclude = new Set(options.exclude ?? []);
  const guardByKey = new Map(graph.transitions.filter((t) => t.guard !== undefined).map((t) => [t.key, t.guard as string] as const));
  const transitionData = (snapshot: AnyMachineSnapshot, event: AnyEventObject) => {
    try {
      return machine.getTransitionData(snapshot, event) ?? [];
    } catch (error) {
      throw new Error(
        `generateModelPaths(${machine.id}): "${event.type}" in ${formatStateValue(snapshot.value as StateValue)} failed: ${
          error instanceof Error ? error.message : String(error)
        }\nGive it a payload in options.events['${event.type}'] (or exclude it).`,
        { cause: error },
      );
    }
  };
  const selected = (prev: AnyMachineSnapshot, event: AnyEventObject): string[] =>
    transitionData(prev, event).map((t) => {
      const id = transitionLookupId(t);
      return (id && graph.lookup.get(id)) ?? `${t.source.id}|${t.eventType}`;
    });

  const eventsFor = (snapshot: AnyMachineSnapshot): AnyEventObject[] => {
    if (snapshot.status !== 'active') return [];
    const types = new Set<string>();
    for (const node of activeNodes(snapshot)) {
      for (const type of node.transitions.keys()) {
        const kind = kindOf(type);
        if (kind === 'done.state' || kind === 'wildcard' || exclude.has(type)) continue;
        types.add(type);
      }
    }
    const out: AnyEventObject[] = [];
    for (const type of [...types].sort()) {
      const spec = options.events?.[type];
      const produced = spec === undefined ? defaultEvent(type) : typeof spec === 'function' ? spec(snapshot) : spec;
      const list: readonly AnyEventObject[] = Array.isArray(produced) ? produced : [produced as AnyEventObject];
      out.push(...list);
    }
    return out;
  };

  const raw = getShortestPaths(machine, {
    input: options.input,
    events: eventsFor,
    filterEvents: (snapshot, event) => transitionData(snapshot, event).length > 0,
    serializeState: (snapshot, event, prev) =>
      JSON.stringify([
        snapshot.value,
        snapshot.status,
        event?.type ?? null,
        prev?.value ?? null,
        prev && event ? selected(prev, event) : [],
      ]),
    serializeEvent: (event) => JSON.stringify(event, (_k, v: unknown) => (v instanceof Error ? `Error: ${v.message}` : v)),
    limit: options.limit ?? 20_000,
  });

  const paths: ModelPath[] = raw.map((p) => {
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
    const description =
      steps.length === 0
        ? `${formatStateValue(initial)} (initial)`
        : [
            formatStateValue(initial),
            ...steps.map((s) => {
              const guards = s.selects.map((k) => guardByKey.get(k)).filter((g): g is string => g !== undefined);
              const label = `${s.event.type.replace(/^xstate\./, '')}${guards.length > 0 ? ` [${guards.join(', ')}]` : ''}`;
              return `-(${label})-> ${formatStateValue(s.state)}`;
            }),
          ].join(' ');
    return { description, initial, steps };
  });

  // Distinct test names even when two paths differ only by event payload.
  const uniqueNames = (list: ModelPath[]): ModelPath[] => {
    const seenNames = new Map<string, number>();
    return list.map((p) => {
      const n = (seenNames.get(p.description) ?? 0) + 1;
      seenNames.set(p.description, n);
      return n > 1 ? { ...p, description: `${p.description} #${n}` } : p;
    });
  };
  if (options.keepPrefixes) return uniqueNames(paths);
  const signature = (p: ModelPath): string[] => p.steps.map((s) => JSON.stringify([s.event.type, s.selects, s.state]));
  const sorted = [...paths].sort((a, b) => b.steps.length - a.steps.length || a.description.localeCompare(b.description));
  const kept: Array<{ path: ModelPath; sig: string[] }> = [];
  for (const path of sorted) {
    const sig = signature(path);
    const covered = kept.some((k) => sig.length <= k.sig.length && sig.every((s, i) => s === k.sig[i]));
    if (!covered) kept.push({ path, sig });
  }
  return uniqueNames(kept.map((k) => k.path).sort((a, b) => a.description.localeCompare(b.description)));
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
