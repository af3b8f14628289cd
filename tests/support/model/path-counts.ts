/**
 * Simple-path counts for the report: how many paths from the initial state visit no state value
 * twice. Finite on any finite machine, but they grow exponentially with its cycles, so they are
 * counted up to a bound and reported as "more than" beyond it.
 */
import type { AnyMachineSnapshot, AnyStateMachine } from 'xstate';
import { createSimulator, eventsFor, selectedTransitions } from './model-events';
import type { EventSpecs } from './model-events';

/** Simple paths are counted up to this many; beyond it the report says "more than 10,000". */
export const SIMPLE_PATH_BOUND = 10_000;

/**
 * Simple paths from the initial state (every path of one step or more that visits no state value
 * and status twice; one path per event payload), counted depth first on the real machine.
 */
export function countSimplePaths(
  machine: AnyStateMachine,
  options: { events?: EventSpecs; exclude?: readonly string[]; input?: unknown },
  bound = SIMPLE_PATH_BOUND,
): { count: number; bound: number; capped: boolean } {
  const sim = createSimulator(machine);
  const exclude = new Set(options.exclude ?? []);
  const id = (s: AnyMachineSnapshot): string => JSON.stringify([s.value, s.status]);
  let count = 0;
  const onPath = new Set<string>();
  const visit = (snapshot: AnyMachineSnapshot): boolean => {
    onPath.add(id(snapshot));
    for (const event of eventsFor(snapshot, options.events, exclude)) {
      if (selectedTransitions(machine, snapshot, event).length === 0) continue;
      const [next] = sim.step(snapshot, event);
      if (onPath.has(id(next))) continue;
      count += 1;
      if (count >= bound || !visit(next)) return false;
    }
    onPath.delete(id(snapshot));
    return true;
  };
  const [initial] = sim.initial(options.input);
  const finished = visit(initial);
  return { count, bound, capped: !finished };
}
