/**
 * Which SPEC sections a machine implements: a machine (or any of its states) may name them in its
 * `meta`, `meta: { spec: ['§4 Authentication', '§2 Login screen'] }` (a string or a list). The
 * coverage page lists each section with the transitions walked within the machines or states
 * that name it (a state's transitions are those that leave, enter or stay within it).
 */
import type { AnyStateMachine } from 'xstate';
import { allStateNodes, describeMachineGraph, statePath } from '../../src/dev/statechart/machineGraph';

export interface SpecClaim {
  section: string;
  machine: string;
  /** The state that names it (`(machine)` for the machine itself). */
  state: string;
  /** Keys of the machine's transitions within that state. */
  transitions: string[];
}

/** A section reference: `§` and a section number, then its title (`§4 Authentication`). */
const SECTION = /^§\d+(\.\d+)*( .+)?$/;

function sectionsOf(meta: unknown): string[] {
  const spec = (meta as { spec?: unknown } | undefined)?.spec;
  if (spec === undefined) return [];
  const list = Array.isArray(spec) ? spec : [spec];
  return list.map((s) => {
    if (typeof s !== 'string' || !SECTION.test(s)) throw new Error(`meta.spec: "${String(s)}" is not a SPEC section ("§4 Authentication")`);
    return s;
  });
}

export function specClaims(machine: AnyStateMachine): SpecClaim[] {
  const graph = describeMachineGraph(machine);
  const claims: SpecClaim[] = [];
  for (const node of allStateNodes(machine)) {
    const state = statePath(node);
    const within = (p: string): boolean => node.path.length === 0 || p === state || p.startsWith(`${state}.`);
    const transitions = graph.transitions.filter((t) => within(t.source) || t.targets.some(within)).map((t) => t.key);
    for (const section of sectionsOf(node.meta)) claims.push({ section, machine: machine.id, state, transitions });
  }
  return claims;
}
