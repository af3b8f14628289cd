/**
 * A machine as one self-contained `createMachine({...})` literal, for the Stately visualiser
 * (https://stately.ai/viz) and the Stately editor extension: docs/statecharts/<id>.machine.ts.
 *
 * Written from the machine as XState built it (after `setup()`, helpers such as `formStep()` and
 * spreads are evaluated), so every machine pastes, whatever its source looks like. The file
 * imports only `xstate`; implementations are named as strings (guards, actions, actors, delays),
 * with the higher-order guards (`and`, `or`, `not`, `stateIn`) written as calls. Functions cannot be
 * written out: an invoke's `input`, a transition's `params`, a context computed from input and a
 * final `output` are left out (the header says which), which changes nothing the diagram shows.
 */
import type { AnyStateMachine, AnyStateNode, AnyTransitionDefinition } from 'xstate';
import { allStateNodes, describeAction, kindOf } from '../../src/dev/statechart/machineGraph';
import type { DiscoveredMachine } from './discover';

/** Source text to be written as is (a call to an xstate helper). */
class Code {
  constructor(readonly text: string) {}
}

type Value = string | number | boolean | null | Code | Value[] | { [key: string]: Value | undefined };

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;
const quote = (s: string): string => `'${s.replace(/\\/g, '\\\\').replace(/'/g, "\\'").replace(/\n/g, '\\n')}'`;
const keyText = (k: string): string => (IDENTIFIER.test(k) ? k : quote(k));

/** One line when it fits in `width`, otherwise one entry per line (deterministic). */
function print(value: Value, indent: string, width = 100): string {
  if (value instanceof Code) return value.text;
  if (value === null) return 'null';
  if (typeof value === 'string') return quote(value);
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  const inner = `${indent}  `;
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    const flat = `[${value.map((v) => print(v, '', Infinity)).join(', ')}]`;
    if (flat.length + indent.length <= width && !flat.includes('\n')) return flat;
    return `[\n${value.map((v) => `${inner}${print(v, inner, width)},`).join('\n')}\n${indent}]`;
  }
  const entries = Object.entries(value).filter((e): e is [string, Value] => e[1] !== undefined);
  if (entries.length === 0) return '{}';
  const flat = `{ ${entries.map(([k, v]) => `${keyText(k)}: ${print(v, '', Infinity)}`).join(', ')} }`;
  if (flat.length + indent.length <= width && !flat.includes('\n')) return flat;
  return `{\n${entries.map(([k, v]) => `${inner}${keyText(k)}: ${print(v, inner, width)},`).join('\n')}\n${indent}}`;
}

/** A JSON value that survives the round trip unchanged (no functions, dates, undefined, cycles), or undefined. */
function plainJson(value: unknown): Value | undefined {
  if (value === undefined) return undefined;
  try {
    const text = JSON.stringify(value);
    if (text === undefined) return undefined;
    const back: unknown = JSON.parse(text);
    return JSON.stringify(back) === text && sameJson(value, back) ? (back as Value) : undefined;
  } catch {
    return undefined;
  }
}

function sameJson(a: unknown, b: unknown): boolean {
  if (typeof a === 'function' || a instanceof Date) return false;
  if (a === null || typeof a !== 'object') return a === b;
  if (typeof b !== 'object' || b === null) return false;
  if (Array.isArray(a)) return Array.isArray(b) && a.length === b.length && a.every((x, i) => sameJson(x, (b as unknown[])[i]));
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  return ka.length === kb.length && ka.every((k) => sameJson((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
}

interface Needs {
  helpers: Set<string>;
  dropped: Set<string>;
}

interface GuardShape {
  name?: unknown;
  type?: unknown;
  guards?: unknown;
  stateValue?: unknown;
  params?: unknown;
}

function guardValue(guard: unknown, needs: Needs): Value {
  if (typeof guard === 'string') return guard;
  const g = guard as GuardShape;
  const helper = typeof guard === 'function' && typeof g.name === 'string' ? g.name : undefined;
  if ((helper === 'and' || helper === 'or') && Array.isArray(g.guards)) {
    needs.helpers.add(helper);
    return new Code(`${helper}([${g.guards.map((x) => print(guardValue(x, needs), '', Infinity)).join(', ')}])`);
  }
  if (helper === 'not' && Array.isArray(g.guards)) {
    needs.helpers.add('not');
    return new Code(`not(${print(guardValue(g.guards[0], needs), '', Infinity)})`);
  }
  if (helper === 'stateIn') {
    needs.helpers.add('stateIn');
    return new Code(`stateIn(${print(plainJson(g.stateValue) ?? '', '', Infinity)})`);
  }
  if (guard && typeof guard === 'object' && typeof g.type === 'string') {
    if (g.params === undefined) return g.type;
    const params = plainJson(g.params);
    if (params === undefined) {
      needs.dropped.add('guard params');
      return g.type;
    }
    return { type: g.type, params };
  }
  // An inline function guard: its name (or "inline guard"), as the docs name it.
  needs.dropped.add('inline guards');
  return typeof g.name === 'string' && g.name !== '' && g.name !== 'guard' ? g.name : 'inline guard';
}

function actionValue(action: unknown, needs: Needs): Value {
  if (typeof action === 'string') return action;
  const a = action as { type?: unknown; params?: unknown };
  if (action && typeof action === 'object' && typeof a.type === 'string') {
    if (a.params === undefined) return a.type;
    const params = plainJson(a.params);
    if (params === undefined) {
      needs.dropped.add('action params');
      return a.type;
    }
    return { type: a.type, params };
  }
  needs.dropped.add('inline actions (named by their type)');
  return describeAction(action);
}

function actionsValue(actions: readonly unknown[] | undefined, needs: Needs): Value | undefined {
  const list = (actions ?? []).map((a) => actionValue(a, needs));
  if (list.length === 0) return undefined;
  return list.length === 1 ? (list[0] as Value) : list;
}

const configList = (v: unknown): unknown[] => (v === undefined ? [] : Array.isArray(v) ? v : [v]);

/** How `from` names `target`: a sibling by its key, anything else by `#<machine id>.<path>`. */
function targetText(from: AnyStateNode, target: AnyStateNode, machineId: string): string {
  if (from.parent && target.parent === from.parent) return target.key;
  return `#${machineId}${target.path.length > 0 ? `.${target.path.join('.')}` : ''}`;
}

function transitionValue(from: AnyStateNode, t: AnyTransitionDefinition, machineId: string, needs: Needs): Value {
  const targets = (t.target ?? []).map((n: AnyStateNode) => targetText(from, n, machineId));
  const out: Record<string, Value | undefined> = {
    target: targets.length === 0 ? undefined : targets.length === 1 ? targets[0] : targets,
    guard: t.guard === undefined ? undefined : guardValue(t.guard, needs),
    actions: actionsValue(t.actions, needs),
    reenter: t.reenter ? true : undefined,
    description: t.description ?? undefined,
  };
  const keys = Object.keys(out).filter((k) => out[k] !== undefined);
  if (keys.length === 1 && keys[0] === 'target' && typeof out.target === 'string') return out.target;
  return out;
}

function transitionsValue(from: AnyStateNode, list: readonly AnyTransitionDefinition[], machineId: string, needs: Needs): Value {
  const values = list.map((t) => transitionValue(from, t, machineId, needs));
  return values.length === 1 ? (values[0] as Value) : values;
}

function stateValue(node: AnyStateNode, machine: AnyStateMachine, needs: Needs): Record<string, Value | undefined> {
  const config = node.config as Record<string, unknown>;
  const out: Record<string, Value | undefined> = {};
  const isRoot = node.path.length === 0;
  if (isRoot) out.id = machine.id;
  else if (typeof config.id === 'string') out.id = config.id;
  if (node.type === 'parallel' || node.type === 'final') out.type = node.type;
  if (node.type === 'history') {
    out.type = 'history';
    if (node.history === 'deep') out.history = 'deep';
  }
  if (node.type === 'compound' && node.initial?.target?.[0]) out.initial = (node.initial.target[0] as AnyStateNode).key;
  if (node.description) out.description = node.description;
  if (node.tags.length > 0) out.tags = [...node.tags];
  if (node.meta !== undefined) {
    const meta = plainJson(node.meta);
    if (meta === undefined) needs.dropped.add('meta that is not plain data');
    else out.meta = meta;
  }
  if (isRoot) {
    if (typeof machine.config.context === 'function') needs.dropped.add('context (computed from the input)');
    else if (machine.config.context !== undefined) {
      const context = plainJson(machine.config.context);
      if (context === undefined) needs.dropped.add('context that is not plain data');
      else out.context = context;
    }
  }
  if (config.output !== undefined) needs.dropped.add('output');
  out.entry = actionsValue(configList(config.entry), needs);
  out.exit = actionsValue(configList(config.exit), needs);

  // Split the node's transitions the way they were declared: invoke results, delays, onDone, events.
  const pulled = new Set<string>();
  if (node.invoke.length > 0) {
    const invokes = node.invoke.map((inv) => {
      const done = `xstate.done.actor.${inv.id}`;
      const error = `xstate.error.actor.${inv.id}`;
      pulled.add(done).add(error);
      if (inv.input !== undefined) needs.dropped.add('invoke input');
      const onDone = node.transitions.get(done);
      const onError = node.transitions.get(error);
      const value: Record<string, Value | undefined> = {
        id: inv.id,
        src: typeof inv.src === 'string' ? inv.src : inv.id,
        systemId: inv.systemId ?? undefined,
        onDone: onDone ? transitionsValue(node, onDone, machine.id, needs) : undefined,
        onError: onError ? transitionsValue(node, onError, machine.id, needs) : undefined,
      };
      return value as Value;
    });
    out.invoke = invokes.length === 1 ? invokes[0] : invokes;
  }
  if (node.after.length > 0) {
    const after: Record<string, Value> = {};
    const byDelay = new Map<string, AnyTransitionDefinition[]>();
    for (const a of node.after) {
      pulled.add(a.eventType);
      const name = String(a.delay);
      byDelay.set(name, [...(byDelay.get(name) ?? []), a]);
    }
    for (const [name, list] of byDelay) after[name] = transitionsValue(node, list, machine.id, needs);
    out.after = after;
  }
  const doneState = `xstate.done.state.${node.id}`;
  const onDone = node.transitions.get(doneState);
  if (onDone) {
    pulled.add(doneState);
    out.onDone = transitionsValue(node, onDone, machine.id, needs);
  }
  if (node.always && node.always.length > 0) out.always = transitionsValue(node, node.always, machine.id, needs);
  const on: Record<string, Value> = {};
  for (const [type, list] of node.transitions) {
    if (pulled.has(type) || (kindOf(type) === 'after' && node.after.some((a) => a.eventType === type))) continue;
    on[type] = transitionsValue(node, list, machine.id, needs);
  }
  if (Object.keys(on).length > 0) out.on = on;
  const children = Object.values(node.states) as AnyStateNode[];
  if (children.length > 0) out.states = Object.fromEntries(children.map((c) => [c.key, stateValue(c, machine, needs) as Value]));
  return out;
}

/** File name of a machine's visualiser file in docs/statecharts. */
export const vizFileName = (id: string): string => `${id}.machine.ts`;

/** The whole file: a header, the import of `xstate`, and the machine. */
export function renderVizFile(d: DiscoveredMachine): string {
  const needs: Needs = { helpers: new Set(), dropped: new Set() };
  const body = print(stateValue(d.machine.root, d.machine, needs) as Value, '');
  const helpers = ['createMachine', ...[...needs.helpers].sort()];
  // Every state node, so a reader sees at once that nothing was left out.
  const count = allStateNodes(d.machine).length - 1;
  const left = [...needs.dropped].sort();
  return [
    '/**',
    ` * Statechart \`${d.machine.id}\` for the Stately visualiser: paste this file into https://stately.ai/viz, or open it`,
    ' * with the Stately editor extension (VS Code: "Open Visual Editor").',
    ' *',
    ` * Generated by \`npm run statecharts\` from ${d.sourceFile} (export \`${d.exportName}\`). Do not edit by hand:`,
    ' * change the machine and regenerate. It imports only xstate; guards, actions, actors and delays are',
    ` * named as strings, as the machine's setup() names them (${count} state nodes).`,
    ...(left.length > 0 ? [` * Left out (functions the visualiser cannot show): ${left.join(', ')}.`] : []),
    ' */',
    `import { ${helpers.join(', ')} } from 'xstate';`,
    '',
    `export const ${d.exportName} = createMachine(${body});`,
    '',
  ].join('\n');
}
