/**
 * The statechart coverage page, `reports/statecharts/index.html`, written by
 * scripts/statecharts/model-coverage.ts after the model walks: for each machine its diagram (the Mermaid source
 * of src/dev/statechart/mermaid.ts, drawn in the page by Mermaid's browser bundle copied beside it,
 * so it opens from file:// with no network), covered and uncovered transitions and states in
 * different colours, transitions walked but with a pair or a guard outcome not walked in a third
 * colour, the states, transitions, guard outcomes and transition pairs tables (a pair's row lights
 * its two arrows in the diagram), for each item the generated path that walked it (from the walk
 * reports, tests/support/model/report.ts) or the reason it is declared infeasible, and the SPEC
 * sections the machines name in `meta.spec` with the transitions walked in each.
 */
import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { AnyStateMachine } from 'xstate';
import { allStateNodes, describeMachineGraph, statePath } from '../../src/dev/statechart/machineGraph';
import type { TransitionEdge } from '../../src/dev/statechart/machineGraph';
import { drawable, mermaidId, renderMermaid } from '../../src/dev/statechart/mermaid';
import { guardOutcomes, transitionPairs } from '../../tests/support/model/criteria';
import type { ModelReport, WalkedBy, WalkRef } from '../../tests/support/model/report';
import { specClaims } from './spec-sections';

export type CoverageStatus = 'ok' | 'GAPS' | 'STALE' | 'NO REPORT';

/** A pair or guard outcome: walked, declared infeasible (with the reason), or a gap. */
export type CriterionStatus = { kind: 'walked' } | { kind: 'infeasible'; reason: string } | { kind: 'gap' };

export interface MachineCoverage {
  machine: AnyStateMachine;
  /** The machine's walk report; undefined when there is none (then nothing counts as covered). */
  report: ModelReport | undefined;
  status: CoverageStatus;
  /** Why the status is not ok, as the coverage check printed it. */
  problem?: string;
  /** Each transition pair's status, by key (as scripts/statecharts/model-coverage.ts judged it). */
  pairs?: ReadonlyMap<string, CriterionStatus>;
  /** Each guard outcome's status, by key. */
  guards?: ReadonlyMap<string, CriterionStatus>;
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

interface CriterionItem {
  key: string;
  status: CriterionStatus;
  walk?: { path: string; step: number; steps: string[] };
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
  /** Pairs, with the indices (in `transitions`) of their two transitions; `into` is -1 for the start. */
  pairs: Array<CriterionItem & { state: string; into: number; out: number; intoKey: string; outKey: string }>;
  /** Guard outcomes, with the index of their transition. */
  guards: Array<CriterionItem & { transition: number; guard: string; outcome: boolean }>;
}

function criterionItem(
  key: string,
  judged: ReadonlyMap<string, CriterionStatus> | undefined,
  figures: { missing: string[]; walkedBy: Record<string, WalkRef> } | undefined,
  measured: boolean,
  paths: Record<string, string[]> | undefined,
): CriterionItem {
  // Without a judgement from the coverage check, what the report says (walked or a gap).
  const status: CriterionStatus =
    judged?.get(key) ?? (measured && figures !== undefined && !figures.missing.includes(key) ? { kind: 'walked' } : { kind: 'gap' });
  const ref = status.kind === 'walked' ? figures?.walkedBy[key] : undefined;
  return { key, status, ...(ref ? { walk: { ...ref, steps: paths?.[ref.path] ?? [] } } : {}) };
}

function pageMachine(entry: MachineCoverage): PageMachine {
  const { machine, report } = entry;
  const graph = describeMachineGraph(machine);
  const measured = report !== undefined && entry.status !== 'STALE' && entry.status !== 'NO REPORT';
  const missingStates = new Set(report?.states.missing ?? []);
  const missingTransitions = new Set(report?.transitions.missing ?? []);
  const types = new Map(allStateNodes(machine).map((n) => [statePath(n), String(n.type)] as const));
  const source = renderMermaid(machine);
  const index = new Map(graph.transitions.map((t, i) => [t.key, i] as const));
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
    pairs: transitionPairs(machine, graph).map((p) => ({
      ...criterionItem(p.key, entry.pairs, measured ? report?.pairs : undefined, measured, report?.paths),
      state: p.state,
      into: index.get(p.into) ?? -1,
      out: index.get(p.out) ?? -1,
      intoKey: p.into,
      outKey: p.out,
    })),
    guards: guardOutcomes(machine, graph).map((g) => ({
      ...criterionItem(g.key, entry.guards, measured ? report?.guards : undefined, measured, report?.paths),
      transition: index.get(g.transition) ?? -1,
      guard: g.guard,
      outcome: g.outcome,
    })),
  };
}

const e = escapeHtml;
const code = (text: string): string => `<code>${e(text)}</code>`;
const mark = (covered: boolean): string =>
  covered ? '<span class="mark covered">covered</span>' : '<span class="mark uncovered">not covered</span>';

function walkDetails(walk: { path: string; step: number; steps: string[] }): string {
  const { path, step, steps } = walk;
  const where = step === 0 ? 'as the walk starts, before its first step' : `at step ${step} of ${steps.length}`;
  const list =
    steps.length === 0
      ? ''
      : `<ol class="steps">${steps
          .map((s, i) => (i + 1 === step ? `<li class="taking"><strong>${e(s)}</strong></li>` : `<li>${e(s)}</li>`))
          .join('')}</ol>`;
  return `<details><summary><span class="path-name">${e(path)}</span> <span class="where">${e(where)}</span></summary>${list}</details>`;
}

function walkCell(t: PageMachine['transitions'][number]): string {
  if (!t.covered) return '<span class="none">no path walks it</span>';
  if (!t.walk) return '<span class="none">walked (no path recorded)</span>';
  return walkDetails(t.walk);
}

/** A pair's or guard outcome's mark and its walk (or reason). */
function criterionCells(item: CriterionItem): string {
  switch (item.status.kind) {
    case 'walked':
      return `<td><span class="mark covered">walked</span></td><td>${item.walk ? walkDetails(item.walk) : '<span class="none">walked (no path recorded)</span>'}</td>`;
    case 'infeasible':
      return `<td><span class="mark infeasible">infeasible</span></td><td class="reason">${e(item.status.reason)}</td>`;
    default:
      return '<td><span class="mark uncovered">not walked</span></td><td><span class="none">no walk takes it, and it is not declared infeasible</span></td>';
  }
}

const rowClass = (item: CriterionItem): string =>
  item.status.kind === 'walked' ? 'covered' : item.status.kind === 'infeasible' ? 'infeasible' : 'uncovered';

/** `walked/feasible` and the number declared infeasible. */
function criterionFigures(items: readonly CriterionItem[]): string {
  const walked = items.filter((i) => i.status.kind === 'walked').length;
  const infeasible = items.filter((i) => i.status.kind === 'infeasible').length;
  return `${walked}/${items.length - infeasible}${infeasible > 0 ? ` (+${infeasible} infeasible)` : ''}`;
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
  // What each walked transition still lacks: pairs through it and its guard outcomes not walked (gaps only).
  const lacks = m.transitions.map(() => [] as string[]);
  for (const p of m.pairs) {
    if (p.status.kind !== 'gap') continue;
    if (p.out >= 0) lacks[p.out]?.push(`pair after: ${p.intoKey}`);
    if (p.into >= 0) lacks[p.into]?.push(`pair before: ${p.outKey}`);
  }
  for (const g of m.guards)
    if (g.status.kind === 'gap' && g.transition >= 0) lacks[g.transition]?.push(`guard ${g.guard} never seen ${g.outcome}`);
  const data = {
    mermaid: m.mermaid,
    edges: m.edges,
    transitions: m.transitions.map((t, i) => ({
      covered: t.covered,
      partial: t.covered && (lacks[i]?.length ?? 0) > 0,
      title: `${i + 1}. ${t.edge.key}${t.walk ? `\nwalked by: ${t.walk.path}` : ''}${
        (lacks[i]?.length ?? 0) > 0
          ? `\nnot walked: ${(lacks[i] ?? []).slice(0, 12).join('; ')}${(lacks[i]?.length ?? 0) > 12 ? ' …' : ''}`
          : ''
      }`,
    })),
    states: m.states.map((s) => ({ id: s.diagramId, covered: s.covered })),
  };
  const transitionCell = (i: number, key: string): string =>
    i < 0
      ? `<em>${e(key)}</em>`
      : `<a href="#${e(`${m.anchor}-t${i + 1}`)}" title="${e(key)}">${i + 1}</a> ${code(m.transitions[i]?.edge.key ?? key)}`;
  const pairRow = (p: PageMachine['pairs'][number]): string =>
    `<tr class="${rowClass(p)}" data-kind="pair" data-into="${p.into}" data-out="${p.out}" title="${e(p.key)}"><td>${code(p.state)}</td>` +
    `<td>${p.into < 0 ? '<em>the start</em>' : transitionCell(p.into, p.intoKey)}</td><td>${transitionCell(p.out, p.outKey)}</td>${criterionCells(p)}</tr>`;
  const open = m.pairs.filter((p) => p.status.kind !== 'walked');
  const walkedPairs = m.pairs.filter((p) => p.status.kind === 'walked');
  const pairHead =
    '<thead><tr><th>State</th><th>Into it</th><th>Then out of it</th><th>Coverage</th><th>Walked by (generated path) / why infeasible</th></tr></thead>';
  const pairTables =
    m.pairs.length === 0
      ? '<p class="none">No transition pairs.</p>'
      : `${open.length > 0 ? `<table class="pairs">${pairHead}<tbody>\n${open.map(pairRow).join('\n')}\n</tbody></table>` : '<p>Every pair is walked.</p>'}
<details class="walked-pairs"><summary>${walkedPairs.length} walked pair${walkedPairs.length === 1 ? '' : 's'}</summary>
<table class="pairs">${pairHead}<tbody>\n${walkedPairs.map(pairRow).join('\n')}\n</tbody></table></details>`;
  const guardRows = m.guards
    .map(
      (g) =>
        `<tr class="${rowClass(g)}" data-kind="guard" data-into="-1" data-out="${g.transition}" title="${e(g.key)}"><td>${transitionCell(g.transition, g.key)}</td>` +
        `<td>${code(g.guard)}</td><td>${g.outcome ? 'true' : 'false'}</td>${criterionCells(g)}</tr>`,
    )
    .join('\n');
  return `<section class="machine" id="${e(m.anchor)}">
<h2>${code(m.id)} <span class="status status-${e(m.status.replace(' ', '-').toLowerCase())}">${e(m.status)}</span></h2>
<p class="figures">States ${figures(m.states)}, transitions ${figures(m.transitions)} covered; transition pairs ${criterionFigures(m.pairs)}, guard outcomes ${criterionFigures(m.guards)} walked.</p>
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
<h3>Guard outcomes</h3>
${
  m.guards.length === 0
    ? '<p class="none">No guarded transitions.</p>'
    : `<table class="guards"><thead><tr><th>Transition</th><th>Guard</th><th>Seen</th><th>Coverage</th><th>Walked by (generated path) / why infeasible</th></tr></thead><tbody>
${guardRows}
</tbody></table>`
}
<h3>Transition pairs</h3>
<p class="hint">A transition into a state, then one out of it. Point at a row to light its two arrows in the diagram.</p>
${pairTables}
</section>`;
}

const STYLE = `
:root { --covered: #15803d; --covered-bg: #dcfce7; --uncovered: #b91c1c; --uncovered-bg: #fee2e2; --partial: #b45309; --focus: #1d4ed8; --muted: #555; }
body { font: 14px/1.45 system-ui, -apple-system, "Segoe UI", sans-serif; margin: 0 auto; max-width: 1400px; padding: 16px 24px 48px; color: #111; }
h1 { margin: 0 0 4px; } h2 { margin-top: 40px; border-top: 1px solid #ddd; padding-top: 16px; }
code { font: 12.5px/1.3 ui-monospace, "SFMono-Regular", Menlo, monospace; }
table { border-collapse: collapse; width: 100%; margin: 8px 0 16px; }
th, td { border: 1px solid #ddd; padding: 4px 8px; text-align: left; vertical-align: top; }
th { background: #f4f4f5; }
tr.uncovered > td { background: var(--uncovered-bg); }
tr.infeasible > td { color: var(--muted); background: #f4f4f5; }
.mark.infeasible { color: var(--muted); } .mark.infeasible::before { content: "\\2205  "; }
td.reason { font-style: italic; }
tr[data-into]:hover > td { outline: 1px solid var(--focus); }
.hint { color: var(--muted); }
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
.svg path.t-partial { stroke: var(--partial) !important; stroke-width: 2.5px !important; stroke-dasharray: 2 3 !important; }
.svg .label.t-partial, .svg .label.t-partial * { color: var(--partial) !important; fill: var(--partial) !important; }
.svg path.t-focus { stroke: var(--focus) !important; stroke-width: 4px !important; }
.svg .label.t-focus, .svg .label.t-focus * { color: var(--focus) !important; fill: var(--focus) !important; font-weight: bold; }
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
          el.classList.add(!t.covered ? 't-uncovered' : t.partial ? 't-partial' : 't-covered');
          el.dataset.transition = String(edge.transition);
          const title = document.createElementNS('http://www.w3.org/2000/svg', 'title');
          title.textContent = (!t.covered ? 'NOT covered: ' : t.partial ? 'covered, a pair or guard outcome not walked: ' : 'covered: ') + t.title;
          el.appendChild(title);
        }
      });
      // A pair's (or guard outcome's) row lights its arrows.
      const section = figure.closest('section');
      const light = (row, on) => {
        for (const n of [row.dataset.into, row.dataset.out]) {
          if (n === undefined || n === '-1') continue;
          for (const el of root.querySelectorAll('[data-transition="' + n + '"]')) el.classList.toggle('t-focus', on);
        }
      };
      for (const row of section.querySelectorAll('tr[data-into]')) {
        row.addEventListener('mouseenter', () => light(row, true));
        row.addEventListener('mouseleave', () => light(row, false));
      }
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
<span><svg width="46" height="10" aria-hidden="true"><line x1="0" y1="5" x2="46" y2="5" stroke="#b45309" stroke-width="2.5" stroke-dasharray="2 3"/></svg> walked, but a pair through it or a guard outcome of it is not</span>
<span><svg width="30" height="16" aria-hidden="true"><rect x="1" y="1" width="28" height="14" rx="4" fill="#fee2e2" stroke="#b91c1c" stroke-width="2" stroke-dasharray="5 3"/></svg> uncovered state</span>
<span>Rows on red: not covered; on grey: declared infeasible (tests/machines/infeasible.json), with the reason. Hover an arrow for its transition and path; in the tables, open a path to see its steps (the step that takes the transition is marked).</span>
</div>`;

/** Shortest / simple / walks (steps) of the generations a report walked. */
function pathFigures(report: ModelReport | undefined): string {
  const plans = report?.plans ?? [];
  if (plans.length === 0) return '<span class="none">-</span>';
  const shortest = plans.reduce((n, p) => n + p.shortest, 0);
  const capped = plans.find((p) => p.simple.capped);
  const simple = capped ? `&gt;${capped.simple.bound.toLocaleString('en-US')}` : String(plans.reduce((n, p) => n + p.simple.count, 0));
  const walks = plans.reduce((n, p) => n + p.paths, 0);
  const steps = plans.reduce((n, p) => n + p.steps, 0);
  return `${shortest} / ${simple} / ${walks} (${steps})`;
}

/** The SPEC sections the machines (or their states) name in `meta.spec`, with their walked transitions. */
function specTable(entries: readonly MachineCoverage[], machines: readonly PageMachine[]): string {
  const rows = entries.flatMap((entry) => {
    const m = machines.find((x) => x.id === entry.machine.id);
    if (!m) return [];
    const covered = new Set(m.transitions.filter((t) => t.covered).map((t) => t.edge.key));
    return specClaims(entry.machine).map((c) => ({ ...c, anchor: m.anchor, walked: c.transitions.filter((k) => covered.has(k)).length }));
  });
  if (rows.length === 0)
    return '<p class="none">No machine names a SPEC section (<code>meta: { spec: [\'§4 Authentication\'] }</code>).</p>';
  rows.sort(
    (a, b) =>
      a.section.localeCompare(b.section, 'en', { numeric: true }) || a.machine.localeCompare(b.machine) || a.state.localeCompare(b.state),
  );
  const sections = [...new Set(rows.map((r) => r.section))];
  const walkedSections = sections.filter((s) => rows.some((r) => r.section === s && r.walked > 0));
  const body = rows
    .map(
      (r) =>
        `<tr class="${r.walked > 0 ? 'covered' : 'uncovered'}"><td>${e(r.section)}</td><td><a href="#${e(r.anchor)}">${code(r.machine)}</a>${
          r.state === '(machine)' ? '' : ` ${code(r.state)}`
        }</td><td>${r.walked}/${r.transitions.length}</td></tr>`,
    )
    .join('\n');
  return `<p>${walkedSections.length} of ${sections.length} SPEC section${sections.length === 1 ? '' : 's'} named by the machines have walked transitions.</p>
<table class="spec"><thead><tr><th>SPEC section</th><th>Machine (state)</th><th>Transitions walked</th></tr></thead><tbody>
${body}
</tbody></table>`;
}

/** The whole page (deterministic: the same machines and reports give the same HTML). */
export function renderCoveragePage(entries: readonly MachineCoverage[]): string {
  const machines = entries.map(pageMachine);
  const total = (pick: (m: PageMachine) => Array<{ covered: boolean }>): string =>
    `${machines.reduce((n, m) => n + pick(m).filter((x) => x.covered).length, 0)}/${machines.reduce((n, m) => n + pick(m).length, 0)}`;
  const summary = machines
    .map(
      (m) =>
        `<tr class="${m.status === 'ok' ? 'covered' : 'uncovered'}"><td><a href="#${e(m.anchor)}">${code(m.id)}</a></td>` +
        `<td>${figures(m.states)}</td><td>${figures(m.transitions)}</td><td>${criterionFigures(m.pairs)}</td><td>${criterionFigures(m.guards)}</td>` +
        `<td>${pathFigures(entries.find((x) => x.machine.id === m.id)?.report)}</td><td>${e(m.status)}</td></tr>`,
    )
    .join('\n');
  const all = <T extends CriterionItem>(pick: (m: PageMachine) => T[]): T[] => machines.flatMap(pick);
  const spec = specTable(entries, machines);
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
states ${total((m) => m.states)}, transitions ${total((m) => m.transitions)} covered; transition pairs ${criterionFigures(all((m) => m.pairs))}, guard outcomes ${criterionFigures(
    all((m) => m.guards),
  )} walked.</p>
${LEGEND}
<table class="summary"><thead><tr><th>Machine</th><th>States</th><th>Transitions</th><th>Pairs walked/feasible</th><th>Guard outcomes walked/feasible</th><th>Paths: shortest / simple / covering walks (steps)</th><th>Status</th></tr></thead><tbody>
${summary}
</tbody></table>
<p class="hint">Shortest paths: one to each distinct edge (previous state, event, transitions taken, next state). Simple paths: from the start, no state value twice, counted up to the bound shown with “&gt;”. Covering walks: the paths the walks take (tests/support/model/plan.ts).</p>
<h2 id="spec">SPEC sections</h2>
${spec}
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
