/**
 * The statechart coverage page, `reports/statecharts/index.html`, written by
 * scripts/model-coverage.ts after the model walks: for each machine its diagram (the Mermaid source
 * of src/dev/statechart/mermaid.ts, drawn in the page by Mermaid's browser bundle copied beside it,
 * so it opens from file:// with no network), covered and uncovered transitions and states in
 * different colours, the states and transitions tables, and for each transition the generated path
 * that walked it (from the walk reports, tests/support/model/report.ts).
 */
import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { AnyStateMachine } from 'xstate';
import { allStateNodes, describeMachineGraph, statePath } from '../../src/dev/statechart/machine-graph';
import type { TransitionEdge } from '../../src/dev/statechart/machine-graph';
import { drawable, mermaidId, renderMermaid } from '../../src/dev/statechart/mermaid';
import type { ModelReport, WalkedBy } from '../../tests/support/model/report';

export type CoverageStatus = 'ok' | 'GAPS' | 'STALE' | 'NO REPORT';

export interface MachineCoverage {
  machine: AnyStateMachine;
  /** The machine's walk report; undefined when there is none (then nothing counts as covered). */
  report: ModelReport | undefined;
  status: CoverageStatus;
  /** Why the status is not ok, as the coverage check printed it. */
  problem?: string;
}

/** Text for HTML content and attribute values. */
function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

/** JSON inside `<script type="application/json">`: nothing in it can close the element. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** The event column of the transitions table. */
function eventText(edge: TransitionEdge): string {
  switch (edge.kind) {
    case 'always':
      return 'always';
    case 'done.actor':
      return `done: ${edge.invokeId ?? ''}`;
    case 'error.actor':
      return `error: ${edge.invokeId ?? ''}`;
    case 'after':
      return `after: ${edge.delay ?? ''}`;
    case 'done.state':
      return 'onDone';
    default:
      return edge.eventType;
  }
}

const normalise = (text: string): string =>
  text
    .replace(/[:;{}#]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/** Does a diagram label (as renderMermaid writes it) read as this transition's event and guard? */
function labelFits(edge: TransitionEdge, label: string): boolean {
  const text = normalise(label);
  const guard = edge.guard === undefined ? undefined : normalise(edge.guard);
  if (guard === undefined ? text.includes('[') : !text.endsWith(`[${guard}]`)) return false;
  const head: Record<TransitionEdge['kind'], string> = {
    event: edge.eventType,
    wildcard: edge.eventType,
    always: 'always',
    'done.actor': `done(${edge.invokeId ?? ''})`,
    'error.actor': `error(${edge.invokeId ?? ''})`,
    after: `after(${edge.delay ?? ''})`,
    'done.state': 'onDone',
  };
  return text.startsWith(normalise(head[edge.kind]));
}

/** A relation line of the Mermaid source, in source order, and the transition it draws (if any). */
export interface DiagramEdge {
  /** Index in the machine's transitions (describeMachineGraph order); null for `[*]` lines. */
  transition: number | null;
  label: string | null;
}

const RELATION = /^\s*(\S+) --> (\S+?)(?:: (.*))?$/;

/**
 * Which transition each relation line of renderMermaid's source draws. Mermaid numbers the edges
 * it renders in the order of these lines, which is how the page colours them. A transition with
 * several targets is one line per target.
 */
export function diagramEdges(machine: AnyStateMachine, source: string): DiagramEdge[] {
  const graph = describeMachineGraph(machine);
  const pending = graph.transitions.flatMap((edge, index) =>
    (edge.targets.length > 0 ? edge.targets : [edge.source]).map((target) => ({
      index,
      edge,
      from: mermaidId(edge.source),
      to: mermaidId(target),
      used: false,
    })),
  );
  const out: DiagramEdge[] = [];
  for (const line of source.split('\n')) {
    const m = RELATION.exec(line);
    if (!m) continue;
    const [, from, to, label] = m as unknown as [string, string, string, string | undefined];
    if (from === '[*]' || to === '[*]' || label === undefined) {
      out.push({ transition: null, label: label ?? null });
      continue;
    }
    const candidates = pending.filter((p) => !p.used && p.from === from && p.to === to);
    const chosen = candidates.find((p) => labelFits(p.edge, label)) ?? candidates[0];
    if (chosen) chosen.used = true;
    out.push({ transition: chosen ? chosen.index : null, label });
  }
  return out;
}

interface PageMachine {
  anchor: string;
  id: string;
  status: CoverageStatus;
  problem?: string;
  mermaid: string;
  edges: DiagramEdge[];
  states: Array<{ path: string; diagramId: string; type: string; covered: boolean }>;
  transitions: Array<{ edge: TransitionEdge; covered: boolean; walk?: WalkedBy }>;
}

function pageMachine(entry: MachineCoverage): PageMachine {
  const { machine, report } = entry;
  const graph = describeMachineGraph(machine);
  const measured = report !== undefined && entry.status !== 'STALE' && entry.status !== 'NO REPORT';
  const missingStates = new Set(report?.states.missing ?? []);
  const missingTransitions = new Set(report?.transitions.missing ?? []);
  const types = new Map(allStateNodes(machine).map((n) => [statePath(n), String(n.type)] as const));
  const source = renderMermaid(machine);
  return {
    anchor: `machine-${machine.id.replace(/[^A-Za-z0-9_-]/g, '_')}`,
    id: machine.id,
    status: entry.status,
    ...(entry.problem !== undefined ? { problem: entry.problem } : {}),
    mermaid: drawable(source, machine.id),
    edges: diagramEdges(machine, source),
    states: graph.states.map((path) => ({
      path,
      diagramId: mermaidId(path),
      type: types.get(path) ?? '',
      covered: measured && !missingStates.has(path),
    })),
    transitions: graph.transitions.map((edge) => {
      const walk = report?.walkedBy?.[edge.key];
      const covered = measured && !missingTransitions.has(edge.key);
      return { edge, covered, ...(covered && walk ? { walk } : {}) };
    }),
  };
}

const e = escapeHtml;
const code = (text: string): string => `<code>${e(text)}</code>`;
const mark = (covered: boolean): string =>
  covered ? '<span class="mark covered">covered</span>' : '<span class="mark uncovered">not covered</span>';

function walkCell(t: PageMachine['transitions'][number]): string {
  if (!t.covered) return '<span class="none">no path walks it</span>';
  if (!t.walk) return '<span class="none">walked (no path recorded)</span>';
  const { path, step, steps } = t.walk;
  const where = step === 0 ? 'as the walk starts, before its first step' : `at step ${step} of ${steps.length}`;
  const list =
    steps.length === 0
      ? ''
      : `<ol class="steps">${steps
          .map((s, i) => (i + 1 === step ? `<li class="taking"><strong>${e(s)}</strong></li>` : `<li>${e(s)}</li>`))
          .join('')}</ol>`;
  return `<details><summary><span class="path-name">${e(path)}</span> <span class="where">${e(where)}</span></summary>${list}</details>`;
}

function figures(list: Array<{ covered: boolean }>): string {
  return `${list.filter((x) => x.covered).length}/${list.length}`;
}

function machineSection(m: PageMachine): string {
  const stateRows = m.states
    .map(
      (s) =>
        `<tr class="${s.covered ? 'covered' : 'uncovered'}"><td>${code(s.path)}</td><td>${e(s.type)}</td><td>${mark(s.covered)}</td></tr>`,
    )
    .join('\n');
  const transitionRows = m.transitions
    .map(
      (t, i) =>
        `<tr class="${t.covered ? 'covered' : 'uncovered'}" id="${e(`${m.anchor}-t${i + 1}`)}" title="${e(t.edge.key)}">` +
        `<td class="num">${i + 1}</td><td>${code(t.edge.source)}</td><td>${code(eventText(t.edge))}</td>` +
        `<td>${t.edge.guard ? code(t.edge.guard) : ''}</td>` +
        `<td>${t.edge.targets.length > 0 ? t.edge.targets.map(code).join(', ') : '<em>internal</em>'}</td>` +
        `<td>${mark(t.covered)}</td><td>${walkCell(t)}</td></tr>`,
    )
    .join('\n');
  const data = {
    mermaid: m.mermaid,
    edges: m.edges,
    transitions: m.transitions.map((t, i) => ({
      covered: t.covered,
      title: `${i + 1}. ${t.edge.key}${t.walk ? `\nwalked by: ${t.walk.path}` : ''}`,
    })),
    states: m.states.map((s) => ({ id: s.diagramId, covered: s.covered })),
  };
  return `<section class="machine" id="${e(m.anchor)}">
<h2>${code(m.id)} <span class="status status-${e(m.status.replace(' ', '-').toLowerCase())}">${e(m.status)}</span></h2>
<p class="figures">States ${figures(m.states)}, transitions ${figures(m.transitions)} covered.</p>
${m.problem ? `<p class="problem">${e(m.problem)}</p>` : ''}
<figure class="diagram"><div class="svg" aria-label="${e(`Statechart of ${m.id}`)}">Drawing the diagram…</div>
<script type="application/json" class="diagram-data">${scriptJson(data)}</script>
<details class="source"><summary>Mermaid source</summary><pre>${e(m.mermaid)}</pre></details></figure>
<h3>States</h3>
<table class="states"><thead><tr><th>State</th><th>Type</th><th>Coverage</th></tr></thead><tbody>
${stateRows}
</tbody></table>
<h3>Transitions</h3>
<table class="transitions"><thead><tr><th>#</th><th>From</th><th>Event</th><th>Guard</th><th>To</th><th>Coverage</th><th>Walked by (generated path)</th></tr></thead><tbody>
${transitionRows}
</tbody></table>
</section>`;
}

const STYLE = `
:root { --covered: #15803d; --covered-bg: #dcfce7; --uncovered: #b91c1c; --uncovered-bg: #fee2e2; --muted: #555; }
body { font: 14px/1.45 system-ui, -apple-system, "Segoe UI", sans-serif; margin: 0 auto; max-width: 1400px; padding: 16px 24px 48px; color: #111; }
h1 { margin: 0 0 4px; } h2 { margin-top: 40px; border-top: 1px solid #ddd; padding-top: 16px; }
code { font: 12.5px/1.3 ui-monospace, "SFMono-Regular", Menlo, monospace; }
table { border-collapse: collapse; width: 100%; margin: 8px 0 16px; }
th, td { border: 1px solid #ddd; padding: 4px 8px; text-align: left; vertical-align: top; }
th { background: #f4f4f5; }
tr.uncovered > td { background: var(--uncovered-bg); }
td.num { text-align: right; color: var(--muted); }
.mark { font-weight: 600; white-space: nowrap; }
.mark.covered { color: var(--covered); } .mark.covered::before { content: "\\2713  "; }
.mark.uncovered { color: var(--uncovered); } .mark.uncovered::before { content: "\\2717  "; }
.none { color: var(--muted); font-style: italic; }
.where { color: var(--muted); }
.path-name { font-family: ui-monospace, Menlo, monospace; font-size: 12px; }
ol.steps { margin: 4px 0 0; padding-left: 22px; font: 12px/1.4 ui-monospace, Menlo, monospace; }
ol.steps li.taking { background: var(--covered-bg); }
.status { font-size: 13px; font-weight: 600; padding: 1px 8px; border-radius: 10px; vertical-align: middle; }
.status-ok { background: var(--covered-bg); color: var(--covered); }
.status-gaps, .status-stale, .status-no-report { background: var(--uncovered-bg); color: var(--uncovered); }
.problem { color: var(--uncovered); white-space: pre-wrap; }
.legend { display: flex; flex-wrap: wrap; gap: 8px 24px; align-items: center; padding: 8px 12px; border: 1px solid #ddd; border-radius: 6px; background: #fafafa; }
.legend svg { vertical-align: middle; }
figure.diagram { margin: 8px 0; border: 1px solid #ddd; border-radius: 6px; padding: 8px; overflow-x: auto; }
figure.diagram .svg { overflow: auto; }
figure.diagram.actual-size .svg { max-height: 1400px; }
figure.diagram .zoom { float: right; font: inherit; font-size: 12px; }
.diagram-note { color: var(--uncovered); }
.source pre { font-size: 12px; max-height: 300px; overflow: auto; background: #f8f8f8; padding: 8px; }
/* Mermaid's SVG: edges and their labels carry the edge's data-id; the page adds these classes. */
.svg path.t-covered { stroke: var(--covered) !important; stroke-width: 2px !important; }
.svg path.t-uncovered { stroke: var(--uncovered) !important; stroke-width: 2.5px !important; stroke-dasharray: 7 4 !important; }
.svg .label.t-covered, .svg .label.t-covered * { color: var(--covered) !important; fill: var(--covered) !important; }
.svg .label.t-uncovered, .svg .label.t-uncovered * { color: var(--uncovered) !important; fill: var(--uncovered) !important; }
.svg .label.t-uncovered p, .svg .label.t-uncovered span { background: var(--uncovered-bg) !important; }
.svg g.node.s-uncovered > rect, .svg g.node.s-uncovered > path, .svg g.node.s-uncovered > g > rect, .svg g.node.s-uncovered > g > path { fill: var(--uncovered-bg) !important; stroke: var(--uncovered) !important; stroke-width: 2px !important; stroke-dasharray: 5 3 !important; }
.svg g.s-uncovered:not(.node) > rect.outer, .svg g.s-uncovered:not(.node) > g > rect.outer, .svg g.s-uncovered:not(.node) > rect:first-child { stroke: var(--uncovered) !important; stroke-width: 2px !important; stroke-dasharray: 5 3 !important; }
.svg g.s-uncovered:not(.node) .cluster-label, .svg g.s-uncovered:not(.node) .cluster-label * { color: var(--uncovered) !important; fill: var(--uncovered) !important; }
`;

/** Colours Mermaid's rendered SVG from the page data; runs in the browser (file:// included). */
const CLIENT = `
(async () => {
  const figures = [...document.querySelectorAll('figure.diagram')];
  if (typeof mermaid === 'undefined') {
    for (const f of figures) f.querySelector('.svg').textContent = 'The diagram needs mermaid.min.js beside this page (written by npm run test:model).';
    return;
  }
  mermaid.initialize({ startOnLoad: false, securityLevel: 'strict', theme: 'default', maxTextSize: 500000, maxEdges: 2000 });
  const num = (id) => Number(id.slice(4));
  let n = 0;
  for (const figure of figures) {
    const data = JSON.parse(figure.querySelector('.diagram-data').textContent);
    const box = figure.querySelector('.svg');
    try {
      const { svg } = await mermaid.render('statechart-' + n++, data.mermaid);
      box.innerHTML = svg;
    } catch (error) {
      box.textContent = 'Mermaid could not draw this diagram: ' + error;
      continue;
    }
    const root = box.querySelector('svg');
    // Drawn to fit the page's width; a button shows it at its actual size (scrolling in its box).
    const fitted = root.style.maxWidth;
    const zoom = document.createElement('button');
    zoom.type = 'button';
    zoom.className = 'zoom';
    zoom.textContent = 'Actual size';
    zoom.addEventListener('click', () => {
      const actual = figure.classList.toggle('actual-size');
      root.style.maxWidth = actual ? 'none' : fitted;
      root.style.width = actual ? (root.viewBox.baseVal.width + 'px') : '';
      zoom.textContent = actual ? 'Fit to width' : 'Actual size';
    });
    figure.prepend(zoom);
    const ids = [...new Set([...root.querySelectorAll('[data-id^="edge"]')].map((el) => el.getAttribute('data-id')))]
      .filter((id) => /^edge\\d+$/.test(id))
      .sort((a, b) => num(a) - num(b));
    const clean = (s) => (s || '').replace(/\\s+/g, ' ').trim();
    let mismatched = ids.length !== data.edges.length;
    if (!mismatched) {
      ids.forEach((id, k) => {
        const edge = data.edges[k];
        const label = root.querySelector('.label[data-id="' + id + '"]');
        if (edge.label !== null && label && clean(label.textContent) !== clean(edge.label)) mismatched = true;
      });
    }
    if (mismatched) {
      const note = document.createElement('p');
      note.className = 'diagram-note';
      note.textContent = 'The drawn edges could not be matched to the transitions, so the diagram is not coloured; the table below is exact.';
      figure.prepend(note);
    } else {
      ids.forEach((id, k) => {
        const edge = data.edges[k];
        if (edge.transition === null) return;
        const t = data.transitions[edge.transition];
        for (const el of root.querySelectorAll('[data-id="' + id + '"]')) {
          el.classList.add(t.covered ? 't-covered' : 't-uncovered');
          const title = document.createElementNS('http://www.w3.org/2000/svg', 'title');
          title.textContent = (t.covered ? 'covered: ' : 'NOT covered: ') + t.title;
          el.appendChild(title);
        }
      });
    }
    // Composite states are clusters with a data-id; simple states are nodes with the id <svg>-state-<state>-<n>.
    const stateOf = new Map(data.states.map((s) => [s.id, s]));
    const prefix = root.id + '-state-';
    for (const el of root.querySelectorAll('g.cluster[data-id], g.statediagram-cluster[data-id], g.node[id]')) {
      const id = el.getAttribute('data-id') || (el.id.startsWith(prefix) ? el.id.slice(prefix.length).replace(/-\\d+$/, '') : '');
      const s = stateOf.get(id);
      if (s) el.classList.add(s.covered ? 's-covered' : 's-uncovered');
    }
  }
  document.body.dataset.diagrams = 'drawn';
})();
`;

const LEGEND = `<div class="legend" role="note" aria-label="Legend">
<strong>Legend</strong>
<span><svg width="46" height="10" aria-hidden="true"><line x1="0" y1="5" x2="46" y2="5" stroke="#15803d" stroke-width="2.5"/></svg> covered transition (walked by a generated path)</span>
<span><svg width="46" height="10" aria-hidden="true"><line x1="0" y1="5" x2="46" y2="5" stroke="#b91c1c" stroke-width="2.5" stroke-dasharray="7 4"/></svg> uncovered transition (no walk took it)</span>
<span><svg width="30" height="16" aria-hidden="true"><rect x="1" y="1" width="28" height="14" rx="4" fill="#fee2e2" stroke="#b91c1c" stroke-width="2" stroke-dasharray="5 3"/></svg> uncovered state</span>
<span>Rows on red: not covered. Hover an arrow for its transition and path; in the tables, open a path to see its steps (the step that takes the transition is marked).</span>
</div>`;

/** The whole page (deterministic: the same machines and reports give the same HTML). */
export function renderCoveragePage(entries: readonly MachineCoverage[]): string {
  const machines = entries.map(pageMachine);
  const total = (pick: (m: PageMachine) => Array<{ covered: boolean }>): string =>
    `${machines.reduce((n, m) => n + pick(m).filter((x) => x.covered).length, 0)}/${machines.reduce((n, m) => n + pick(m).length, 0)}`;
  const summary = machines
    .map(
      (m) =>
        `<tr class="${m.status === 'ok' ? 'covered' : 'uncovered'}"><td><a href="#${e(m.anchor)}">${code(m.id)}</a></td>` +
        `<td>${figures(m.states)}</td><td>${figures(m.transitions)}</td><td>${e(m.status)}</td></tr>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Statechart coverage</title>
<style>${STYLE}</style>
</head>
<body>
<h1>Statechart coverage</h1>
<p>Written by <code>npm run test:model</code> from the model-based walks (<code>reports/model/*.json</code>):
states ${total((m) => m.states)}, transitions ${total((m) => m.transitions)} covered.</p>
${LEGEND}
<table class="summary"><thead><tr><th>Machine</th><th>States</th><th>Transitions</th><th>Status</th></tr></thead><tbody>
${summary}
</tbody></table>
${machines.map(machineSection).join('\n')}
<script src="mermaid.min.js"></script>
<script>${CLIENT}</script>
</body>
</html>
`;
}

/** Writes `<dir>/index.html` and Mermaid's browser bundle beside it; returns the page's path. */
export function writeCoveragePage(dir: string, entries: readonly MachineCoverage[]): string {
  mkdirSync(dir, { recursive: true });
  const require = createRequire(import.meta.url);
  copyFileSync(require.resolve('mermaid/dist/mermaid.min.js'), join(dir, 'mermaid.min.js'));
  const file = join(dir, 'index.html');
  writeFileSync(file, renderCoveragePage(entries));
  return file;
}
