/**
 * Mermaid rendering of a machine's statechart, shared by the generated docs
 * (scripts/statecharts/render.ts), the coverage page (scripts/statecharts/coverage-html.ts) and the
 * dev inspector (src/dev/inspector), which highlights the current state. The docs and the coverage
 * page draw `drawable(renderMermaid(machine), machine.id)`: what Mermaid 12 (and GitHub) parse.
 */
import type { AnyStateMachine, AnyStateNode } from 'xstate';
import { allStateNodes, describeMachineGraph, statePath } from './machineGraph';
import type { TransitionEdge } from './machineGraph';

export interface MermaidOptions {
  /** State paths (`signIn.form`) to mark with the `active` class. */
  highlight?: readonly string[];
  /**
   * A machine whose root is parallel: draw its regions inside one composite state named after the
   * machine. Mermaid accepts the region separator `--` only inside a composite state (the docs'
   * pages keep the unwrapped form). The root's internal transitions are not drawn then.
   */
  wrapParallelRoot?: boolean;
}

/** The class the highlighted states carry in the Mermaid source. */
export const ACTIVE_CLASS = 'active';
const ACTIVE_STYLE = 'fill:#fde68a,stroke:#b45309,stroke-width:3px,font-weight:bold';

/** The Mermaid id of a state path: `signIn.form` -> `signIn__form`; the root is `root`. */
export const mermaidId = (path: string): string =>
  path === '(machine)'
    ? 'root'
    : path
        .replace(/[^A-Za-z0-9_.]/g, '_')
        .split('.')
        .join('__');

function diagramLabel(edge: TransitionEdge): string {
  let ev: string;
  switch (edge.kind) {
    case 'always':
      ev = 'always';
      break;
    case 'done.actor':
      ev = `done(${edge.invokeId ?? ''})`;
      break;
    case 'error.actor':
      ev = `error(${edge.invokeId ?? ''})`;
      break;
    case 'after':
      ev = `after(${edge.delay ?? ''})`;
      break;
    case 'done.state':
      ev = 'onDone';
      break;
    default:
      ev = edge.eventType;
  }
  const text = `${ev}${edge.guard ? ` [${edge.guard}]` : ''}`;
  return text
    .replace(/[:;{}#]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

function childrenOf(node: AnyStateNode): AnyStateNode[] {
  return Object.values(node.states) as AnyStateNode[];
}

/** The compound node whose block holds an edge: deepest proper ancestor of source and targets. */
function containerOf(edge: TransitionEdge, byPath: Map<string, AnyStateNode>): string {
  const paths = [edge.source, ...edge.targets].filter((p) => p !== '(machine)');
  if (paths.length === 0) return '(machine)';
  const split = paths.map((p) => p.split('.'));
  const common: string[] = [];
  for (let i = 0; ; i++) {
    const seg = split[0]?.[i];
    if (seg === undefined || !split.every((s) => s[i] === seg && s.length > i + 1)) break;
    common.push(seg);
  }
  // `common` is a proper ancestor of every path; it must be a compound/parallel node.
  let container = common.join('.');
  while (container !== '' && !byPath.has(container)) container = container.split('.').slice(0, -1).join('.');
  return container === '' ? '(machine)' : container;
}

/**
 * The machine's statechart as Mermaid `stateDiagram-v2` source, in definition order (the same
 * machine gives the same text: docs/statecharts is generated from it and checked for freshness).
 * With `highlight`, the atomic states among those paths (e.g. the active ones) get the `active`
 * class; Mermaid styles only simple states with classes, not composite ones.
 */
export function renderMermaid(machine: AnyStateMachine, options: MermaidOptions = {}): string {
  const graph = describeMachineGraph(machine);
  const nodes = allStateNodes(machine);
  const byPath = new Map(nodes.filter((n) => n.path.length > 0).map((n) => [statePath(n), n] as const));
  const edgesIn = new Map<string, TransitionEdge[]>();
  for (const edge of graph.transitions) {
    const c = containerOf(edge, byPath);
    const list = edgesIn.get(c) ?? [];
    list.push(edge);
    edgesIn.set(c, list);
  }
  const wrapped = options.wrapParallelRoot === true && machine.root.type === 'parallel';
  const lines: string[] = ['stateDiagram-v2'];
  const emitBlock = (node: AnyStateNode, depth: number): void => {
    const pad = '  '.repeat(depth);
    const path = node.path.length > 0 ? statePath(node) : '(machine)';
    const kids = childrenOf(node).filter((k) => k.type !== 'history');
    const regions = node.type === 'parallel';
    if (!regions && node.initial?.target?.[0]) {
      lines.push(`${pad}[*] --> ${mermaidId(statePath(node.initial.target[0] as AnyStateNode))}`);
    }
    kids.forEach((kid, i) => {
      const id = mermaidId(statePath(kid));
      if (regions && i > 0) lines.push(`${pad}--`);
      if (kid.key !== id) lines.push(`${pad}state "${kid.key}" as ${id}`);
      const grand = childrenOf(kid).filter((k) => k.type !== 'history');
      if (grand.length > 0) {
        lines.push(`${pad}state ${id} {`);
        emitBlock(kid, depth + 1);
        lines.push(`${pad}}`);
      } else if (kid.key === id) {
        lines.push(`${pad}${id}`);
      }
      if (kid.type === 'final') lines.push(`${pad}${id} --> [*]`);
    });
    for (const edge of edgesIn.get(path) ?? []) {
      const from = mermaidId(edge.source);
      const targets = edge.targets.length > 0 ? edge.targets : [edge.source];
      for (const t of targets) {
        // Inside the wrapper, a self-loop on the root is a loop of a composite state on itself,
        // which Mermaid cannot lay out: those (internal root transitions) are left out there.
        if (wrapped && from === 'root' && mermaidId(t) === 'root') continue;
        lines.push(`${pad}${from} --> ${mermaidId(t)}: ${diagramLabel(edge)}`);
      }
    }
  };
  if (wrapped) {
    lines.push(`  state "${machine.id}" as ${mermaidId('(machine)')} {`);
    emitBlock(machine.root, 2);
    lines.push('  }');
  } else {
    emitBlock(machine.root, 1);
  }
  const highlighted = (options.highlight ?? []).filter((path) => {
    const node = byPath.get(path);
    return node !== undefined && childrenOf(node).length === 0;
  });
  if (highlighted.length > 0) {
    lines.push(`  classDef ${ACTIVE_CLASS} ${ACTIVE_STYLE}`);
    lines.push(`  class ${highlighted.map(mermaidId).join(',')} ${ACTIVE_CLASS}`);
  }
  return lines.join('\n');
}

const TOP_RELATION = /^ {2}(\S+) --> (\S+?)(: .*)?$/;
const WRAPPER = 'machine_root_';

/**
 * Two things in renderMermaid's source that Mermaid 12 refuses: the `--` between parallel regions
 * at the top level (it accepts it only inside a composite state: a machine whose root is parallel,
 * usersList), and a state called `root` (Mermaid's own name for the diagram's root; renderMermaid
 * calls the machine's root that in transitions declared on the machine itself). Such a diagram is
 * drawn inside one composite state named after the machine, and the machine's own transitions
 * start or end on it. The relation lines keep their order, which is how the page finds each edge.
 */
export function drawable(source: string, machineId: string): string {
  const lines = source.split('\n');
  const touchesRoot = (line: string): boolean => {
    const m = TOP_RELATION.exec(line);
    return m !== null && (m[1] === 'root' || m[2] === 'root');
  };
  if (!lines.some((l) => l === '  --') && !lines.some(touchesRoot)) return source;
  const [head = 'stateDiagram-v2', ...body] = lines;
  // The machine's own block ends with its transitions (renderMermaid writes a block's edges last).
  let split = body.length;
  while (split > 0 && TOP_RELATION.test(body[split - 1] ?? '')) split -= 1;
  const rename = (line: string): string =>
    line.replace(TOP_RELATION, (_all, from: string, to: string, label: string | undefined) => {
      const id = (x: string): string => (x === 'root' ? WRAPPER : x);
      return `  ${id(from)} --> ${id(to)}${label ?? ''}`;
    });
  return [
    head,
    `  state "${machineId.replace(/"/g, "'")}" as ${WRAPPER} {`,
    ...body.slice(0, split).map((l) => `  ${l}`),
    '  }',
    ...body.slice(split).map(rename),
  ].join('\n');
}
