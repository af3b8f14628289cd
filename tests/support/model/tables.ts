/**
 * Lookup tables for a model walk's driver: what a person sees in each state (keyed by state path),
 * what a person (or the world) does for each event (keyed by event type), and the checks that
 * depend on the event just taken (keyed by state path, then event type). `tableDriver` turns them
 * into the `perform` and `assert` of a `Driver` and refuses tables that leave a state or an event
 * out, so a state added to a machine cannot be walked unasserted. See README.md, "Tables".
 */
import type { AnyEventObject, AnyStateMachine, ContextFrom, EventFromLogic, SnapshotFrom, StateValue } from 'xstate';
import { activeStatePaths, allStateNodes, enumerateStates, enumerateTransitions, statePath } from './machine-graph';
import type { StepInfo } from './paths';
import type { Driver } from './walk';

// ---------------------------------------------------------------------------------------------
// State paths from the machine's typed state value
// ---------------------------------------------------------------------------------------------

type Keys<V> = keyof V & string;
type Join<K extends string, P extends string> = [P] extends [never] ? K : `${K}.${P}`;

/** Every state path of a typed state value: `'signedOut' | 'signedOut.signIn' | 'signedOut.signIn.idle' | …`. */
export type StatePathsOf<V> = V extends string ? V : { [K in Keys<V>]: K | Join<K, StatePathsOf<V[K]>> }[Keys<V>];
/** The paths of states without child states (atomic and final states). */
export type LeafPathsOf<V> = V extends string ? V : { [K in Keys<V>]: Join<K, LeafPathsOf<V[K]>> }[Keys<V>];

type ValueOf<M extends AnyStateMachine> = SnapshotFrom<M>['value'];
/** True when the machine's state value is not typed (plain `StateValue`): keys fall back to `string`. */
type Untyped<M extends AnyStateMachine> = string extends ValueOf<M> ? true : false;

/** Every state path of the machine, e.g. `'signedOut.signIn.idle'` (relative to the root). */
export type StatePath<M extends AnyStateMachine> = Untyped<M> extends true ? string : StatePathsOf<ValueOf<M>>;
/** The paths of the machine's atomic and final states: the ones a state table must check. */
export type LeafPath<M extends AnyStateMachine> = Untyped<M> extends true ? string : LeafPathsOf<ValueOf<M>>;

// ---------------------------------------------------------------------------------------------
// Tables
// ---------------------------------------------------------------------------------------------

/** The event types a walk performs besides the machine's own: invoke results and delays. */
export type SyntheticEventType = `xstate.done.actor.${string}` | `xstate.error.actor.${string}` | `xstate.after.${string}`;

type MachineEvent<M extends AnyStateMachine> = EventFromLogic<M>;
type MachineEventType<M extends AnyStateMachine> = MachineEvent<M>['type'];
type EventOfType<M extends AnyStateMachine, T extends string> =
  T extends MachineEventType<M> ? Extract<MachineEvent<M>, { type: T }> : AnyEventObject;

export interface CheckContext<M extends AnyStateMachine, E extends AnyEventObject = AnyEventObject> {
  snapshot: SnapshotFrom<M>;
  context: ContextFrom<M>;
  /** The event of the step that led here (`undefined` in the path's initial state). */
  event: E | undefined;
  info: StepInfo | undefined;
}

/** What a person sees: throws (an `expect`) when the view or the world is not as it should be. Awaited. */
export type Check<M extends AnyStateMachine, E extends AnyEventObject = AnyEventObject> = (ctx: CheckContext<M, E>) => unknown;

/** Cause an event the way a person (or the outside world: a server, a timer) would. Awaited. */
export type Perform<E extends AnyEventObject = AnyEventObject> = (event: E, info: StepInfo) => unknown;

/**
 * The entry of a parent (compound or parallel) state that has nothing to check beyond what its
 * substates' entries check. Not allowed on atomic or final states: those must say what is seen.
 */
export const inSubstates: unique symbol = Symbol('inSubstates');

/** One entry per state of the machine: a check for every atomic/final state, a check or `inSubstates` for parents. */
export type StateTable<M extends AnyStateMachine> = { [P in LeafPath<M>]: Check<M> } & {
  [P in Exclude<StatePath<M>, LeafPath<M>>]: Check<M> | typeof inSubstates;
};

/** One entry per event type the machine's transitions take (its own events, invoke results, delays). */
export type EventTable<M extends AnyStateMachine> = { [T in MachineEventType<M>]?: Perform<EventOfType<M, T>> } & {
  [T in SyntheticEventType]?: Perform;
};

/** Checks that depend on the event just taken: state path, then event type (the event is typed). */
export type ArrivalTable<M extends AnyStateMachine> = {
  [P in StatePath<M>]?: { [T in MachineEventType<M> | SyntheticEventType]?: Check<M, EventOfType<M, T>> };
};

export interface WalkTables<M extends AnyStateMachine> {
  /** Checked in every state, before the state's own entries. */
  every?: Check<M>;
  /** What a person sees, by state path. Every active state's entry runs, parents first. */
  states: StateTable<M>;
  /** What a person does, by event type. */
  events: EventTable<M>;
  /** Extra checks when the state was reached by a given event, run after the state entries. */
  arrivals?: ArrivalTable<M>;
  /**
   * What a person does that no transition of the machine takes, because it goes to another actor
   * (a child the machine invokes): performed for the `outside` steps of a `scriptedPath` (./paths.ts),
   * after which the machine must be where it was. The state checks run as after any step; there are
   * no arrival checks for these.
   */
  outside?: Record<string, Perform>;
}

// ---------------------------------------------------------------------------------------------
// Runtime checks and the driver
// ---------------------------------------------------------------------------------------------

/** The event types a walk must be able to perform: every transition's, except eventless and state `onDone`. */
export function performedEventTypes(machine: AnyStateMachine): string[] {
  const types = new Set<string>();
  for (const t of enumerateTransitions(machine)) {
    if (t.kind === 'event' || t.kind === 'done.actor' || t.kind === 'error.actor' || t.kind === 'after') types.add(t.eventType);
  }
  return [...types];
}

const list = (items: readonly string[]): string => items.map((i) => `"${i}"`).join(', ');

/**
 * Throws one error naming every problem: a state of `enumerateStates(machine)` without an entry, an
 * entry for a state the machine does not have, `inSubstates` on a state without substates, an event
 * type some transition takes without a `perform` entry, or an entry for an event no transition takes.
 */
export function checkTables<M extends AnyStateMachine>(machine: M, tables: WalkTables<M>): void {
  const problems: string[] = [];
  const states = enumerateStates(machine);
  const stateKeys = Object.keys(tables.states);
  const missingStates = states.filter((s) => !stateKeys.includes(s));
  if (missingStates.length > 0) problems.push(`the states table has no entry for ${list(missingStates)}`);
  const unknownStates = stateKeys.filter((k) => !states.includes(k));
  if (unknownStates.length > 0) problems.push(`the states table names states the machine does not have: ${list(unknownStates)}`);
  const leaves = new Set(
    allStateNodes(machine)
      .filter((n) => n.path.length > 0 && (n.type === 'atomic' || n.type === 'final'))
      .map(statePath),
  );
  const entries = tables.states as Record<string, unknown>;
  const bare = stateKeys.filter((k) => leaves.has(k) && entries[k] === inSubstates);
  if (bare.length > 0)
    problems.push(`${list(bare)} ha${bare.length === 1 ? 's' : 've'} no substates: say what is seen there instead of inSubstates`);

  const needed = performedEventTypes(machine);
  const eventKeys = Object.keys(tables.events);
  const missingEvents = needed.filter((e) => !eventKeys.includes(e));
  if (missingEvents.length > 0) problems.push(`the events table has no entry for ${list(missingEvents)}`);
  const unknownEvents = eventKeys.filter((k) => !needed.includes(k));
  if (unknownEvents.length > 0) problems.push(`the events table names events no transition takes: ${list(unknownEvents)}`);
  const taken = Object.keys(tables.outside ?? {}).filter((k) => needed.includes(k));
  if (taken.length > 0)
    problems.push(`the outside table names events a transition takes (they belong in the events table): ${list(taken)}`);

  for (const [state, byEvent] of Object.entries(tables.arrivals ?? {}) as Array<[string, Record<string, unknown> | undefined]>) {
    if (!states.includes(state)) problems.push(`the arrivals table names a state the machine does not have: "${state}"`);
    const strange = Object.keys(byEvent ?? {}).filter((k) => !needed.includes(k));
    if (strange.length > 0) problems.push(`the arrivals table names, under "${state}", events no transition takes: ${list(strange)}`);
  }
  if (problems.length > 0) throw new Error(`walk tables of "${machine.id}": ${problems.join('; ')}`);
}

/**
 * The `perform` and `assert` of a walk's driver, from its tables (checked with `checkTables` first).
 * `assert` runs `every`, then the entry of each active state (parents before children, both regions
 * of a parallel state), then the arrival checks for the event just performed.
 */
export function tableDriver<M extends AnyStateMachine>(machine: M, tables: WalkTables<M>): Required<Pick<Driver, 'perform' | 'assert'>> {
  checkTables(machine, tables);
  const events = tables.events as Record<string, Perform | undefined>;
  const outside = tables.outside ?? {};
  const states = tables.states as Record<string, Check<M> | typeof inSubstates | undefined>;
  const arrivals = (tables.arrivals ?? {}) as Record<string, Record<string, Check<M> | undefined> | undefined>;
  let last: { event: AnyEventObject; info: StepInfo } | undefined;
  return {
    async perform(event, info) {
      const perform = events[event.type] ?? outside[event.type];
      if (!perform) throw new Error(`walk tables of "${machine.id}": no entry for event "${event.type}" in the events table`);
      last = { event, info };
      await perform(event, info);
    },
    async assert(value: StateValue, snapshot) {
      const ctx: CheckContext<M> = {
        snapshot: snapshot as SnapshotFrom<M>,
        context: snapshot.context as ContextFrom<M>,
        event: last?.event,
        info: last?.info,
      };
      await tables.every?.(ctx);
      const active = activeStatePaths(machine, value);
      for (const path of active) {
        const check = states[path];
        if (check === undefined) throw new Error(`walk tables of "${machine.id}": no entry for state "${path}" in the states table`);
        if (check !== inSubstates) await check(ctx);
      }
      if (last === undefined) return;
      for (const path of active) await arrivals[path]?.[last.event.type]?.(ctx);
    },
  };
}
