/** Markdown + Mermaid rendering of one machine. Output is deterministic (definition order). */
import type { AnyStateMachine, AnyStateNode } from 'xstate';
import { allStateNodes, describeMachineGraph, kindOf, statePath } from '../../tests/support/model/machine-graph';
import type { TransitionEdge } from '../../tests/support/model/machine-graph';
import type { DiscoveredMachine } from './discover';

const mermaidId = (path: string): string =>
  path === '(machine)'
    ? 'root'
    : path
        .replace(/[^A-Za-z0-9_.]/g, '_')
        .split('.')
        .join('__');
const cell = (text: string): string => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');
const code = (text: string): string => `\`${text}\``;

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

function renderMermaid(machine: AnyStateMachine): string {
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
      for (const t of targets) lines.push(`${pad}${from} --> ${mermaidId(t)}: ${diagramLabel(edge)}`);
    }
  };
  emitBlock(machine.root, 1);
  return lines.join('\n');
}

function table(headers: string[], rows: string[][]): string {
  if (rows.length === 0) return '_None._';
  return [
    `| ${headers.join(' | ')} |`,
    `| ${headers.map(() => '---').join(' | ')} |`,
    ...rows.map((r) => `| ${r.map(cell).join(' | ')} |`),
  ].join('\n');
}

function describeDelay(value: unknown): string {
  if (typeof value === 'number') return `${value} ms`;
  if (typeof value === 'function') return 'computed';
  return 'not set';
}

export function renderMachinePage(d: DiscoveredMachine): string {
  const { machine } = d;
  const graph = describeMachineGraph(machine);
  const nodes = allStateNodes(machine).filter((n) => n.path.length > 0);
  const impl = machine.implementations as {
    guards?: Record<string, unknown>;
    actors?: Record<string, unknown>;
    delays?: Record<string, unknown>;
    actions?: Record<string, unknown>;
  };

  const eventRows = graph.transitions.map((t) => [
    t.kind === 'event' || t.kind === 'wildcard' ? code(t.eventType) : t.kind === 'always' ? '_always_' : code(t.eventType),
    code(t.source),
    t.guard ? code(t.guard) : '',
    t.targets.length > 0 ? t.targets.map(code).join(', ') : '_internal_',
    t.actions.map(code).join(', '),
  ]);

  const externalEvents = [...new Set(graph.transitions.filter((t) => kindOf(t.eventType) === 'event').map((t) => t.eventType))].sort();

  const guardUse = new Map<string, string[]>();
  for (const t of graph.transitions) {
    if (!t.guard) continue;
    const list = guardUse.get(t.guard) ?? [];
    list.push(`${t.source} on ${t.kind === 'always' ? 'always' : t.eventType}`);
    guardUse.set(t.guard, list);
  }
  for (const name of Object.keys(impl.guards ?? {})) if (!guardUse.has(name)) guardUse.set(name, []);
  const guardRows = [...guardUse.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([name, uses]) => [code(name), uses.length > 0 ? uses.join('; ') : '_declared, unused_']);

  const actorRows: string[][] = [];
  for (const n of nodes) {
    for (const inv of n.invoke) {
      const src = typeof inv.src === 'string' ? inv.src : inv.id;
      const done = graph.transitions.filter((t) => t.source === statePath(n) && t.invokeId === inv.id);
      actorRows.push([
        code(src),
        code(inv.id),
        code(statePath(n)),
        done
          .filter((t) => t.kind === 'done.actor')
          .map((t) => (t.targets.join(', ') || '_internal_') + (t.guard ? ` [${t.guard}]` : ''))
          .join('; '),
        done
          .filter((t) => t.kind === 'error.actor')
          .map((t) => (t.targets.join(', ') || '_internal_') + (t.guard ? ` [${t.guard}]` : ''))
          .join('; '),
      ]);
    }
  }
  const invokedSrcs = new Set(actorRows.map((r) => r[0]));
  for (const name of Object.keys(impl.actors ?? {}).sort()) {
    if (!invokedSrcs.has(code(name))) actorRows.push([code(name), '', '_spawned or unused_', '', '']);
  }

  const delayRows: string[][] = [];
  const delayNames = new Set<string>();
  for (const n of nodes) {
    for (const a of n.after) {
      const name = String(a.delay);
      delayNames.add(name);
      const value = impl.delays?.[name] ?? (Number.isFinite(Number(name)) ? Number(name) : undefined);
      const targets = (a.target ?? []).map((x: AnyStateNode) => statePath(x)).join(', ') || '_internal_';
      delayRows.push([code(name), describeDelay(value), code(statePath(n)), targets]);
    }
  }
  for (const name of Object.keys(impl.delays ?? {}).sort()) {
    if (!delayNames.has(name)) delayRows.push([code(name), describeDelay(impl.delays?.[name]), '_used by actions_', '']);
  }

  const tagUse = new Map<string, string[]>();
  for (const n of nodes) for (const tag of n.tags) tagUse.set(tag, [...(tagUse.get(tag) ?? []), statePath(n)]);
  const tagRows = [...tagUse.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([tag, states]) => [code(tag), states.map(code).join(', ')]);

  const stateRows = nodes
    .filter((n) => n.type !== 'history')
    .map((n) => [code(statePath(n)), n.type, n.tags.map(code).join(', '), n.description ?? '']);

  return [
    `# Statechart: \`${machine.id}\``,
    '',
    `<!-- Generated by \`npm run statecharts\` from ${d.sourceFile} (export \`${d.exportName}\`). Do not edit by hand. -->`,
    '',
    `Source: [\`${d.sourceFile}\`](../../${d.sourceFile}) — export \`${d.exportName}\`. ${graph.states.length} states, ${graph.transitions.length} transitions.`,
    '',
    '## Open it in the Stately visualiser',
    '',
    `- Paste the contents of \`${d.sourceFile}\` into <https://stately.ai/viz> (the machine names its actors, guards and delays by string, so it renders without the implementations).`,
    '- Or run `npm run dev` and open the console with `?inspect` added to the URL: the Stately inspector attaches to every running machine (development only).',
    '',
    '## Diagram',
    '',
    '```mermaid',
    renderMermaid(machine),
    '```',
    '',
    '## States',
    '',
    table(['State', 'Type', 'Tags', 'Description'], stateRows),
    '',
    '## Events',
    '',
    externalEvents.length > 0
      ? `Events the machine accepts from outside: ${externalEvents.map(code).join(', ')}.`
      : 'The machine accepts no external events.',
    '',
    '## Transitions',
    '',
    table(['Event', 'From', 'Guard', 'To', 'Actions'], eventRows),
    '',
    '## Guards',
    '',
    table(['Guard', 'Used on'], guardRows),
    '',
    '## Actors',
    '',
    table(['Actor (src)', 'Invoke id', 'Invoked in', 'On done', 'On error'], actorRows),
    '',
    '## Delays',
    '',
    table(['Delay', 'Default', 'In state', 'To'], delayRows),
    '',
    '## Tags',
    '',
    table(['Tag', 'States'], tagRows),
    '',
  ].join('\n');
}

export function renderIndex(machines: DiscoveredMachine[]): string {
  const rows = machines.map((d) => {
    const g = describeMachineGraph(d.machine);
    return [`[\`${d.machine.id}\`](${d.machine.id}.md)`, code(d.sourceFile), String(g.states.length), String(g.transitions.length)];
  });
  return [
    '# Statecharts',
    '',
    '<!-- Generated by `npm run statecharts`. Do not edit by hand. -->',
    '',
    'One page per machine in `src/machines`, generated from the machine definitions.',
    'Regenerate with `npm run statecharts`; `npm run statecharts -- --check` (run by `npm test`) fails when these pages are stale.',
    '',
    table(['Machine', 'Source', 'States', 'Transitions'], rows),
    '',
    'To explore a machine interactively, paste its source file into <https://stately.ai/viz>, or run `npm run dev` and add `?inspect` to the console URL.',
    '',
  ].join('\n');
}
