/**
 * Static view of a machine definition: its state nodes and every transition edge.
 * This is the denominator of model coverage (tests/support/model), the source of the statechart
 * docs (scripts/statecharts) and of the live inspector's diagrams (src/dev/inspector, dev only).
 */
import type { AnyStateMachine, AnyStateNode, AnyTransitionDefinition, StateValue } from 'xstate';

export type TransitionKind = 'event' | 'always' | 'done.actor' | 'error.actor' | 'after' | 'done.state' | 'wildcard';

export interface TransitionEdge {
  /** Stable, readable identifier (unique within the machine); used in reports. */
  key: string;
  /** Path of the source state ('(machine)' for transitions declared on the root). */
  source: string;
  /** The event type as XState sees it ('' for eventless `always` transitions). */
  eventType: string;
  kind: TransitionKind;
  /** Guard description, e.g. `isBlank` or `not(isBlank)`. */
  guard?: string;
  /** Target state paths; empty for a targetless (internal) transition. */
  targets: string[];
  reenter: boolean;
  /** Declared action names, for docs. */
  actions: string[];
  /** Invoke id (done/error) or delay name (after), when relevant. */
  invokeId?: string;
  delay?: string;
}

const ROOT_LABEL = '(machine)';

/** Path of a state node relative to the machine root: `signIn.form`. */
export function statePath(node: AnyStateNode): string {
  return node.path.length > 0 ? node.path.join('.') : ROOT_LABEL;
}

/** Every state node except the root (always active) and history pseudo-states (never active). */
export function enumerateStates(machine: AnyStateMachine): string[] {
  const out: string[] = [];
  const visit = (node: AnyStateNode): void => {
    for (const child of Object.values(node.states) as AnyStateNode[]) {
      if (child.type !== 'history') out.push(statePath(child));
      visit(child);
    }
  };
  visit(machine.root);
  return out;
}

/** All state nodes including the root, depth first in document order. */
export function allStateNodes(machine: AnyStateMachine): AnyStateNode[] {
  const out: AnyStateNode[] = [];
  const visit = (node: AnyStateNode): void => {
    out.push(node);
    for (const child of Object.values(node.states) as AnyStateNode[]) visit(child);
  };
  visit(machine.root);
  return out;
}

interface GuardLike {
  type?: unknown;
  guards?: unknown;
  name?: unknown;
}

function describeGuard(guard: unknown): string | undefined {
  if (guard === undefined || guard === null) return undefined;
  if (typeof guard === 'string') return guard;
  if (typeof guard === 'function' || typeof guard === 'object') {
    const g = guard as GuardLike;
    const type = typeof g.type === 'string' ? g.type : undefined;
    if (type && type.startsWith('xstate.') && Array.isArray(g.guards)) {
      const inner = (g.guards as unknown[]).map((x) => describeGuard(x) ?? '?').join(', ');
      return `${type.slice('xstate.'.length)}(${inner})`;
    }
    if (type) return type;
    // XState v5's higher-order guards are functions named after themselves, holding their operands.
    if (typeof guard === 'function' && (g.name === 'and' || g.name === 'or' || g.name === 'not') && Array.isArray(g.guards)) {
      return `${g.name}(${(g.guards as unknown[]).map((x) => describeGuard(x) ?? '?').join(', ')})`;
    }
    if (typeof guard === 'function' && g.name === 'stateIn' && 'stateValue' in guard) {
      return `stateIn(${JSON.stringify((guard as { stateValue: unknown }).stateValue)})`;
    }
    if (typeof g.name === 'string' && g.name !== '' && g.name !== 'guard') return g.name;
    return 'inline guard';
  }
  return String(guard);
}

export function describeAction(action: unknown): string {
  if (typeof action === 'string') return action;
  if (action && (typeof action === 'object' || typeof action === 'function')) {
    const a = action as { type?: unknown; name?: unknown };
    if (typeof a.type === 'string') return a.type;
    if (typeof a.name === 'string' && a.name !== '') return a.name;
  }
  return 'inline action';
}

export function kindOf(eventType: string): TransitionKind {
  if (eventType === '') return 'always';
  if (eventType === '*') return 'wildcard';
  if (eventType.startsWith('xstate.done.actor.')) return 'done.actor';
  if (eventType.startsWith('xstate.error.actor.')) return 'error.actor';
  if (eventType.startsWith('xstate.after.')) return 'after';
  if (eventType.startsWith('xstate.done.state.')) return 'done.state';
  return 'event';
}

/** Short human label for an event type: `done: signIn`, `after: challengeExpiry`, `always`. */
function eventLabel(eventType: string, node?: AnyStateNode): string {
  const kind = kindOf(eventType);
  switch (kind) {
    case 'always':
      return 'always';
    case 'done.actor':
      return `done: ${eventType.slice('xstate.done.actor.'.length)}`;
    case 'error.actor':
      return `error: ${eventType.slice('xstate.error.actor.'.length)}`;
    case 'after': {
      const rest = eventType.slice('xstate.after.'.length);
      const delay = node ? rest.slice(0, rest.length - node.id.length - 1) : (rest.split('.')[0] ?? rest);
      return `after: ${delay}`;
    }
    case 'done.state':
      return 'onDone';
    default:
      return eventType;
  }
}

function transitionsOf(node: AnyStateNode): Array<[string, AnyTransitionDefinition[]]> {
  const entries: Array<[string, AnyTransitionDefinition[]]> = [...node.transitions.entries()];
  if (node.always && node.always.length > 0) entries.push(['', node.always]);
  return entries;
}

/** Lookup id for a runtime transition definition, stable across `machine.provide()`. */
export function transitionLookupId(t: AnyTransitionDefinition): string | undefined {
  const list = t.eventType === '' ? t.source.always : t.source.transitions.get(t.eventType);
  const index = list ? list.indexOf(t) : -1;
  if (index < 0) return undefined;
  return `${t.source.id}|${t.eventType}|${index}`;
}

export interface MachineGraph {
  states: string[];
  transitions: TransitionEdge[];
  /** transitionLookupId -> edge key */
  lookup: Map<string, string>;
}

/**
 * Every (source, event, target) edge declared in the machine: events, eventless (`always`), invoke
 * done/error, `after` delays, state `onDone`, and targetless (internal) transitions. Guarded
 * alternatives for the same event are separate edges.
 */
export function enumerateTransitions(machine: AnyStateMachine): TransitionEdge[] {
  return describeMachineGraph(machine).transitions;
}

export function describeMachineGraph(machine: AnyStateMachine): MachineGraph {
  const transitions: TransitionEdge[] = [];
  const lookup = new Map<string, string>();
  const seen = new Map<string, number>();
  for (const node of allStateNodes(machine)) {
    const afterByEvent = new Map<string, string>();
    for (const a of node.after) afterByEvent.set(a.eventType, String(a.delay));
    for (const [eventType, defs] of transitionsOf(node)) {
      defs.forEach((t, index) => {
        const kind = kindOf(eventType);
        const guard = describeGuard(t.guard);
        const targets = (t.target ?? []).map((n: AnyStateNode) => statePath(n));
        const source = statePath(node);
        const base = `${source} --${eventLabel(eventType, node)}${guard ? ` [${guard}]` : ''}--> ${
          targets.length > 0 ? targets.join(', ') : '(internal)'
        }${t.reenter && targets.length > 0 ? ' (reenter)' : ''}`;
        const count = (seen.get(base) ?? 0) + 1;
        seen.set(base, count);
        const key = count === 1 ? base : `${base} #${count}`;
        const edge: TransitionEdge = {
          key,
          source,
          eventType,
          kind,
          targets,
          reenter: Boolean(t.reenter),
          actions: (t.actions ?? []).map(describeAction),
        };
        if (guard !== undefined) edge.guard = guard;
        if (kind === 'done.actor') edge.invokeId = eventType.slice('xstate.done.actor.'.length);
        if (kind === 'error.actor') edge.invokeId = eventType.slice('xstate.error.actor.'.length);
        if (kind === 'after') {
          const delay = afterByEvent.get(eventType);
          if (delay !== undefined) edge.delay = delay;
        }
        transitions.push(edge);
        lookup.set(`${node.id}|${eventType}|${index}`, key);
      });
    }
  }
  return { states: enumerateStates(machine), transitions, lookup };
}

/** Paths of every active state node (root excluded) for a state value. */
export function activeStatePaths(machine: AnyStateMachine, value: StateValue): string[] {
  const out: string[] = [];
  const visit = (node: AnyStateNode, v: StateValue): void => {
    if (typeof v === 'string') {
      const child = (node.states as Record<string, AnyStateNode>)[v];
      if (child) out.push(statePath(child));
      return;
    }
    for (const [key, sub] of Object.entries(v)) {
      const child = (node.states as Record<string, AnyStateNode>)[key];
      if (!child) continue;
      out.push(statePath(child));
      if (sub !== undefined) visit(child, sub as StateValue);
    }
  };
  visit(machine.root, value);
  return out;
}

/** Compact one-line rendering of a state value: `signIn.form`, `{a: x, b: y}`. */
export function formatStateValue(value: StateValue): string {
  if (typeof value === 'string') return value;
  const entries = Object.entries(value);
  if (entries.length === 1) {
    const [key, sub] = entries[0] as [string, StateValue];
    return `${key}.${formatStateValue(sub)}`;
  }
  return `{${entries.map(([k, sub]) => `${k}: ${formatStateValue(sub as StateValue)}`).join(', ')}}`;
}
