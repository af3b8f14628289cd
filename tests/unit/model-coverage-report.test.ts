// @vitest-environment node
/**
 * The statechart coverage page (scripts/statecharts/coverage-html.ts), given hand-written walk
 * reports. The HTML is read with jsdom's parser (no script runs); the colouring of the diagram is
 * done by the page in a browser from the data these tests read.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createMachine, fromPromise, setup } from 'xstate';
import type { AnyStateMachine } from 'xstate';
import { describeMachineGraph } from '../../src/dev/statechart/machineGraph';
import { drawable, renderMermaid } from '../../src/dev/statechart/mermaid';
import { diagramEdges, renderCoveragePage, writeCoveragePage } from '../../scripts/statecharts/coverage-html';
import type { MachineCoverage } from '../../scripts/statecharts/coverage-html';
import { discoverMachines } from '../../scripts/statecharts/discover';
import { specClaims } from '../../scripts/statecharts/spec-sections';
import { guardOutcomes, transitionPairs } from '../support/model/criteria';
import type { ModelReport } from '../support/model/report';

const saveMachine = setup({
  types: { events: {} as { type: 'form.submit'; name: string } | { type: 'form.cancel' } },
  actors: { saveName: fromPromise<void, { name: string }>(() => Promise.reject(new Error('not provided'))) },
  guards: { isBlank: ({ event }) => event.type === 'form.submit' && event.name.trim() === '' },
}).createMachine({
  id: 'save',
  initial: 'editing',
  states: {
    editing: {
      on: {
        'form.submit': [{ guard: 'isBlank', target: 'editing' }, { target: 'saving' }],
        'form.cancel': 'cancelled',
      },
    },
    saving: {
      invoke: { id: 'saveName', src: 'saveName', input: { name: 'x' }, onDone: 'saved', onError: 'editing' },
    },
    saved: { type: 'final' },
    cancelled: { type: 'final' },
  },
});

const KEYS = {
  blank: 'editing --form.submit [isBlank]--> editing',
  submit: 'editing --form.submit--> saving',
  cancel: 'editing --form.cancel--> cancelled',
  done: 'saving --done: saveName--> saved',
  error: 'saving --error: saveName--> editing',
};

/** A report as a walk writes it, missing the cancel transition and the cancelled state. */
const gapReport: ModelReport = {
  id: 'save',
  states: { covered: 3, total: 4, missing: ['cancelled'] },
  transitions: { covered: 4, total: 5, missing: [KEYS.cancel] },
  walkedBy: {
    [KEYS.blank]: {
      path: 'editing -(form.submit [isBlank])-> editing',
      step: 1,
      steps: ['editing --form.submit--> editing'],
    },
    [KEYS.submit]: {
      path: 'editing -(form.submit)-> saving -(done.actor.saveName)-> saved',
      step: 1,
      steps: ['editing --form.submit--> saving', 'saving --done.actor.saveName--> saved'],
    },
    [KEYS.done]: {
      path: 'editing -(form.submit)-> saving -(done.actor.saveName)-> saved',
      step: 2,
      steps: ['editing --form.submit--> saving', 'saving --done.actor.saveName--> saved'],
    },
    [KEYS.error]: {
      path: 'editing -(form.submit)-> saving -(error.actor.saveName)-> editing',
      step: 2,
      steps: ['editing --form.submit--> saving', 'saving --error.actor.saveName--> editing'],
    },
  },
};

/** jsdom (a devDependency) as a plain HTML parser; it ships no types, so this is the part used. */
const { JSDOM } = createRequire(import.meta.url)('jsdom') as { JSDOM: new (html: string) => { window: { document: Document } } };

function parse(html: string): Document {
  return new JSDOM(html).window.document;
}

function section(doc: Document, id: string): Element {
  const el = doc.getElementById(`machine-${id}`);
  if (!el) throw new Error(`no section for ${id}`);
  return el;
}

/** The transitions table row of a transition, found by its key (the row's title). */
function row(doc: Document, machineId: string, key: string): HTMLTableRowElement {
  const found = [...section(doc, machineId).querySelectorAll<HTMLTableRowElement>('table.transitions tbody tr')].find(
    (tr) => tr.getAttribute('title') === key,
  );
  if (!found) throw new Error(`no row for ${key}`);
  return found;
}

interface DiagramData {
  mermaid: string;
  edges: Array<{ transition: number | null; label: string | null }>;
  transitions: Array<{ covered: boolean; title: string }>;
  states: Array<{ id: string; covered: boolean }>;
}

function diagramData(doc: Document, machineId: string): DiagramData {
  const script = section(doc, machineId).querySelector('script.diagram-data');
  return JSON.parse(script?.textContent ?? 'null') as DiagramData;
}

const cell = (tr: HTMLTableRowElement, column: number): string => tr.cells[column]?.textContent?.trim() ?? '';

describe('coverage page: covered and uncovered', () => {
  const doc = parse(renderCoveragePage([{ machine: saveMachine, report: gapReport, status: 'GAPS', problem: 'save: not fully covered' }]));

  it('marks the transition the report misses as not covered, in the table and in the diagram data', () => {
    const cancel = row(doc, 'save', KEYS.cancel);
    expect(cancel.className).toBe('uncovered');
    expect(cell(cancel, 5)).toBe('not covered');
    expect(cell(cancel, 6)).toBe('no path walks it');
    const data = diagramData(doc, 'save');
    const index = describeMachineGraph(saveMachine).transitions.findIndex((t) => t.key === KEYS.cancel);
    expect(data.transitions[index]?.covered).toBe(false);
    expect(data.transitions.filter((t) => !t.covered)).toHaveLength(1);
    // The diagram draws it: one relation line of the Mermaid source is that transition.
    expect(data.edges.filter((e) => e.transition === index)).toEqual([{ transition: index, label: 'form.cancel' }]);
  });

  it('marks the state the report misses as not covered', () => {
    const rows = [...section(doc, 'save').querySelectorAll<HTMLTableRowElement>('table.states tbody tr')];
    expect(rows.map((tr) => [cell(tr, 0), tr.className])).toEqual([
      ['editing', 'covered'],
      ['saving', 'covered'],
      ['saved', 'covered'],
      ['cancelled', 'uncovered'],
    ]);
    expect(diagramData(doc, 'save').states.filter((s) => !s.covered)).toEqual([{ id: 'cancelled', covered: false }]);
  });

  it('names the generated path that walks a covered transition, with its steps and the step that takes it', () => {
    const done = row(doc, 'save', KEYS.done);
    expect(done.className).toBe('covered');
    expect(cell(done, 5)).toBe('covered');
    expect(done.querySelector('.path-name')?.textContent).toBe('editing -(form.submit)-> saving -(done.actor.saveName)-> saved');
    expect(done.querySelector('.where')?.textContent).toBe('at step 2 of 2');
    expect([...done.querySelectorAll('ol.steps li')].map((li) => [li.textContent, li.className])).toEqual([
      ['editing --form.submit--> saving', ''],
      ['saving --done.actor.saveName--> saved', 'taking'],
    ]);
    // Guarded alternatives of one event are told apart.
    expect(cell(row(doc, 'save', KEYS.blank), 3)).toBe('isBlank');
    expect(row(doc, 'save', KEYS.blank).querySelector('.path-name')?.textContent).toBe('editing -(form.submit [isBlank])-> editing');
  });

  it('sums the figures and shows the status and the problem', () => {
    expect(doc.body.textContent).toContain('states 3/4, transitions 4/5 covered');
    expect(section(doc, 'save').querySelector('.status')?.textContent).toBe('GAPS');
    expect(section(doc, 'save').querySelector('.problem')?.textContent).toBe('save: not fully covered');
    expect(doc.querySelector('.legend')?.textContent).toMatch(/covered transition[\s\S]*uncovered transition[\s\S]*uncovered state/);
  });

  it('counts nothing as covered for a machine without a report, or with a stale one', () => {
    for (const status of ['NO REPORT', 'STALE'] as const) {
      const entry: MachineCoverage = { machine: saveMachine, report: status === 'STALE' ? gapReport : undefined, status };
      const page = parse(renderCoveragePage([entry]));
      const classes = [...section(page, 'save').querySelectorAll('table tbody tr')].map((tr) => tr.className);
      expect(new Set(classes)).toEqual(new Set(['uncovered']));
      expect(page.querySelectorAll('.path-name')).toHaveLength(0);
    }
  });

  it('loads Mermaid from beside the page, nothing from the network', () => {
    const sources = [...doc.querySelectorAll('script[src], link[href], img[src]')].map(
      (el) => el.getAttribute('src') ?? el.getAttribute('href'),
    );
    expect(sources).toEqual(['mermaid.min.js']);
  });
});

describe('coverage page: escaping', () => {
  const nasty = '<img src=x onerror=alert(1)> & "quotes" </script>';
  const evil = setup({
    types: { events: {} as { type: 'go<b>' } },
    guards: { 'isOk</script><script>alert(2)</script>': () => true },
  }).createMachine({
    id: 'evil<i>',
    initial: 'a',
    states: { a: { on: { 'go<b>': { guard: 'isOk</script><script>alert(2)</script>', target: 'b' } } }, b: {} },
  });
  const key = describeMachineGraph(evil).transitions[0]?.key ?? '';
  const report: ModelReport = {
    id: 'evil<i>',
    states: { covered: 2, total: 2, missing: [] },
    transitions: { covered: 1, total: 1, missing: [] },
    walkedBy: { [key]: { path: nasty, step: 1, steps: [nasty] } },
  };
  const html = renderCoveragePage([{ machine: evil, report, status: 'GAPS', problem: nasty }]);
  const doc = parse(html);

  it('writes every text as text: no element, attribute or script comes from a name', () => {
    expect(doc.querySelectorAll('img, i, b')).toHaveLength(0);
    // Two scripts of the page (Mermaid, the colouring) and one data block per machine.
    expect([...doc.querySelectorAll('script')].map((s) => s.getAttribute('src') ?? s.getAttribute('type') ?? 'inline')).toEqual([
      'application/json',
      'mermaid.min.js',
      'inline',
    ]);
    expect(html).not.toContain('<img');
    expect(html).not.toContain('<script>alert');
  });

  it('shows the names as they are', () => {
    const tr = doc.querySelector('table.transitions tbody tr') as HTMLTableRowElement;
    expect(cell(tr, 2)).toBe('go<b>');
    expect(cell(tr, 3)).toBe('isOk</script><script>alert(2)</script>');
    expect(tr.getAttribute('title')).toBe(key);
    expect(tr.querySelector('.path-name')?.textContent).toBe(nasty);
    expect(tr.querySelector('ol.steps li')?.textContent).toBe(nasty);
    expect(doc.querySelector('.problem')?.textContent).toBe(nasty);
    expect(doc.querySelector('section.machine h2 code')?.textContent).toBe('evil<i>');
  });

  it('keeps the diagram data intact inside its script element', () => {
    const data = JSON.parse(doc.querySelector('script.diagram-data')?.textContent ?? 'null') as DiagramData;
    expect(data.mermaid).toBe(renderMermaid(evil));
    expect(data.transitions[0]?.title).toContain(nasty);
  });
});

describe('coverage page: the diagram of every machine', async () => {
  const machines = await discoverMachines('src/machines');

  it('finds the machines', () => {
    expect(machines.length).toBeGreaterThan(10);
  });

  it.each(machines.map((d) => [d.machine.id, d.machine] as [string, AnyStateMachine]))(
    '%s: each transition is drawn, and each drawn transition line is a transition',
    (_id, machine) => {
      const source = renderMermaid(machine);
      const edges = diagramEdges(machine, source);
      const graph = describeMachineGraph(machine);
      const drawn = new Set(edges.map((e) => e.transition).filter((t) => t !== null));
      expect(drawn.size).toBe(graph.transitions.length);
      expect(edges.filter((e) => e.label !== null && e.transition === null)).toEqual([]);
      // A line carries its transition's guard, and only a guarded transition's line has one.
      for (const e of edges) {
        if (e.transition === null || e.label === null) continue;
        const guard = graph.transitions[e.transition]?.guard;
        if (guard === undefined) expect(e.label).not.toContain('[');
        else
          expect(e.label.replace(/\s+/g, ' ')).toContain(
            `[${guard
              .replace(/[:;{}#]/g, ' ')
              .replace(/\s+/g, ' ')
              .trim()}]`,
          );
      }
      // One line per target: a transition is drawn as many times as it has targets (or once, internal).
      for (const [i, t] of graph.transitions.entries()) {
        expect(edges.filter((e) => e.transition === i)).toHaveLength(Math.max(1, t.targets.length));
      }
      // What the page draws keeps those lines in the same order (that is how it finds them).
      const relations = (text: string): number => text.split('\n').filter((l) => / --> /.test(l)).length;
      expect(relations(drawable(source, machine.id))).toBe(edges.length);
    },
  );

  it('tells apart two transitions between the same states when their lines come in another order than the machine declares them', () => {
    // `e.both` (declared first) targets both regions, so its lines sit at the top level, after the
    // block of region r1 that holds `e.one`'s line.
    const m = setup({}).createMachine({
      id: 'm',
      type: 'parallel',
      states: {
        r1: { initial: 's', states: { s: { on: { 'e.both': { target: ['#m.r1.x', '#m.r2.y'] }, 'e.one': 'x' } }, x: {} } },
        r2: { initial: 'y', states: { y: {} } },
      },
    });
    const keys = describeMachineGraph(m).transitions.map((t) => t.key);
    const edges = diagramEdges(m, renderMermaid(m)).filter((e) => e.transition !== null);
    expect(edges.map((e) => [e.label, keys[e.transition ?? -1]])).toEqual([
      ['e.one', 'r1.s --e.one--> r1.x'],
      ['e.both', 'r1.s --e.both--> r1.x, r2.y'],
      ['e.both', 'r1.s --e.both--> r1.x, r2.y'],
    ]);
  });

  it('draws a machine with a parallel root and transitions on the root inside one composite state', () => {
    const parallel = setup({}).createMachine({
      id: 'both',
      type: 'parallel',
      on: { 'x.ping': {} },
      states: { left: { initial: 'a', states: { a: { on: { 'x.go': 'b' } }, b: {} } }, right: {} },
    });
    const source = renderMermaid(parallel);
    expect(source.split('\n')).toContain('  --');
    expect(source).toContain('root --> root: x.ping');
    const drawn = drawable(source, 'both');
    expect(drawn.split('\n')).not.toContain('  --');
    expect(drawn).not.toMatch(/\broot --> /);
    expect(drawn).toContain('  state "both" as machine_root_ {');
    expect(drawn).toContain('  machine_root_ --> machine_root_: x.ping');
    // A machine Mermaid draws as it is stays as it is.
    expect(drawable(renderMermaid(saveMachine), 'save')).toBe(renderMermaid(saveMachine));
  });
});

describe('coverage page: files', () => {
  it('writes index.html with Mermaid’s browser bundle beside it', () => {
    const dir = mkdtempSync(join(tmpdir(), 'coverage-page-'));
    try {
      const file = writeCoveragePage(join(dir, 'statecharts'), [{ machine: saveMachine, report: gapReport, status: 'GAPS' }]);
      expect(file).toBe(join(dir, 'statecharts', 'index.html'));
      expect(readFileSync(file, 'utf8')).toBe(renderCoveragePage([{ machine: saveMachine, report: gapReport, status: 'GAPS' }]));
      const bundle = join(dir, 'statecharts', 'mermaid.min.js');
      expect(existsSync(bundle)).toBe(true);
      expect(readFileSync(bundle, 'utf8')).toContain('globalThis["mermaid"]');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('coverage page: transition pairs, guard outcomes, SPEC sections', () => {
  const P = {
    startBlank: `(start) >> ${KEYS.blank}`,
    startCancel: `(start) >> ${KEYS.cancel}`,
    errorSubmit: `${KEYS.error} >> ${KEYS.submit}`,
    submitDone: `${KEYS.submit} >> ${KEYS.done}`,
  };
  const pairKeys = transitionPairs(saveMachine).map((p) => p.key);
  const guardKeys = guardOutcomes(saveMachine).map((g) => g.key);
  const walkedPairs = [P.startBlank, P.submitDone];
  const report: ModelReport = {
    ...gapReport,
    pairs: {
      covered: walkedPairs.length,
      total: pairKeys.length,
      missing: pairKeys.filter((k) => !walkedPairs.includes(k)),
      walkedBy: { [P.submitDone]: { path: 'editing -(form.submit)-> saving -(done.actor.saveName)-> saved', step: 2 } },
    },
    guards: { covered: 1, total: 2, missing: [`false: ${KEYS.blank}`], walkedBy: {} },
    paths: {
      'editing -(form.submit)-> saving -(done.actor.saveName)-> saved': [
        'editing --form.submit--> saving',
        'saving --done.actor.saveName--> saved',
      ],
    },
    plans: [
      {
        cover: 'pairs',
        label: 'default input, every event',
        shortest: 6,
        simple: { count: 4, bound: 10_000, capped: false },
        paths: 3,
        steps: 7,
      },
    ],
  };
  const judged = new Map(
    pairKeys.map((k) => [
      k,
      walkedPairs.includes(k)
        ? ({ kind: 'walked' } as const)
        : k === P.startCancel
          ? ({ kind: 'infeasible', reason: 'The Cancel button appears only after a first edit.' } as const)
          : ({ kind: 'gap' } as const),
    ]),
  );
  const guardsJudged = new Map(
    guardKeys.map((k) => [k, k.startsWith('true') ? ({ kind: 'walked' } as const) : ({ kind: 'gap' } as const)]),
  );
  // The same machine, naming the SPEC section it implements.
  const specMachine = createMachine({ ...(saveMachine.config as Parameters<typeof createMachine>[0]), meta: { spec: ['§4 Saving'] } });
  const doc = parse(renderCoveragePage([{ machine: specMachine, report, status: 'GAPS', pairs: judged, guards: guardsJudged }]));
  const rowsOf = (kind: string) => [...section(doc, 'save').querySelectorAll<HTMLTableRowElement>(`tr[data-kind="${kind}"]`)];
  const rowOf = (kind: string, key: string) => {
    const found = rowsOf(kind).find((tr) => tr.getAttribute('title') === key);
    if (!found) throw new Error(`no ${kind} row for ${key}`);
    return found;
  };

  it('lists every pair: gaps in red, the infeasible with their reason, the walked with their path', () => {
    expect(rowsOf('pair')).toHaveLength(pairKeys.length);
    expect(rowOf('pair', P.errorSubmit).className).toBe('uncovered');
    expect(rowOf('pair', P.errorSubmit).textContent).toContain('no walk takes it, and it is not declared infeasible');
    expect(rowOf('pair', P.startCancel).className).toBe('infeasible');
    expect(rowOf('pair', P.startCancel).querySelector('td.reason')?.textContent).toBe('The Cancel button appears only after a first edit.');
    const walked = rowOf('pair', P.submitDone);
    expect(walked.className).toBe('covered');
    expect(walked.closest('details')?.querySelector('summary')?.textContent).toBe('2 walked pairs');
    expect(walked.querySelector('.where')?.textContent).toBe('at step 2 of 2');
    expect([...walked.querySelectorAll('ol.steps li')].map((li) => li.className)).toEqual(['', 'taking']);
  });

  it('names the two transitions of a pair, so the diagram can light them', () => {
    const graph = describeMachineGraph(saveMachine);
    const row = rowOf('pair', P.errorSubmit);
    expect(row.dataset.into).toBe(String(graph.transitions.findIndex((t) => t.key === KEYS.error)));
    expect(row.dataset.out).toBe(String(graph.transitions.findIndex((t) => t.key === KEYS.submit)));
    expect(rowOf('pair', P.startBlank).dataset.into).toBe('-1');
  });

  it('lists both outcomes of each guard and draws a walked transition with a gap as partial', () => {
    expect(rowsOf('guard').map((tr) => [tr.cells[2]?.textContent, tr.className])).toEqual([
      ['true', 'covered'],
      ['false', 'uncovered'],
    ]);
    const data = diagramData(doc, 'save') as DiagramData & { transitions: Array<{ covered: boolean; partial: boolean; title: string }> };
    const graph = describeMachineGraph(saveMachine);
    const blank = data.transitions[graph.transitions.findIndex((t) => t.key === KEYS.blank)];
    expect(blank).toMatchObject({ covered: true, partial: true });
    expect(blank?.title).toContain('guard isBlank never seen false');
    // Only gaps make a transition partial: the infeasible pair through `cancel` does not (it is uncovered anyway).
    expect(data.transitions[graph.transitions.findIndex((t) => t.key === KEYS.done)]).toMatchObject({ covered: true, partial: false });
  });

  it('sums walked/feasible, counts the paths, and lists the SPEC sections with their walked transitions', () => {
    const infeasible = 1;
    const feasible = pairKeys.length - infeasible;
    expect(section(doc, 'save').querySelector('.figures')?.textContent).toContain(
      `transition pairs 2/${feasible} (+1 infeasible), guard outcomes 1/2`,
    );
    const summary = doc.querySelector('table.summary tbody tr');
    expect(summary?.textContent).toContain('6 / 4 / 3 (7)');
    const spec = [...doc.querySelectorAll<HTMLTableRowElement>('table.spec tbody tr')].map((tr) => [...tr.cells].map((c) => c.textContent));
    expect(spec).toEqual([['§4 Saving', 'save', '4/5']]);
    expect(doc.getElementById('spec')?.nextElementSibling?.textContent).toBe(
      '1 of 1 SPEC section named by the machines have walked transitions.',
    );
  });
});

describe('SPEC sections named by the machines', () => {
  it('each SPEC-backed machine names its sections in meta.spec, in the form the page reads', async () => {
    const machines = await discoverMachines('src/machines');
    const named = new Map(machines.map((d) => [d.machine.id, specClaims(d.machine).map((c) => c.section)] as const));
    // activity, twoFactor and csvExport (Export CSV) implement features added beyond the SPEC.
    for (const [id, sections] of named) {
      if (id === 'activity' || id === 'twoFactor' || id === 'csvExport') expect(sections, id).toEqual([]);
      else expect(sections.length, id).toBeGreaterThan(0);
    }
    expect(named.get('chat')).toEqual(['§2 Assistant screen', '§4 Chat']);
    // A machine that names a section claims all its transitions.
    const chat = machines.find((d) => d.machine.id === 'chat');
    expect(specClaims(chat?.machine as AnyStateMachine)[0]?.transitions).toHaveLength(
      describeMachineGraph(chat?.machine as AnyStateMachine).transitions.length,
    );
  });
});
