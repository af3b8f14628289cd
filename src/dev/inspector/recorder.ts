/**
 * The dev inspector's record of a running app, fed by XState's inspection API: the actors (started,
 * not yet stopped, with their parent) and an event log (event type, redacted payload, time, state
 * before and after). Passed as the `inspect` option of every root actor (src/main.tsx, useScreenActor
 * in src/views/app/machinesContext.tsx); a root actor's inspector sees its whole system, so the
 * actors it invokes or spawns, at any depth, are recorded too.
 *
 * Development only: loaded by src/main.tsx behind `import.meta.env.DEV` and a dynamic import.
 */
import type { ActorRefLike, AnyStateMachine, InspectionEvent, StateValue } from 'xstate';
import { activeStatePaths, formatStateValue } from '../statechart/machineGraph';
import { redactEventPayload } from './redact';

export type ActorStatus = 'active' | 'done' | 'error' | 'stopped';

export interface ActorEntry {
  /** XState's id of this actor in its system (`x:3`), unique in the page. */
  sessionId: string;
  /** What the panel shows: the machine id for a root machine, the invoke/spawn id for a child. */
  label: string;
  /** The parent's sessionId; undefined for a root actor. */
  parentSessionId: string | undefined;
  /** The machine when the actor runs one (its statechart is drawn); undefined for promises, callbacks. */
  machine: AnyStateMachine | undefined;
  status: ActorStatus;
  /** The current state (`signIn.form`) for a machine, the status for any other actor. */
  state: string;
  /** Active state paths of a machine (for highlighting); empty for other actors. */
  activePaths: string[];
  /** Order of (first) start, for a stable list. */
  order: number;
}

export interface LogEntry {
  seq: number;
  /** Milliseconds since the epoch. */
  time: number;
  sessionId: string;
  actor: string;
  type: string;
  /** The event without its type, secrets removed (./redact.ts). */
  payload: Record<string, unknown>;
  from: string;
  to: string;
}

export interface InspectorState {
  /** Every actor seen to start, in start order (stopped ones too: `status` tells). */
  actors: readonly ActorEntry[];
  /** Oldest first, the last `maxLog` entries. */
  log: readonly LogEntry[];
}

export interface InspectorRecorder {
  /** The observer to pass as XState's `inspect` option. */
  inspect: (event: InspectionEvent) => void;
  /** Calls `listener` (at most once per microtask) after the state changed. */
  subscribe: (listener: () => void) => () => void;
  /** The current state; the same object until something changes (for useSyncExternalStore). */
  getState: () => InspectorState;
}

/** What an actor object carries beyond ActorRefLike (the Actor class's public fields). */
interface RefInternals {
  id?: unknown;
  logic?: unknown;
  src?: unknown;
}

function machineOf(ref: ActorRefLike): AnyStateMachine | undefined {
  const logic = (ref as unknown as RefInternals).logic as Partial<AnyStateMachine> | undefined;
  return logic && typeof logic === 'object' && 'root' in logic && 'getInitialSnapshot' in logic ? (logic as AnyStateMachine) : undefined;
}

function labelOf(ref: ActorRefLike, machine: AnyStateMachine | undefined): string {
  const { id: rawId, src } = ref as unknown as RefInternals;
  const id = typeof rawId === 'string' ? rawId : ref.sessionId;
  if (machine) {
    // A root actor's id is its sessionId (`x:3`): its machine's id names it better.
    if (id === ref.sessionId || id === machine.id) return machine.id;
    return `${id} (${machine.id})`;
  }
  if (typeof src === 'string' && src !== id) return `${id} (${src})`;
  return id;
}

interface AnySnapshot {
  status: ActorStatus;
  /** A machine snapshot's state value. */
  value?: StateValue;
}

function statusOf(snapshot: AnySnapshot): ActorStatus {
  return snapshot.status;
}

function describe(machine: AnyStateMachine | undefined, snapshot: AnySnapshot): { state: string; activePaths: string[] } {
  const status = statusOf(snapshot);
  if (machine && snapshot.value !== undefined) {
    const value = formatStateValue(snapshot.value);
    return {
      state: status === 'active' ? value : `${value} (${status})`,
      activePaths: status === 'active' || status === 'done' ? activeStatePaths(machine, snapshot.value) : [],
    };
  }
  return { state: status, activePaths: [] };
}

export function createInspectorRecorder(options: { maxLog?: number; now?: () => number } = {}): InspectorRecorder {
  const maxLog = options.maxLog ?? 1000;
  const now = options.now ?? Date.now;
  const actors = new Map<string, ActorEntry>();
  let log: LogEntry[] = [];
  let seq = 0;
  let order = 0;
  let state: InspectorState = { actors: [], log: [] };
  const listeners = new Set<() => void>();
  let scheduled = false;

  const changed = (): void => {
    state = { actors: [...actors.values()].sort((a, b) => a.order - b.order), log };
    if (scheduled) return;
    scheduled = true;
    queueMicrotask(() => {
      scheduled = false;
      for (const listener of [...listeners]) listener();
    });
  };

  const started = (ref: ActorRefLike, parent: ActorRefLike | undefined): void => {
    const machine = machineOf(ref);
    const snapshot = ref.getSnapshot() as AnySnapshot;
    const known = actors.get(ref.sessionId);
    actors.set(ref.sessionId, {
      sessionId: ref.sessionId,
      label: labelOf(ref, machine),
      parentSessionId: parent?.sessionId,
      machine,
      status: statusOf(snapshot),
      ...describe(machine, snapshot),
      order: known?.order ?? order++,
    });
    changed();
  };

  const snapshotted = (ref: ActorRefLike, event: { type: string }, snapshot: AnySnapshot): void => {
    const entry = actors.get(ref.sessionId);
    if (!entry) return; // never started (e.g. created by a render React threw away)
    const next = describe(entry.machine, snapshot);
    const from = event.type === 'xstate.init' ? '(start)' : entry.state;
    actors.set(ref.sessionId, { ...entry, ...next, status: statusOf(snapshot) });
    log = [
      ...log.slice(Math.max(0, log.length - maxLog + 1)),
      {
        seq: seq++,
        time: now(),
        sessionId: entry.sessionId,
        actor: entry.label,
        type: event.type,
        payload: redactEventPayload(event),
        from,
        to: next.state,
      },
    ];
    changed();
  };

  return {
    inspect(event) {
      if (event.type === '@xstate.event' && event.event.type === 'xstate.init') started(event.actorRef, event.sourceRef);
      else if (event.type === '@xstate.snapshot') snapshotted(event.actorRef, event.event, event.snapshot as AnySnapshot);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getState: () => state,
  };
}
