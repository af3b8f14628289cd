/**
 * Coverage criteria beyond states and transitions: transition pairs and guard outcomes.
 *
 * - A **transition pair** is a transition *into* a state followed by a transition *out of* it: for
 *   each state S, every transition that arrives in S (enters it, the machine's start included,
 *   or a targetless transition declared on S, which stays in S) paired with every transition
 *   declared on S. At run time the pair is counted when S's latest arrival is the first transition
 *   and S then takes the second; transitions elsewhere in between (in substates, or in another
 *   region of a parallel state) do not break it. `(start)` names the machine's start.
 * - A **guard outcome** is a guarded transition whose guard was evaluated and found true (the
 *   transition was taken) or false (XState went on to the next candidate). Each guarded
 *   transition has both outcomes; a guard used on two transitions is two decisions.
 *
 * The same functions give the denominators (from the machine definition) and what a run did
 * (from the microsteps XState reports to an inspector, or that a simulation produced), so the
 * path planner (./plan.ts) and the recorder (./walk.ts) count exactly alike.
 */
import type { AnyStateMachine, AnyStateNode, AnyTransitionDefinition, StateValue } from 'xstate';
import { activeStatePaths, allStateNodes, describeMachineGraph, statePath, transitionLookupId } from './machine-graph';
import type { MachineGraph, TransitionEdge } from './machine-graph';

/** The machine's start, as the first member of a pair. */
export const START = '(start)';

const pairKey = (into: string, out: string): string => `${into} >> ${out}`;
const guardKey = (transition: string, outcome: boolean): string => `${outcome ? 'true' : 'false'}: ${transition}`;

export interface PairItem {
  key: string;
  /** Key of the transition that arrives in the state (or `(start)`). */
  into: string;
  /** Key of the transition declared on the state. */
  out: string;
  /** The state both meet in (the source of `out`). */
  state: string;
}

export interface GuardOutcomeItem {
  key: string;
  /** The guarded transition's key. */
  transition: string;
  guard: string;
  outcome: boolean;
}

const isHistory = (n: AnyStateNode): boolean => n.type === 'history';
const childrenOf = (n: AnyStateNode): AnyStateNode[] => (Object.values(n.states) as AnyStateNode[]).filter((c) => !isHistory(c));

/** Strictly below `ancestor`. */
function isDescendant(node: AnyStateNode, ancestor: AnyStateNode): boolean {
  for (let p = node.parent; p; p = p.parent) if (p === ancestor) return true;
  return false;
}

function properAncestors(node: AnyStateNode): AnyStateNode[] {
  const out: AnyStateNode[] = [];
  for (let p = node.parent; p; p = p.parent) out.push(p);
  return out;
}

/**
 * The node whose active descendants a transition exits and re-enters (XState v5's transition
 * domain): the source itself for a transition into its own substates that does not re-enter,
 * otherwise the least common ancestor of source and targets. A history target counts as its parent.
 */
function transitionDomain(t: AnyTransitionDefinition): AnyStateNode | undefined {
  const targets = (t.target ?? []).map((n: AnyStateNode) => (isHistory(n) && n.parent ? n.parent : n));
  if (targets.length === 0) return undefined;
  if (!t.reenter && targets.every((n) => n === t.source || isDescendant(n, t.source))) return t.source;
  const [head, ...rest] = targets as [AnyStateNode, ...AnyStateNode[]];
  rest.push(t.source);
  for (const a of properAncestors(head)) if (rest.every((n) => isDescendant(n, a))) return a;
  return t.source.machine.root;
}

/** What entering `node` enters below it by default (compound: its initial child; parallel: every region). */
function defaultEntry(node: AnyStateNode, out: Set<AnyStateNode>): void {
  if (isHistory(node)) {
    // A history state restores whatever its parent last held: any of its parent's substates may be entered.
    const parent = node.parent;
    if (!parent) return;
    out.add(parent);
    const all = (n: AnyStateNode): void => {
      for (const c of childrenOf(n)) {
        out.add(c);
        all(c);
      }
    };
    all(parent);
    return;
  }
  out.add(node);
  if (node.type === 'compound') {
    const initial = node.initial?.target?.[0] as AnyStateNode | undefined;
    if (initial) defaultEntry(initial, out);
  } else if (node.type === 'parallel') {
    for (const c of childrenOf(node)) defaultEntry(c, out);
  }
}

/** Every state a transition may enter (statically; the domain itself excluded). */
function staticEntered(t: AnyTransitionDefinition): Set<AnyStateNode> {
  const out = new Set<AnyStateNode>();
  const domain = transitionDomain(t);
  if (!domain) return out;
  for (const target of (t.target ?? []) as AnyStateNode[]) {
    defaultEntry(target, out);
    for (const a of properAncestors(target)) {
      if (a === domain || isDescendant(domain, a)) break;
      out.add(a);
      if (a.type === 'parallel') for (const region of childrenOf(a)) if (!out.has(region)) defaultEntry(region, out);
    }
  }
  out.delete(domain);
  return out;
}

/** The machine's initial configuration (before any eventless transition). */
function initialConfiguration(machine: AnyStateMachine): Set<AnyStateNode> {
  const out = new Set<AnyStateNode>();
  defaultEntry(machine.root, out);
  out.delete(machine.root);
  return out;
}

interface Declared {
  def: AnyTransitionDefinition;
  edge: TransitionEdge;
}

/** Each declared transition definition with its edge (by key), in describeMachineGraph order. */
function declaredTransitions(machine: AnyStateMachine, graph: MachineGraph): Declared[] {
  const byKey = new Map(graph.transitions.map((e) => [e.key, e] as const));
  const out: Declared[] = [];
  for (const node of allStateNodes(machine)) {
    const lists: AnyTransitionDefinition[][] = [...node.transitions.values()];
    if (node.always && node.always.length > 0) lists.push(node.always);
    for (const list of lists) {
      for (const def of list) {
        const id = transitionLookupId(def);
        const key = id ? graph.lookup.get(id) : undefined;
        const edge = key ? byKey.get(key) : undefined;
        if (edge) out.push({ def, edge });
      }
    }
  }
  return out;
}

/** Every transition pair of the machine (the denominator of pair coverage), in a stable order. */
export function transitionPairs(machine: AnyStateMachine, graph = describeMachineGraph(machine)): PairItem[] {
  const declared = declaredTransitions(machine, graph);
  /** State path -> keys of the transitions that arrive in it. */
  const arrivals = new Map<string, string[]>();
  const arrive = (node: AnyStateNode, key: string): void => {
    const path = statePath(node);
    const list = arrivals.get(path) ?? [];
    if (!list.includes(key)) list.push(key);
    arrivals.set(path, list);
  };
  for (const node of initialConfiguration(machine)) arrive(node, START);
  // The root is active from the start: transitions declared on it meet there.
  arrive(machine.root, START);
  for (const { def, edge } of declared) {
    const entered = staticEntered(def);
    if (entered.size === 0) arrive(def.source, edge.key);
    for (const node of entered) arrive(node, edge.key);
  }
  const pairs: PairItem[] = [];
  const seen = new Set<string>();
  for (const { edge } of declared) {
    for (const into of arrivals.get(edge.source) ?? []) {
      const key = pairKey(into, edge.key);
      if (seen.has(key)) continue;
      seen.add(key);
      pairs.push({ key, into, out: edge.key, state: edge.source });
    }
  }
  return pairs;
}

/** Both outcomes of every guarded transition (the denominator of guard coverage). */
export function guardOutcomes(machine: AnyStateMachine, graph = describeMachineGraph(machine)): GuardOutcomeItem[] {
  return graph.transitions.flatMap((t) =>
    t.guard === undefined
      ? []
      : [true, false].map((outcome) => ({ key: guardKey(t.key, outcome), transition: t.key, guard: t.guard as string, outcome })),
  );
}

// ---------------------------------------------------------------------------------------------
// What a run did
// ---------------------------------------------------------------------------------------------

/** One running instance of the machine: which transition arrived last in each active state. */
export interface PairMemory {
  arrivedBy: Map<string, string>;
}

export const newPairMemory = (): PairMemory => ({ arrivedBy: new Map() });

export interface Observed {
  pairs: string[];
  guards: string[];
}

function matchesDescriptor(type: string, descriptor: string): boolean {
  if (descriptor === type || descriptor === '*') return true;
  if (!descriptor.endsWith('.*')) return false;
  const prefix = descriptor.slice(0, -2);
  return type === prefix || type.startsWith(`${prefix}.`);
}

/** The candidates XState tries on `node` for an event type, in its order (exact, then wildcards by length). */
function candidates(node: AnyStateNode, eventType: string | null): AnyTransitionDefinition[] {
  if (eventType === null) return node.always ?? [];
  const exact = node.transitions.get(eventType) ?? [];
  const wild = [...node.transitions.keys()]
    .filter((d) => d !== eventType && matchesDescriptor(eventType, d))
    .sort((a, b) => b.length - a.length)
    .flatMap((d) => node.transitions.get(d) ?? []);
  return [...exact, ...wild];
}

export interface CriteriaContext {
  machine: AnyStateMachine;
  graph: MachineGraph;
  /** Runtime definition -> edge key. */
  keyOf(t: AnyTransitionDefinition): string | undefined;
  nodesOf(value: StateValue): AnyStateNode[];
}

export function criteriaContext(machine: AnyStateMachine, graph = describeMachineGraph(machine)): CriteriaContext {
  const byPath = new Map(allStateNodes(machine).map((n) => [statePath(n), n] as const));
  return {
    machine,
    graph,
    keyOf: (t) => {
      const id = transitionLookupId(t);
      return id ? graph.lookup.get(id) : undefined;
    },
    nodesOf: (value) => activeStatePaths(machine, value).flatMap((p) => byPath.get(p) ?? []),
  };
}

/** A transition's identity across `machine.provide()` (the running actor's machine is a copy). */
const idOf = (t: AnyTransitionDefinition): string => transitionLookupId(t) ?? `${t.source.id}|${t.eventType}|?`;

/** Is the state at `path` strictly below the state at `ancestor` (paths as arrays; the root is [])? */
const below = (path: readonly string[], ancestor: readonly string[]): boolean =>
  path.length > ancestor.length && ancestor.every((seg, i) => path[i] === seg);

/**
 * The guard outcomes of one candidate list: the guarded candidates before the one taken were
 * false, the one taken was true; with none taken, every guarded candidate was false.
 */
function listOutcomes(ctx: CriteriaContext, list: readonly AnyTransitionDefinition[], taken: ReadonlySet<string>, out: string[]): boolean {
  for (const t of list) {
    const key = ctx.keyOf(t);
    if (taken.has(idOf(t))) {
      if (key && t.guard !== undefined) out.push(guardKey(key, true));
      return true;
    }
    if (key && t.guard !== undefined) out.push(guardKey(key, false));
  }
  return false;
}

/**
 * Guard outcomes of an event's selection in the configuration `nodes`, mirroring XState v5's
 * `transitionNode`: a state's own candidates are tried only when none of its active substates
 * (every region, for a parallel state) took the event.
 */
function eventOutcomes(ctx: CriteriaContext, nodes: AnyStateNode[], eventType: string, taken: ReadonlySet<string>, out: string[]): void {
  const active = new Set(nodes);
  const visit = (node: AnyStateNode): boolean => {
    const kids = childrenOf(node).filter((c) => active.has(c));
    let inner = false;
    for (const kid of kids) inner = visit(kid) || inner;
    if (inner) return true;
    return listOutcomes(ctx, candidates(node, eventType), taken, out);
  };
  visit(ctx.machine.root);
}

/**
 * Guard outcomes of an eventless selection in the configuration `nodes`, mirroring XState v5's
 * `selectEventlessTransitions`: each atomic state tries its own `always`, then its ancestors', until
 * one is enabled. Where another transition taken at once leaves that atomic state, an enabled one
 * may have been dropped as conflicting: nothing is concluded there.
 */
function eventlessOutcomes(
  ctx: CriteriaContext,
  nodes: AnyStateNode[],
  taken: ReadonlySet<string>,
  domains: ReadonlyArray<readonly string[]>,
  out: string[],
): void {
  for (const atomic of nodes.filter((n) => n.type === 'atomic' || n.type === 'final')) {
    const local: string[] = [];
    let found = false;
    for (const node of [atomic, ...properAncestors(atomic)]) {
      if (listOutcomes(ctx, candidates(node, null), taken, local)) {
        found = true;
        break;
      }
    }
    if (found || !domains.some((d) => below(atomic.path, d))) out.push(...local);
  }
}

/**
 * One microstep of a run: `before` is the configuration it started from (undefined when not seen,
 * e.g. the eventless steps of an actor's start), `transitions` what XState selected, `eventType`
 * the event (null for an eventless step), `after` the configuration it reached. The transitions
 * may belong to a provided copy of the machine: they are matched by their place in it.
 */
export function observeMicrostep(
  ctx: CriteriaContext,
  memory: PairMemory,
  step: { before: StateValue | undefined; transitions: readonly AnyTransitionDefinition[]; eventType: string | null; after: StateValue },
): Observed {
  const pairs: string[] = [];
  const guards: string[] = [];
  const taken = new Set(step.transitions.map(idOf));
  const domains = step.transitions.flatMap((t) => {
    const d = transitionDomain(t);
    return d ? [d.path] : [];
  });
  if (step.before !== undefined) {
    const nodes = ctx.nodesOf(step.before);
    if (step.eventType === null) eventlessOutcomes(ctx, nodes, taken, domains, guards);
    else eventOutcomes(ctx, nodes, step.eventType, taken, guards);
  } else {
    // Without the configuration before, only the lists of the taken transitions are known.
    for (const t of step.transitions) listOutcomes(ctx, candidates(t.source, step.eventType), taken, guards);
  }
  const afterNodes = ctx.nodesOf(step.after);
  const arrivals: Array<[string, string]> = [];
  for (const t of step.transitions) {
    const key = ctx.keyOf(t);
    if (!key) continue;
    pairs.push(pairKey(memory.arrivedBy.get(statePath(t.source)) ?? START, key));
    const domain = transitionDomain(t);
    const entered = domain ? afterNodes.filter((n) => below(n.path, domain.path)) : [];
    if (entered.length === 0) arrivals.push([statePath(t.source), key]);
    for (const n of entered) arrivals.push([statePath(n), key]);
  }
  for (const [path, key] of arrivals) memory.arrivedBy.set(path, key);
  return { pairs, guards };
}

/** The end of a macrostep in `value`: no eventless transition was enabled there. */
export function observeSettled(ctx: CriteriaContext, value: StateValue): Observed {
  const guards: string[] = [];
  eventlessOutcomes(ctx, ctx.nodesOf(value), new Set(), [], guards);
  return { pairs: [], guards };
}
