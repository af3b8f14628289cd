/**
 * What a path generator may send a machine in a snapshot, and what XState does with it: the
 * event types the active states declare (with the synthetic done/error/after events of invoked
 * actors and delays), their payloads from the walk's options, and a step simulated on the machine
 * (every microstep it takes, as an inspector would see it). Shared by ./paths.ts and ./plan.ts.
 */
import { createEmptyActor } from 'xstate';
import type {
  AnyActorScope,
  AnyEventObject,
  AnyMachineSnapshot,
  AnyStateMachine,
  AnyStateNode,
  AnyTransitionDefinition,
  EventObject,
  StateValue,
} from 'xstate';
import { activeStatePaths, allStateNodes, formatStateValue, kindOf } from './machine-graph';
import type { TransitionKind } from './machine-graph';

export type EventFactory = (snapshot: AnyMachineSnapshot) => AnyEventObject | readonly AnyEventObject[];
export type EventSpecs = Record<string, EventFactory | AnyEventObject | readonly AnyEventObject[]>;

export interface StepInfo {
  kind: TransitionKind;
  /** For done/error events: the invoke id and the `src` of the invoked actor. */
  invoke?: { id: string; src: string };
  /** For after events: the delay name (or number as a string). */
  delay?: string;
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

export function stepInfo(machine: AnyStateMachine, event: EventObject): StepInfo {
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

/** Every event (with each payload the options give) that the active states of `snapshot` declare. */
export function eventsFor(snapshot: AnyMachineSnapshot, specs: EventSpecs | undefined, exclude: ReadonlySet<string>): AnyEventObject[] {
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
    const spec = specs?.[type];
    const produced = spec === undefined ? defaultEvent(type) : typeof spec === 'function' ? spec(snapshot) : spec;
    const list: readonly AnyEventObject[] = Array.isArray(produced) ? produced : [produced as AnyEventObject];
    out.push(...list);
  }
  return out;
}

/** The transitions `event` selects in `snapshot`, with a clear message when a guard cannot be evaluated. */
export function selectedTransitions(
  machine: AnyStateMachine,
  snapshot: AnyMachineSnapshot,
  event: AnyEventObject,
): AnyTransitionDefinition[] {
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
}

/** One microstep of a simulated step, as `@xstate.microstep` reports it. */
export interface SimulatedMicrostep {
  eventType: string;
  transitions: AnyTransitionDefinition[];
  snapshot: AnyMachineSnapshot;
}

interface InspectedMicrostep {
  type: string;
  event?: EventObject;
  snapshot?: unknown;
  _transitions?: AnyTransitionDefinition[];
}

/**
 * Runs the machine's own pure transition function (no actor is started, no action executed) and
 * collects its microsteps from the inspection events XState sends to the actor scope's system.
 */
export function createSimulator(machine: AnyStateMachine) {
  const self = createEmptyActor();
  let sink: SimulatedMicrostep[] | undefined;
  self.system.inspect({
    next: (event: InspectedMicrostep) => {
      if (event.type !== '@xstate.microstep' || !sink || !event.event) return;
      sink.push({ eventType: event.event.type, transitions: event._transitions ?? [], snapshot: event.snapshot as AnyMachineSnapshot });
    },
  });
  const scope = {
    self,
    logger: () => undefined,
    id: '',
    sessionId: 'model-plan',
    defer: () => undefined,
    system: self.system,
    stopChild: () => undefined,
    emit: () => undefined,
    actionExecutor: () => undefined,
  } as unknown as AnyActorScope;
  const collect = <T>(fn: () => T): [T, SimulatedMicrostep[]] => {
    const steps: SimulatedMicrostep[] = [];
    sink = steps;
    try {
      return [fn(), steps];
    } finally {
      sink = undefined;
    }
  };
  return {
    initial: (input: unknown): [AnyMachineSnapshot, SimulatedMicrostep[]] =>
      collect(() => machine.getInitialSnapshot(scope, input) as AnyMachineSnapshot),
    step: (snapshot: AnyMachineSnapshot, event: AnyEventObject): [AnyMachineSnapshot, SimulatedMicrostep[]] =>
      collect(() => machine.transition(snapshot, event, scope) as AnyMachineSnapshot),
  };
}
