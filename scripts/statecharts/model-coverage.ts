/**
 * Run after the model-based walks (`npm run test:model`). For every machine in src/machines, from
 * its report reports/model/<id>.json:
 * - states and transitions: 100% walked;
 * - transition pairs and guard outcomes (tests/support/model/criteria.ts): each one walked, or
 *   declared infeasible, with its reason, in tests/machines/infeasible.json, or listed as a gap (on
 *   the console and the page; a gap fails the check only with `--strict`, as not every walk plans
 *   for pairs yet); a declaration that names nothing the machine has, or that a walk took after
 *   all, is always an error;
 * - path counts of each generation walked: shortest paths, simple paths (bounded), walks, steps.
 * Writes reports/statechart-coverage.json and the coverage page reports/statecharts/index.html
 * (diagrams coloured by coverage, uncovered pairs and guard outcomes drawn on them, the SPEC
 * sections with walked transitions, the path that walks each item; written on failure too).
 * Options: `--machines <dir>`, `--reports <dir>`, `--infeasible <file>`, `--out <file>`, `--html <dir>`, `--strict`.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describeMachineGraph } from '../../src/dev/statechart/machineGraph';
import { guardOutcomes, transitionPairs } from '../../tests/support/model/criteria';
import { parseModelReport } from '../../tests/support/model/report';
import type { ModelReport, PlanFigures } from '../../tests/support/model/report';
import { writeCoveragePage } from './coverage-html';
import type { MachineCoverage } from './coverage-html';
import { discoverMachines } from './discover';
import { judge, readInfeasible, suggestEntry } from './infeasible';
import type { CriterionFigures } from './infeasible';
import { specClaims } from './spec-sections';

interface Figures {
  covered: number;
  total: number;
}

function option(name: string, fallback: string): string {
  const i = process.argv.indexOf(name);
  return (i >= 0 ? process.argv[i + 1] : undefined) ?? fallback;
}

function readReport(file: string): ModelReport | string {
  if (!existsSync(file)) return 'no report (is there a model-based test in tests/machines walking it?)';
  return parseModelReport(readFileSync(file, 'utf8'));
}

const pct = (f: Figures): string => (f.total === 0 ? '100.0%' : `${((100 * f.covered) / f.total).toFixed(1)}%`);
const frac = (f: Figures): string => `${f.covered}/${f.total}`;

/** Walked / feasible (and how many are declared infeasible). */
const criterionCell = (f: CriterionFigures): string =>
  `${f.covered}/${f.total - f.infeasible}${f.infeasible > 0 ? ` (+${f.infeasible} inf.)` : ''}`;

function pathsCell(plans: readonly PlanFigures[]): string {
  if (plans.length === 0) return '-';
  const shortest = plans.reduce((n, p) => n + p.shortest, 0);
  const capped = plans.some((p) => p.simple.capped);
  const simple = capped
    ? `>${Math.max(...plans.map((p) => p.simple.bound)).toLocaleString('en-US')}`
    : String(plans.reduce((n, p) => n + p.simple.count, 0));
  const walks = plans.reduce((n, p) => n + p.paths, 0);
  const steps = plans.reduce((n, p) => n + p.steps, 0);
  return `${shortest} / ${simple} / ${walks}w ${steps}s`;
}

async function main(): Promise<number> {
  const machinesDir = option('--machines', 'src/machines');
  const reportsDir = resolve(option('--reports', 'reports/model'));
  const infeasibleFile = resolve(option('--infeasible', 'tests/machines/infeasible.json'));
  const outFile = resolve(option('--out', 'reports/statechart-coverage.json'));
  const htmlDir = resolve(option('--html', 'reports/statecharts'));
  const strict = process.argv.includes('--strict');
  const openGaps: string[] = [];
  const machines = await discoverMachines(machinesDir);
  if (machines.length === 0) {
    console.error(`No machines found in ${machinesDir}.`);
    return 1;
  }
  const infeasible = readInfeasible(infeasibleFile);
  const problems: string[] = [];
  for (const id of new Set([...infeasible.pairs.keys(), ...infeasible.guards.keys()])) {
    if (!machines.some((m) => m.machine.id === id)) problems.push(`${relative(process.cwd(), infeasibleFile)}: no machine "${id}"`);
  }

  const rows: string[][] = [];
  const out: Array<
    { id: string; states: Figures; transitions: Figures; pairs: CriterionFigures; guards: CriterionFigures } & Record<string, unknown>
  > = [];
  const page: MachineCoverage[] = [];
  for (const { machine } of machines) {
    const graph = describeMachineGraph(machine);
    const pairKeys = transitionPairs(machine, graph).map((p) => p.key);
    const guardKeys = guardOutcomes(machine, graph).map((g) => g.key);
    const parsed = readReport(join(reportsDir, `${machine.id}.json`));
    const report = typeof parsed === 'string' ? undefined : parsed;
    let status: MachineCoverage['status'] = 'ok';
    const mine: string[] = [];
    /** Pair and guard-outcome gaps: reported (and drawn) always, failing the check only with --strict. */
    const open: string[] = [];
    if (!report) {
      status = 'NO REPORT';
      mine.push(parsed as string);
    } else if (
      report.states.total !== graph.states.length ||
      report.transitions.total !== graph.transitions.length ||
      report.pairs?.total !== pairKeys.length ||
      report.guards?.total !== guardKeys.length
    ) {
      status = 'STALE';
      mine.push(
        `report totals (${report.states.total} states, ${report.transitions.total} transitions, ${report.pairs?.total ?? '?'} pairs, ${
          report.guards?.total ?? '?'
        } guard outcomes) differ from the machine (${graph.states.length}, ${graph.transitions.length}, ${pairKeys.length}, ${guardKeys.length}); rerun the model tests`,
      );
    }
    const measured = status === 'ok';
    const states = { covered: measured ? (report?.states.covered ?? 0) : 0, total: graph.states.length };
    const transitions = { covered: measured ? (report?.transitions.covered ?? 0) : 0, total: graph.transitions.length };
    const pairs = judge(
      pairKeys,
      new Set(report?.pairs?.missing ?? pairKeys),
      infeasible.pairs.get(machine.id) ?? new Map(),
      measured,
      'pair',
    );
    const guards = judge(
      guardKeys,
      new Set(report?.guards?.missing ?? guardKeys),
      infeasible.guards.get(machine.id) ?? new Map(),
      measured,
      'guard outcome',
    );
    if (measured) {
      const missing = [
        ...(report?.states.missing ?? []).map((s) => `state ${s}`),
        ...(report?.transitions.missing ?? []).map((t) => `transition ${t}`),
      ];
      if (missing.length > 0) {
        status = 'GAPS';
        mine.push(`not walked:\n${missing.map((m) => `      - ${m}`).join('\n')}`);
      }
      const criteriaGaps = [...pairs.gaps.map((p) => `pair ${p}`), ...guards.gaps.map((g) => `guard outcome ${g}`)];
      if (criteriaGaps.length > 0) {
        status = 'GAPS';
        const text = `${criteriaGaps.length} not walked and not declared infeasible:\n${criteriaGaps.map((m) => `      - ${m}`).join('\n')}\n    walk them (give the walk the events that reach them), or, if no walk can, add to ${relative(
          process.cwd(),
          infeasibleFile,
        )} under "${machine.id}":\n${suggestEntry(pairs.gaps, guards.gaps)}`;
        (strict ? mine : open).push(text);
      }
      const declarationProblems = [...pairs.problems, ...guards.problems];
      if (declarationProblems.length > 0) {
        status = 'GAPS';
        mine.push(...declarationProblems);
      }
    }
    for (const m of mine) problems.push(`${machine.id}: ${m}`);
    for (const m of open) openGaps.push(`${machine.id}: ${m}`);
    const plans = report?.plans ?? [];
    const spec = specClaims(machine);
    out.push({
      id: machine.id,
      states,
      transitions,
      pairs: pairs.figures,
      guards: guards.figures,
      plans,
      spec: spec.map((c) => ({ section: c.section, state: c.state })),
      status,
    });
    page.push({
      machine,
      report,
      status,
      ...(mine.length + open.length > 0 ? { problem: [...mine, ...open].join('\n') } : {}),
      pairs: pairs.items,
      guards: guards.items,
    });
    rows.push([
      machine.id,
      frac(states),
      frac(transitions),
      criterionCell(pairs.figures),
      criterionCell(guards.figures),
      pathsCell(plans),
      status,
    ]);
  }

  mkdirSync(dirname(outFile), { recursive: true });
  writeFileSync(outFile, `${JSON.stringify({ machines: out })}\n`);
  const pageFile = writeCoveragePage(htmlDir, page);

  const header = ['machine', 'states', 'transitions', 'pairs', 'guard outcomes', 'paths: shortest / simple / walks, steps', 'status'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]): string => cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join('  ');
  console.log('\nStatechart coverage (model-based tests)');
  console.log(line(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const r of rows) console.log(line(r));
  const sum = (pick: (m: (typeof out)[number]) => Figures): Figures =>
    out.reduce((acc, m) => ({ covered: acc.covered + pick(m).covered, total: acc.total + pick(m).total }), { covered: 0, total: 0 });
  const sumInf = (pick: (m: (typeof out)[number]) => CriterionFigures): number => out.reduce((n, m) => n + pick(m).infeasible, 0);
  const pairsAll = sum((m) => m.pairs);
  const guardsAll = sum((m) => m.guards);
  const pairsInf = sumInf((m) => m.pairs);
  const guardsInf = sumInf((m) => m.guards);
  console.log(
    `\nstates ${frac(sum((m) => m.states))}, transitions ${frac(sum((m) => m.transitions))}, ` +
      `pairs ${pairsAll.covered}/${pairsAll.total - pairsInf} feasible (${pct({ covered: pairsAll.covered, total: pairsAll.total - pairsInf })}; ${pairsInf} of ${pairsAll.total} declared infeasible), ` +
      `guard outcomes ${guardsAll.covered}/${guardsAll.total - guardsInf} feasible (${guardsInf} of ${guardsAll.total} declared infeasible) — written to ${relative(process.cwd(), outFile)}`,
  );
  console.log(
    'paths: shortest = one per distinct edge; simple = no state twice, counted up to the bound (">" when it stops the count); w/s = the covering walks and their steps.',
  );
  console.log(`Coverage page: ${relative(process.cwd(), pageFile)} (open it in a browser; works from file://)`);

  if (openGaps.length > 0) {
    console.log(
      `\nTransition pairs and guard outcomes neither walked nor declared infeasible (listed here and on the page; \`--strict\` fails on them):\n${openGaps
        .map((p) => `  - ${p}`)
        .join('\n')}`,
    );
  }
  if (problems.length > 0) {
    console.error(`\nModel coverage below 100%:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    return 1;
  }
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
